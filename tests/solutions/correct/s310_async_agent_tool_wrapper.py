# Style: written for an agent framework: the three synchronous functions of the lesson, plus an async tool handler
# of the kind an MCP server registers (it parses a JSON tool call and awaits nothing but the dispatcher), a TOOLS
# registry, a Protocol for the host session, and an async main() demo run with asyncio.run under the main guard.
"""set_ticket as an agent tool: validation, fingerprints and an idempotent dispatcher."""
from __future__ import annotations

import asyncio
import hashlib
import json
import re
from typing import Any, Awaitable, Callable, Protocol

ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST_PATTERN = re.compile(r"[0-9a-f]{64}")
TOOL_NAME = "set_ticket"


class HostSession(Protocol):
    actor: str
    approved: set[str]
    state: dict[str, Any]
    completed: dict[str, Any]


def _is_id(value: Any, pattern: re.Pattern[str] = ID_PATTERN) -> bool:
    return isinstance(value, str) and value.isascii() and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal: Any) -> dict[str, Any]:
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal must have exactly call_id, actor, name, version and arguments")
    if not all(_is_id(proposal[key]) for key in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor and name must be ASCII identifiers of at most 40 characters")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("version must be an int between 0 and 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must have exactly ticket and status")
    if not _is_id(arguments["ticket"], TICKET_PATTERN):
        raise ValueError("ticket must be lowercase letters, digits and dashes")
    if arguments["status"] not in ("open", "done") or type(arguments["status"]) is not str:
        raise ValueError("status must be 'open' or 'done'")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal: Any) -> str:
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def _validate_host(actor: Any, approved: Any, state: Any, completed: Any) -> None:
    if not _is_id(actor):
        raise ValueError("host actor must be an identifier")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 fingerprints")
    if not all(_is_id(item, DIGEST_PATTERN) for item in approved):
        raise ValueError("approved may only hold SHA-256 hex digests")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state must have exactly version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version must be an int between 0 and 1000001")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state must hold between 1 and 16 tickets")
    for ticket, status in tickets.items():
        if not _is_id(ticket, TICKET_PATTERN) or type(status) is not str or status not in ("open", "done"):
            raise ValueError(f"invalid ticket entry {ticket!r}: {status!r}")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal: Any, actor: Any, approved: Any, state: Any, completed: Any) -> dict[str, Any]:
    _validate_host(actor, approved, state, completed)
    proposal = validate_ticket_proposal(proposal)
    if proposal["actor"] != actor:
        return {"status": "forbidden"}
    if proposal["name"] != TOOL_NAME:
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(proposal)
    call_id = proposal["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        return {**completed[call_id]["result"], "replayed": True}
    if proposal["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, status = proposal["arguments"]["ticket"], proposal["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[call_id] = {"fingerprint": fingerprint, "result": dict(result)}
    return result


async def handle_tool_call(session: HostSession, call_id: str, name: str, arguments_json: str,
                           version: int) -> dict[str, Any]:
    """What the agent loop awaits for a tool call: the model's claim is built into a proposal, the host decides."""
    try:
        arguments = json.loads(arguments_json)
    except json.JSONDecodeError as error:
        return {"status": "invalid-arguments", "detail": str(error)}
    proposal = {"call_id": call_id, "actor": session.actor, "name": name, "version": version,
                "arguments": arguments}
    try:
        return dispatch_ticket(proposal, session.actor, session.approved, session.state, session.completed)
    except ValueError as error:
        return {"status": "invalid-proposal", "detail": str(error)}
    finally:
        await asyncio.sleep(0)  # give other tool calls of the agent loop a turn


TOOLS: dict[str, Callable[..., Awaitable[dict[str, Any]]]] = {TOOL_NAME: handle_tool_call}


async def main() -> None:
    class Session:
        actor = "learner"
        approved: set[str] = set()
        state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
        completed: dict[str, Any] = {}

    proposal = {"call_id": "c1", "actor": "learner", "name": TOOL_NAME, "version": 0,
                "arguments": {"ticket": "lamp", "status": "done"}}
    Session.approved.add(proposal_fingerprint(proposal))
    first = await TOOLS[TOOL_NAME](Session, "c1", TOOL_NAME, '{"ticket": "lamp", "status": "done"}', 0)
    again = await TOOLS[TOOL_NAME](Session, "c1", TOOL_NAME, '{"ticket": "lamp", "status": "done"}', 0)
    print(first["status"], again["replayed"], Session.state)


if __name__ == "__main__":
    asyncio.run(main())
