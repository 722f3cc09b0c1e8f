"""TypedDict/NamedTuple annotations, dataclasses.asdict/replace, Counter key checks, a JSONEncoder
instance, usedforsecurity, sys.stdout.write debugging, % formatting, add_note, raise from None."""
from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import sys
from collections import Counter
from typing import Final, Literal, NamedTuple, TypedDict

Status = Literal["open", "done"]


class Arguments(TypedDict):
    ticket: str
    status: Status


class Proposal(TypedDict):
    call_id: str
    actor: str
    name: str
    version: int
    arguments: Arguments


class Limits(NamedTuple):
    version: int = 1_000_000
    approvals: int = 64
    tickets: int = 16
    rows: int = 64


LIMITS: Final = Limits()
FIELDS: Final = Counter(["call_id", "actor", "name", "version", "arguments"])
ENCODER: Final = json.JSONEncoder(sort_keys=True, ensure_ascii=True, separators=(",", ":"))
DEBUG = False


@dataclasses.dataclass
class Outcome:
    status: str
    version: int
    ticket: str
    value: str
    replayed: bool = False


def _ok(pattern: str, value: object) -> bool:
    return isinstance(value, str) and not isinstance(value, bool) and re.fullmatch(pattern, value, re.ASCII) is not None


def validate_ticket_proposal(proposal: object) -> Proposal:
    try:
        if not isinstance(proposal, dict) or Counter(proposal.keys()) != FIELDS:
            raise ValueError("velden: %r" % (proposal,))
        for key in ("call_id", "actor", "name"):
            if not _ok(r"[A-Za-z][A-Za-z0-9_\-]{0,39}", proposal[key]):
                raise ValueError("%s ongeldig" % key)
        version = proposal["version"]
        if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= LIMITS.version:
            raise ValueError("versie %r" % (version,))
        arguments = proposal["arguments"]
        if not isinstance(arguments, dict) or Counter(arguments.keys()) != Counter(("ticket", "status")):
            raise ValueError("arguments")
        if not _ok(r"[a-z][a-z0-9\-]{0,31}", arguments["ticket"]):
            raise ValueError("ticket")
        if not _ok(r"open|done", arguments["status"]):
            raise ValueError("status")
    except (TypeError, KeyError) as problem:
        error = ValueError("onverwachte vorm")
        error.add_note(str(problem))
        raise error from None
    clean: Proposal = {
        "call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
        "version": proposal["version"],
        "arguments": Arguments(ticket=arguments["ticket"], status=arguments["status"]),
    }
    return clean


def proposal_fingerprint(proposal: object) -> str:
    body = ENCODER.encode(validate_ticket_proposal(proposal)).encode("utf-8")
    return hashlib.sha256(body, usedforsecurity=False).hexdigest()


def _host(actor: object, approved: object, state: object, completed: object) -> None:
    if not _ok(r"[A-Za-z][A-Za-z0-9_-]{0,39}", actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > LIMITS.approvals:
        raise ValueError("approved")
    if any(not _ok(r"[0-9a-f]{64}", item) for item in approved):
        raise ValueError("approved hex")
    if not isinstance(state, dict) or Counter(state.keys()) != Counter(("version", "tickets")):
        raise ValueError("state")
    version, tickets = state["version"], state["tickets"]
    if type(version) is not int or not 0 <= version <= LIMITS.version + 1:
        raise ValueError("state version")
    if not isinstance(tickets, dict) or not 0 < len(tickets) <= LIMITS.tickets:
        raise ValueError("tickets")
    if not all(_ok(r"[a-z][a-z0-9-]{0,31}", k) and _ok("open|done", v) for k, v in tickets.items()):
        raise ValueError("ticket pairs")
    if not isinstance(completed, dict) or len(completed) > LIMITS.rows:
        raise ValueError("completed")


def dispatch_ticket(proposal: object, actor: object, approved: object, state: object, completed: object) -> dict:
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    if DEBUG:
        sys.stdout.write("dispatch %s\n" % clean["call_id"])
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dataclasses.asdict(dataclasses.replace(row["outcome"], replayed=True))
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= LIMITS.rows:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    outcome = Outcome("ok", state["version"], ticket, value)
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dataclasses.asdict(outcome), "outcome": outcome}
    return dataclasses.asdict(outcome)
