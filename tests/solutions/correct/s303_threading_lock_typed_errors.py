# Style: a code assistant's "production-ready" module: from __future__ annotations, __all__, a small exception
# hierarchy raised with `raise ... from`, TypedDict/Literal/Final types, a module-level threading.RLock around
# the dispatcher (the lesson mentions concurrent execution) and a __main__ demo that replays the lesson.
"""Ticket proposals: validation, fingerprints and an idempotent dispatcher.

The dispatcher holds a re-entrant lock while it reads and writes the host's state, so two threads
of one host cannot both apply the same call.
"""
from __future__ import annotations

import hashlib
import json
import re
import threading
from typing import Any, Final, Literal, TypedDict

__all__ = [
    "ProposalError",
    "HostInputError",
    "validate_ticket_proposal",
    "proposal_fingerprint",
    "dispatch_ticket",
]

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


class ProposalError(ValueError):
    """The proposal does not have the exact shape of the contract."""


class HostInputError(ValueError):
    """One of the host's own inputs (actor, approvals, state, log) is malformed."""


_ID_PATTERN: Final = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}", re.ASCII)
_TICKET_PATTERN: Final = re.compile(r"[a-z][a-z0-9-]{0,31}", re.ASCII)
_DIGEST_PATTERN: Final = re.compile(r"[0-9a-f]{64}", re.ASCII)

_PROPOSAL_KEYS: Final = frozenset({"call_id", "actor", "name", "version", "arguments"})
_ARGUMENT_KEYS: Final = frozenset({"ticket", "status"})
_STATUSES: Final = ("open", "done")
_TOOL: Final = "set_ticket"
_MAX_VERSION: Final = 1_000_000
_MAX_APPROVALS: Final = 64
_MAX_LOG: Final = 64
_MAX_TICKETS: Final = 16

_dispatch_lock = threading.RLock()


def _match(pattern: re.Pattern[str], value: object, what: str, error: type[ValueError]) -> str:
    if not isinstance(value, str):
        raise error(f"{what} must be a string, got {type(value).__name__}")
    if pattern.fullmatch(value) is None:
        raise error(f"{what} has an invalid format: {value!r}")
    return value


def _status(value: object, error: type[ValueError]) -> Status:
    if not isinstance(value, str) or value not in _STATUSES:
        raise error(f"status must be 'open' or 'done', got {value!r}")
    return value  # type: ignore[return-value]


def validate_ticket_proposal(proposal: Any) -> Proposal:
    """Return a new, validated copy of ``proposal``; raise ProposalError (a ValueError) otherwise."""
    if not isinstance(proposal, dict):
        raise ProposalError("a proposal must be a dict")
    if set(proposal) != _PROPOSAL_KEYS:
        raise ProposalError(f"expected exactly the fields {sorted(_PROPOSAL_KEYS)}")
    call_id = _match(_ID_PATTERN, proposal["call_id"], "call_id", ProposalError)
    actor = _match(_ID_PATTERN, proposal["actor"], "actor", ProposalError)
    name = _match(_ID_PATTERN, proposal["name"], "name", ProposalError)
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= _MAX_VERSION:
        raise ProposalError(f"version must be an int in 0..{_MAX_VERSION}")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != _ARGUMENT_KEYS:
        raise ProposalError("arguments must hold exactly 'ticket' and 'status'")
    ticket = _match(_TICKET_PATTERN, arguments["ticket"], "ticket", ProposalError)
    status = _status(arguments["status"], ProposalError)
    return {
        "call_id": call_id,
        "actor": actor,
        "name": name,
        "version": version,
        "arguments": {"ticket": ticket, "status": status},
    }


def _canonical_bytes(proposal: Proposal) -> bytes:
    text = json.dumps(proposal, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return text.encode("ascii")


def proposal_fingerprint(proposal: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of the validated proposal."""
    return hashlib.sha256(_canonical_bytes(validate_ticket_proposal(proposal))).hexdigest()


def _check_host_inputs(actor: object, approved: object, state: object, completed: object) -> None:
    try:
        _match(_ID_PATTERN, actor, "host actor", HostInputError)
    except HostInputError as exc:
        raise HostInputError("the host actor is not a valid id") from exc
    if not isinstance(approved, set) or len(approved) > _MAX_APPROVALS:
        raise HostInputError(f"approved must be a set of at most {_MAX_APPROVALS} fingerprints")
    for digest in approved:
        _match(_DIGEST_PATTERN, digest, "approval", HostInputError)
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise HostInputError("state must hold exactly 'version' and 'tickets'")
    version = state["version"]
    if type(version) is not int or not 0 <= version <= _MAX_VERSION + 1:
        raise HostInputError("state version out of range")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= _MAX_TICKETS:
        raise HostInputError(f"state must hold 1..{_MAX_TICKETS} tickets")
    for ticket, status in tickets.items():
        _match(_TICKET_PATTERN, ticket, "state ticket", HostInputError)
        _status(status, HostInputError)
    if not isinstance(completed, dict) or len(completed) > _MAX_LOG:
        raise HostInputError(f"completed must be a dict of at most {_MAX_LOG} rows")


def dispatch_ticket(proposal: Any, actor: Any, approved: Any, state: Any, completed: Any) -> dict[str, Any]:
    """Apply one approved set_ticket call to ``state`` at most once, in the lesson's check order."""
    with _dispatch_lock:
        _check_host_inputs(actor, approved, state, completed)
        clean = validate_ticket_proposal(proposal)
        if clean["actor"] != actor:
            return {"status": "forbidden"}
        if clean["name"] != _TOOL:
            return {"status": "unknown-tool"}
        fingerprint = proposal_fingerprint(clean)
        row = completed.get(clean["call_id"])
        if row is not None:
            if row["fingerprint"] != fingerprint:
                return {"status": "call-id-conflict"}
            return {**row["result"], "replayed": True}
        if clean["version"] != state["version"]:
            return {"status": "stale-version"}
        if fingerprint not in approved:
            return {"status": "approval-required"}
        ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
        if ticket not in state["tickets"]:
            return {"status": "missing-ticket"}
        if len(completed) >= _MAX_LOG:
            return {"status": "log-full"}
        state["tickets"][ticket] = status
        state["version"] += 1
        result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status,
                  "replayed": False}
        completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
        return result


if __name__ == "__main__":
    p = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0,
         "arguments": {"ticket": "lamp", "status": "done"}}
    clean = validate_ticket_proposal(p)
    p["arguments"]["status"] = "open"
    print(clean["arguments"]["status"])
    p = clean
    approved = {proposal_fingerprint(p)}
    state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
    log: dict[str, Any] = {}
    r = dispatch_ticket(p, "learner", approved, state, log)
    print(r["status"], state["version"])
    r = dispatch_ticket(p, "learner", set(), state, log)
    print(r["replayed"], state["version"])
    assert dispatch_ticket(p, "other", set(), state, log) == {"status": "forbidden"}
