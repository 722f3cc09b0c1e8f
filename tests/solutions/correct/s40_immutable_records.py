# Style: immutable records (typing.NamedTuple for the proposal, frozen dataclass for results, read-only MappingProxyType rows); all clauses
from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import types
from typing import NamedTuple

_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
_TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
_HEX = re.compile(r"[0-9a-f]{64}")


class Arguments(NamedTuple):
    ticket: str
    status: str


class Proposal(NamedTuple):
    call_id: str
    actor: str
    name: str
    version: int
    arguments: Arguments

    def as_dict(self) -> dict:
        d = self._asdict()
        d["arguments"] = self.arguments._asdict()
        return dict(d)


@dataclasses.dataclass(frozen=True)
class Outcome:
    status: str
    version: int
    ticket: str
    value: str
    replayed: bool = False

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


def _is(pattern, value) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _record(proposal) -> Proposal:
    if not isinstance(proposal, dict) or set(proposal) != set(Proposal._fields):
        raise ValueError("a proposal has exactly the five fields")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != set(Arguments._fields):
        raise ValueError("arguments has exactly ticket and status")
    record = Proposal(proposal["call_id"], proposal["actor"], proposal["name"], proposal["version"],
                      Arguments(arguments["ticket"], arguments["status"]))
    if not (_is(_ID, record.call_id) and _is(_ID, record.actor) and _is(_ID, record.name)):
        raise ValueError("bad id")
    if type(record.version) is not int or not 0 <= record.version <= 1_000_000:
        raise ValueError("bad version")
    if not _is(_TICKET, record.arguments.ticket):
        raise ValueError("bad ticket")
    if not isinstance(record.arguments.status, str) or record.arguments.status not in ("open", "done"):
        raise ValueError("bad status")
    return record


def validate_ticket_proposal(proposal):
    return _record(proposal).as_dict()


def _digest(record: Proposal) -> str:
    text = json.dumps(record.as_dict(), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def proposal_fingerprint(proposal):
    return _digest(_record(proposal))


def _host(actor, approved, state, completed):
    if not _is(_ID, actor):
        raise ValueError("host actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_is(_HEX, d) for d in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for key, value in tickets.items():
        if not _is(_TICKET, key) or not isinstance(value, str) or value not in ("open", "done"):
            raise ValueError("ticket pair")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    record = _record(proposal)
    _host(actor, approved, state, completed)
    if record.actor != actor:
        return {"status": "forbidden"}
    if record.name != "set_ticket":
        return {"status": "unknown-tool"}
    digest = _digest(record)
    row = completed.get(record.call_id)
    if row is not None:
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        stored = row["result"]
        return dataclasses.replace(Outcome(**dict(stored)), replayed=True).as_dict()
    if record.version != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if record.arguments.ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][record.arguments.ticket] = record.arguments.status
    state["version"] += 1
    outcome = Outcome("ok", state["version"], record.arguments.ticket, record.arguments.status)
    completed[record.call_id] = types.MappingProxyType(
        {"fingerprint": digest, "result": types.MappingProxyType(outcome.as_dict())})
    return outcome.as_dict()
