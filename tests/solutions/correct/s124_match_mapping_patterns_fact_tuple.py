"""Structural pattern matching all the way: mapping patterns with **rest for exact key sets, builtin class
patterns (str(), bool(), int()) with guards, match on the host's inputs, and the status decision as one
match over a tuple of facts."""
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX = re.compile(r"[0-9a-f]{64}")


def _id(value):
    match value:
        case str() if ID.fullmatch(value):
            return value
    raise ValueError(f"invalid id: {value!r}")


def validate_ticket_proposal(proposal):
    match proposal:
        case dict():
            pass
        case _:
            raise ValueError("proposal must be a dict")
    match proposal:
        case {"call_id": call_id, "actor": actor, "name": name, "version": version,
              "arguments": {"ticket": str() as ticket, "status": "open" | "done" as status} as arguments,
              **rest} if not rest and len(arguments) == 2 and type(arguments) is dict:
            pass
        case _:
            raise ValueError("proposal does not have the expected shape")
    match version:
        case bool():
            raise ValueError("version must not be a bool")
        case int() if 0 <= version <= 1_000_000:
            pass
        case _:
            raise ValueError("version out of range")
    if type(status) is not str:
        raise ValueError("status must be a str")
    if not TICKET.fullmatch(ticket):
        raise ValueError("invalid ticket")
    return {"call_id": _id(call_id), "actor": _id(actor), "name": _id(name), "version": version,
            "arguments": {"ticket": ticket, "status": status}}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _host(actor, approved, state, completed):
    _id(actor)
    match approved:
        case set() if len(approved) <= 64 and all(isinstance(a, str) and HEX.fullmatch(a) for a in approved):
            pass
        case _:
            raise ValueError("approved must be a set of at most 64 sha256 hex strings")
    match state:
        case {"version": bool()}:
            raise ValueError("state version must not be a bool")
        case {"version": int() as version, "tickets": dict() as tickets, **rest} if (
                not rest and type(state) is dict and 0 <= version <= 1_000_001 and 1 <= len(tickets) <= 16):
            pass
        case _:
            raise ValueError("state must hold version and 1..16 tickets")
    for name, status in tickets.items():
        match name, status:
            case str(), str() if TICKET.fullmatch(name) and status in ("open", "done"):
                pass
            case _:
                raise ValueError("invalid ticket entry")
    match completed:
        case dict() if len(completed) <= 64:
            pass
        case _:
            raise ValueError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    digest = proposal_fingerprint(p)
    row = completed.get(p["call_id"])
    ticket, value = p["arguments"]["ticket"], p["arguments"]["status"]
    facts = (p["actor"] == actor, p["name"] == "set_ticket", row, p["version"] == state["version"],
             digest in approved, ticket in state["tickets"], len(completed) < 64)
    match facts:
        case (False, *_):
            return {"status": "forbidden"}
        case (_, False, *_):
            return {"status": "unknown-tool"}
        case (_, _, {"fingerprint": stored, "result": result}, *_):
            if stored != digest:
                return {"status": "call-id-conflict"}
            return {**result, "replayed": True}
        case (_, _, _, False, *_):
            return {"status": "stale-version"}
        case (_, _, _, _, False, *_):
            return {"status": "approval-required"}
        case (_, _, _, _, _, False, _):
            return {"status": "missing-ticket"}
        case (_, _, _, _, _, _, False):
            return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
