"""Enum-minded, with the enum module's hooks: the statuses are an Enum whose _missing_ classmethod turns any unknown
value into a ValueError with a helpful message (Status(['open']) included), the known tools are checked with
`name in Tool._value2member_map_` (a well-known idiom) and the fields listed from Field._member_names_."""
import hashlib
import json
import re
from enum import Enum


class Status(Enum):
    OPEN = "open"
    DONE = "done"

    @classmethod
    def _missing_(cls, value):
        allowed = ", ".join(repr(member.value) for member in cls)
        raise ValueError(f"status must be one of {allowed}, not {value!r}")


class Tool(Enum):
    SET_TICKET = "set_ticket"


class Field(Enum):
    call_id = "call_id"
    actor = "actor"
    name = "name"
    version = "version"
    arguments = "arguments"


ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")
FIELDS = set(Field.__members__)


def _text(value, pattern, what):
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        raise ValueError(f"invalid {what}: {value!r}")
    return value


def _status(value):
    if not isinstance(value, str):
        raise ValueError(f"status must be a str, not {type(value).__name__}")
    return Status(value).value


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("a proposal has exactly the fields " + ", ".join(Field._member_names_))
    for field in ("call_id", "actor", "name"):
        _text(proposal[field], ID, field)
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("version must be an int from 0 to 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments has exactly ticket and status")
    ticket = _text(arguments["ticket"], TICKET, "ticket")
    return {**proposal, "arguments": {"ticket": ticket, "status": _status(arguments["status"])}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    _text(actor, ID, "actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    for digest in approved:
        _text(digest, DIGEST, "approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state has exactly version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version out of range")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets must hold 1 to 16 tickets")
    for ticket, status in tickets.items():
        _text(ticket, TICKET, "ticket")
        _status(status)
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed holds at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] not in Tool._value2member_map_:
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
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
