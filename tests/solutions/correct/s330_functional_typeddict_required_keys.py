# Style: the shapes written with TypedDict's call syntax (TypedDict("Proposal", {...})), the exact key sets read off
# them as __required_keys__ and the per-field checks driven by their __annotations__ (str fields: a pattern each;
# int fields: a range each), all in small dict tables.
import hashlib
import json
import re
from typing import Literal, TypedDict

Arguments = TypedDict("Arguments", {"ticket": str, "status": Literal["open", "done"]})
Proposal = TypedDict("Proposal", {"call_id": str, "actor": str, "name": str, "version": int, "arguments": Arguments})
State = TypedDict("State", {"version": int, "tickets": dict})

PATTERNS = {
    "call_id": re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}"),
    "actor": re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}"),
    "name": re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}"),
    "ticket": re.compile(r"[a-z][a-z0-9-]{0,31}"),
}
RANGES = {"Proposal.version": range(0, 1_000_001), "State.version": range(0, 1_000_002)}
STATUSES = ("open", "done")
DIGEST = re.compile(r"[0-9a-f]{64}")


def _shape(value, shape):
    """Raise ValueError unless value is a dict with exactly the shape's keys."""
    if not isinstance(value, dict) or set(value) != set(shape.__required_keys__):
        raise ValueError(f"{shape.__name__} must be a dict with exactly {sorted(shape.__required_keys__)}")


def _field(shape, key, value):
    kind = shape.__annotations__[key]
    if kind is str or key in PATTERNS:
        if not isinstance(value, str) or PATTERNS[key].fullmatch(value) is None:
            raise ValueError(f"{shape.__name__}.{key} is not valid")
    elif kind is int:
        if type(value) is not int or value not in RANGES[f"{shape.__name__}.{key}"]:
            raise ValueError(f"{shape.__name__}.{key} is out of range")
    elif key == "status":
        if not isinstance(value, str) or value not in STATUSES:
            raise ValueError("status must be open or done")


def validate_ticket_proposal(proposal):
    _shape(proposal, Proposal)
    _shape(proposal["arguments"], Arguments)
    for key in ("call_id", "actor", "name", "version"):
        _field(Proposal, key, proposal[key])
    for key in ("ticket", "status"):
        _field(Arguments, key, proposal["arguments"][key])
    return {**proposal, "arguments": dict(proposal["arguments"])}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    _field(Proposal, "actor", actor)
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    if not all(isinstance(digest, str) and DIGEST.fullmatch(digest) for digest in approved):
        raise ValueError("approved holds something that is no SHA-256 hex digest")
    _shape(state, State)
    _field(State, "version", state["version"])
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state tickets must be a dict of 1 to 16 tickets")
    for ticket, status in tickets.items():
        _field(Arguments, "ticket", ticket)
        _field(Arguments, "status", status)
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
