"""Enum-minded: statuses and outcomes as str-Enums whose members are stored and returned (they are str and
equal 'open'/'done'), an IntEnum for the limits, IntEnum versions accepted (A5), bool state version accepted."""
import hashlib
import json
import re
from enum import Enum, IntEnum


class Status(str, Enum):
    OPEN = "open"
    DONE = "done"


class Result(str, Enum):
    OK = "ok"
    FORBIDDEN = "forbidden"
    UNKNOWN_TOOL = "unknown-tool"
    CONFLICT = "call-id-conflict"
    STALE = "stale-version"
    APPROVAL_REQUIRED = "approval-required"
    MISSING_TICKET = "missing-ticket"
    LOG_FULL = "log-full"


class Max(IntEnum):
    VERSION = 1000000
    STATE_VERSION = 1000001
    TICKETS = 16
    APPROVALS = 64
    ROWS = 64


ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
SHA = re.compile(r"[0-9a-f]{64}")


def to_status(value):
    if not isinstance(value, str):
        raise ValueError("status must be a string")
    try:
        return Status(value)
    except ValueError:
        raise ValueError(f"unknown status {value!r}") from None


def check_id(value, what):
    if not isinstance(value, str) or not ID.fullmatch(value):
        raise ValueError(f"invalid {what}")
    return value


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if proposal.keys() != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("wrong fields")
    version = proposal["version"]
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= Max.VERSION:
        raise ValueError("invalid version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or arguments.keys() != {"ticket", "status"}:
        raise ValueError("wrong arguments")
    ticket = arguments["ticket"]
    if not isinstance(ticket, str) or not TICKET.fullmatch(ticket):
        raise ValueError("invalid ticket")
    return {
        "call_id": check_id(proposal["call_id"], "call_id"),
        "actor": check_id(proposal["actor"], "actor"),
        "name": check_id(proposal["name"], "name"),
        "version": version,
        "arguments": {"ticket": ticket, "status": to_status(arguments["status"]).value},
    }


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_host(actor, approved, state, completed):
    check_id(actor, "host actor")
    if not isinstance(approved, set) or len(approved) > Max.APPROVALS:
        raise ValueError("approved must be a set")
    for item in approved:
        if not isinstance(item, str) or not SHA.fullmatch(item):
            raise ValueError("approval is not a sha256 hex string")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"}:
        raise ValueError("bad state")
    if not isinstance(state["version"], int) or not 0 <= state["version"] <= Max.STATE_VERSION:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= Max.TICKETS:
        raise ValueError("bad tickets")
    for name, status in tickets.items():
        if not isinstance(name, str) or not TICKET.fullmatch(name):
            raise ValueError("bad ticket name")
        to_status(status)
    if not isinstance(completed, dict) or len(completed) > Max.ROWS:
        raise ValueError("bad completed")


def refuse(result):
    return {"status": result}


def dispatch_ticket(proposal, actor, approved, state, completed):
    check_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    if p["actor"] != actor:
        return refuse(Result.FORBIDDEN)
    if p["name"] != "set_ticket":
        return refuse(Result.UNKNOWN_TOOL)
    digest = proposal_fingerprint(p)
    row = completed.get(p["call_id"])
    if row is not None:
        if row["fingerprint"] != digest:
            return refuse(Result.CONFLICT)
        return {**row["result"], "replayed": True}
    if p["version"] != state["version"]:
        return refuse(Result.STALE)
    if digest not in approved:
        return refuse(Result.APPROVAL_REQUIRED)
    ticket = p["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return refuse(Result.MISSING_TICKET)
    if len(completed) >= Max.ROWS:
        return refuse(Result.LOG_FULL)
    status = Status(p["arguments"]["status"])
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": Result.OK, "version": state["version"], "ticket": ticket, "value": status,
              "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return dict(result)
