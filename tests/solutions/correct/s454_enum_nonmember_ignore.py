"""Statuses and outcomes as enums: the limits kept beside the members with enum.nonmember, a table of ticket-name
patterns built in the class body with its loop names listed in _ignore_."""
import enum
import hashlib
import json
import re

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
HEX_RE = re.compile(r"[0-9a-f]{64}")


class Status(enum.Enum):
    OPEN = "open"
    DONE = "done"


class Limit(enum.IntEnum):
    _ignore_ = "part, parts"
    LOG = 64
    TICKETS = 16
    VERSION = 1_000_000
    parts = ["[a-z]", "[a-z0-9-]{0,31}"]
    TICKET_PATTERN = enum.nonmember(re.compile("".join(part for part in parts)))


class Outcome(enum.StrEnum):
    OK = enum.auto()
    FORBIDDEN = enum.auto()
    UNKNOWN_TOOL = "unknown-tool"
    CONFLICT = "call-id-conflict"
    STALE = "stale-version"
    APPROVAL = "approval-required"
    MISSING = "missing-ticket"
    FULL = "log-full"
    NAMES = enum.nonmember(("call_id", "actor", "name"))


def _ident(value):
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def _ticket(value):
    return isinstance(value, str) and Limit.TICKET_PATTERN.fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in {s.value for s in Status}


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal fields")
    for key in Outcome.NAMES:
        if not _ident(proposal[key]):
            raise ValueError(f"bad {key}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= Limit.VERSION:
        raise ValueError("bad version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not _ticket(args["ticket"]) or not _status(args["status"]):
        raise ValueError("bad ticket or status")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": args["ticket"], "status": args["status"]}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _ident(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > Limit.LOG:
        raise ValueError("approved")
    if not all(isinstance(d, str) and HEX_RE.fullmatch(d) for d in approved):
        raise ValueError("approved item")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= Limit.VERSION + 1:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= Limit.TICKETS:
        raise ValueError("tickets")
    if not all(_ticket(key) and _status(value) for key, value in tickets.items()):
        raise ValueError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > Limit.LOG:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if p["actor"] != actor:
        return {"status": Outcome.FORBIDDEN.value}
    if p["name"] != "set_ticket":
        return {"status": Outcome.UNKNOWN_TOOL.value}
    fp = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != fp:
            return {"status": Outcome.CONFLICT.value}
        return {**row["result"], "replayed": True}
    if p["version"] != state["version"]:
        return {"status": Outcome.STALE.value}
    if fp not in approved:
        return {"status": Outcome.APPROVAL.value}
    ticket, status = p["arguments"]["ticket"], Status(p["arguments"]["status"])
    if ticket not in state["tickets"]:
        return {"status": Outcome.MISSING.value}
    if len(completed) >= Limit.LOG:
        return {"status": Outcome.FULL.value}
    state["tickets"][ticket] = status.value
    state["version"] += 1
    result = {"status": Outcome.OK.value, "version": state["version"], "ticket": ticket, "value": status.value,
              "replayed": False}
    completed[p["call_id"]] = {"fingerprint": fp, "result": dict(result)}
    return result
