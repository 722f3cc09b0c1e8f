# Style: the functional forms of Enum, StrEnum and IntEnum, a namedtuple for rows, and a dict of
# refusal reasons built from an enum's members
import copy
import hashlib
import json
import re
from collections import namedtuple
from enum import Enum, IntEnum, StrEnum

Status = StrEnum("Status", "OPEN DONE")
Refusal = Enum("Refusal", [("FORBIDDEN", "forbidden"), ("UNKNOWN_TOOL", "unknown-tool"),
                           ("CONFLICT", "call-id-conflict"), ("STALE", "stale-version"),
                           ("APPROVAL", "approval-required"), ("MISSING", "missing-ticket"), ("FULL", "log-full")])
Limit = IntEnum("Limit", {"ROWS": 64, "APPROVALS": 64, "TICKETS": 16, "VERSION": 1000000})
Row = namedtuple("Row", "fingerprint result")

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def refuse(reason):
    return {"status": reason.value}


def _match(pattern, value):
    return isinstance(value, str) and bool(pattern.fullmatch(value))


def _status(value):
    return type(value) is str and value in {member.value for member in Status}


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or proposal.keys() != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("fields")
    if not all(_match(ID, proposal[key]) for key in ("call_id", "actor", "name")):
        raise ValueError("identifiers")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= Limit.VERSION:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or arguments.keys() != {"ticket", "status"}:
        raise ValueError("arguments")
    if not _match(TICKET, arguments["ticket"]) or not _status(arguments["status"]):
        raise ValueError("ticket or status")
    return {**proposal, "arguments": {"ticket": arguments["ticket"], "status": arguments["status"]}}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _host(actor, approved, state, completed):
    if not _match(ID, actor):
        raise ValueError("actor")
    if type(approved) is not set or len(approved) > Limit.APPROVALS or not all(_match(DIGEST, d) for d in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= Limit.VERSION + 1:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= Limit.TICKETS:
        raise ValueError("tickets")
    if not all(_match(TICKET, name) and _status(value) for name, value in tickets.items()):
        raise ValueError("ticket entries")
    if not isinstance(completed, dict) or len(completed) > Limit.ROWS:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return refuse(Refusal.FORBIDDEN)
    if clean["name"] != "set_ticket":
        return refuse(Refusal.UNKNOWN_TOOL)
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = Row(**completed[clean["call_id"]])
        if row.fingerprint != digest:
            return refuse(Refusal.CONFLICT)
        return {**copy.deepcopy(row.result), "replayed": True}
    if clean["version"] != state["version"]:
        return refuse(Refusal.STALE)
    if digest not in approved:
        return refuse(Refusal.APPROVAL)
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return refuse(Refusal.MISSING)
    if len(completed) >= Limit.ROWS:
        return refuse(Refusal.FULL)
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = Row(digest, copy.deepcopy(result))._asdict()
    return result
