# Style: an MCP-flavoured tool server: a module-level asyncio.Lock serialises the async tool entry point, a
# ToolServer class keeps the host session and registers tools with a decorator, exceptions of its own (a
# ProposalError hierarchy based on ValueError) carry the field that failed, and the lesson's three synchronous
# functions do the work.
from __future__ import annotations

import asyncio
import hashlib
import json
import re
from typing import Any, Awaitable, Callable

_LOCK = asyncio.Lock()

IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}", re.ASCII)
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}", re.ASCII)
SHA256_HEX = re.compile(r"[0-9a-f]{64}", re.ASCII)


class ProposalError(ValueError):
    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field


class HostInputError(ProposalError):
    pass


def _text(value: Any, pattern: re.Pattern[str], field: str, error: type[ProposalError] = ProposalError) -> str:
    if not isinstance(value, str):
        raise error(field, f"expected a string, got {type(value).__name__}")
    if not pattern.fullmatch(value):
        raise error(field, f"{value!r} is not allowed")
    return value


def _keys(value: Any, keys: set[str], field: str, error: type[ProposalError] = ProposalError) -> dict:
    if not isinstance(value, dict):
        raise error(field, "expected a dict")
    if set(value) != keys:
        raise error(field, f"expected exactly {sorted(keys)}")
    return value


def _status(value: Any, field: str, error: type[ProposalError] = ProposalError) -> str:
    if value == "open" or value == "done":
        if type(value) is str:
            return value
    raise error(field, "expected 'open' or 'done'")


def validate_ticket_proposal(proposal: Any) -> dict[str, Any]:
    _keys(proposal, {"call_id", "actor", "name", "version", "arguments"}, "proposal")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ProposalError("version", "expected an int from 0 to 1000000")
    arguments = _keys(proposal["arguments"], {"ticket", "status"}, "arguments")
    return {
        "call_id": _text(proposal["call_id"], IDENTIFIER, "call_id"),
        "actor": _text(proposal["actor"], IDENTIFIER, "actor"),
        "name": _text(proposal["name"], IDENTIFIER, "name"),
        "version": version,
        "arguments": {"ticket": _text(arguments["ticket"], TICKET, "arguments.ticket"),
                      "status": _status(arguments["status"], "arguments.status")},
    }


def proposal_fingerprint(proposal: Any) -> str:
    body = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def _check_host(actor: Any, approved: Any, state: Any, completed: Any) -> None:
    _text(actor, IDENTIFIER, "actor", HostInputError)
    if not isinstance(approved, set) or len(approved) > 64:
        raise HostInputError("approved", "expected a set of at most 64 fingerprints")
    for item in approved:
        _text(item, SHA256_HEX, "approved", HostInputError)
    _keys(state, {"version", "tickets"}, "state", HostInputError)
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise HostInputError("state.version", "expected an int from 0 to 1000001")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise HostInputError("state.tickets", "expected 1..16 tickets")
    for ticket, status in tickets.items():
        _text(ticket, TICKET, "state.tickets", HostInputError)
        _status(status, f"state.tickets[{ticket}]", HostInputError)
    if not isinstance(completed, dict) or len(completed) > 64:
        raise HostInputError("completed", "expected a dict of at most 64 rows")


def dispatch_ticket(proposal: Any, actor: Any, approved: Any, state: Any, completed: Any) -> dict[str, Any]:
    _check_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    done = completed.get(clean["call_id"])
    if done is not None:
        if done["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = dict(done["result"])
        replay["replayed"] = True
        return replay
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    for refusal, applies in (("stale-version", lambda: clean["version"] != state["version"]),
                             ("approval-required", lambda: fingerprint not in approved),
                             ("missing-ticket", lambda: ticket not in state["tickets"]),
                             ("log-full", lambda: len(completed) >= 64)):
        if applies():
            return {"status": refusal}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
    return result


class ToolServer:
    """Holds one host session; the agent loop awaits call_tool() for each tool call of the model."""

    def __init__(self, actor: str, state: dict[str, Any]) -> None:
        self.actor = actor
        self.state = state
        self.approved: set[str] = set()
        self.completed: dict[str, Any] = {}
        self.tools: dict[str, Callable[..., Awaitable[dict[str, Any]]]] = {}
        self.tool("set_ticket")(self.set_ticket)

    def tool(self, name: str) -> Callable:
        def register(handler: Callable[..., Awaitable[dict[str, Any]]]) -> Callable:
            self.tools[name] = handler
            return handler
        return register

    def approve(self, proposal: dict[str, Any]) -> str:
        fingerprint = proposal_fingerprint(proposal)
        self.approved.add(fingerprint)
        return fingerprint

    async def set_ticket(self, call_id: str, version: int, ticket: str, status: str) -> dict[str, Any]:
        proposal = {"call_id": call_id, "actor": self.actor, "name": "set_ticket", "version": version,
                    "arguments": {"ticket": ticket, "status": status}}
        async with _LOCK:
            return dispatch_ticket(proposal, self.actor, self.approved, self.state, self.completed)

    async def call_tool(self, name: str, **arguments: Any) -> dict[str, Any]:
        if name not in self.tools:
            return {"status": "unknown-tool"}
        try:
            return await self.tools[name](**arguments)
        except ProposalError as error:
            return {"status": "invalid", "field": error.field, "detail": str(error)}


async def _demo() -> None:
    server = ToolServer("learner", {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}})
    server.approve({"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0,
                    "arguments": {"ticket": "lamp", "status": "done"}})
    print(await server.call_tool("set_ticket", call_id="c1", version=0, ticket="lamp", status="done"))
    print(await server.call_tool("set_ticket", call_id="c1", version=0, ticket="lamp", status="done"))
    print(await server.call_tool("set_ticket", call_id="c2", version=1, ticket="lamp", status="OPEN"))


if __name__ == "__main__":
    asyncio.run(_demo())
