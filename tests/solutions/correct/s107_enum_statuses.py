"""Enum style: the ticket statuses are a (str, Enum), the dispatcher's outcomes a StrEnum, the limits an
IntEnum; input statuses are looked up by value (Status(x) raises ValueError for anything else)."""
import hashlib
import json
import re
from enum import Enum, IntEnum, StrEnum, auto

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


class Status(str, Enum):
    OPEN = "open"
    DONE = "done"


class Outcome(StrEnum):
    OK = auto()
    FORBIDDEN = auto()
    UNKNOWN_TOOL = "unknown-tool"
    CALL_ID_CONFLICT = "call-id-conflict"
    STALE_VERSION = "stale-version"
    APPROVAL_REQUIRED = "approval-required"
    MISSING_TICKET = "missing-ticket"
    LOG_FULL = "log-full"


class Limit(IntEnum):
    VERSION = 1_000_000
    APPROVALS = 64
    ROWS = 64
    MIN_TICKETS = 1
    MAX_TICKETS = 16


FIELDS = frozenset({"call_id", "actor", "name", "version", "arguments"})


def _identifier(value, pattern, what):
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        raise ValueError(f"{what} is not valid")
    return value


def _status(value):
    if not isinstance(value, str):
        raise ValueError("status must be a string")
    return Status(value).value  # ValueError for anything but open/done


def _count(value, top, what):
    if type(value) is not int or not 0 <= value <= top:
        raise ValueError(f"{what} out of range")
    return value


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("a proposal has exactly five fields")
    for key in ("call_id", "actor", "name"):
        _identifier(proposal[key], ID, key)
    version = _count(proposal["version"], Limit.VERSION, "version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments hold ticket and status")
    ticket = _identifier(arguments["ticket"], TICKET, "ticket")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": ticket, "status": _status(arguments["status"])}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    _identifier(actor, ID, "actor")
    if not isinstance(approved, set) or len(approved) > Limit.APPROVALS:
        raise ValueError("approved is a set of at most 64 digests")
    for digest in approved:
        _identifier(digest, DIGEST, "approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state holds version and tickets")
    _count(state["version"], Limit.VERSION + 1, "state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not Limit.MIN_TICKETS <= len(tickets) <= Limit.MAX_TICKETS:
        raise ValueError("state holds 1 to 16 tickets")
    for name, status in tickets.items():
        _identifier(name, TICKET, "ticket")
        _status(status)
    if not isinstance(completed, dict) or len(completed) > Limit.ROWS:
        raise ValueError("completed holds at most 64 rows")


def _refused(outcome):
    return {"status": outcome.value}


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return _refused(Outcome.FORBIDDEN)
    if clean["name"] != "set_ticket":
        return _refused(Outcome.UNKNOWN_TOOL)
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            return _refused(Outcome.CALL_ID_CONFLICT)
        return {**row["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return _refused(Outcome.STALE_VERSION)
    if digest not in approved:
        return _refused(Outcome.APPROVAL_REQUIRED)
    ticket, status = clean["arguments"]["ticket"], Status(clean["arguments"]["status"])
    if ticket not in state["tickets"]:
        return _refused(Outcome.MISSING_TICKET)
    if len(completed) >= Limit.ROWS:
        return _refused(Outcome.LOG_FULL)
    state["tickets"][ticket] = status.value
    state["version"] += 1
    result = {"status": Outcome.OK.value, "version": state["version"], "ticket": ticket, "value": status.value,
              "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": dict(result)}
    return result
