# Style: enum.StrEnum/IntEnum/auto/unique, a validating descriptor with __set_name__/__get__/__set__,
# f-string format specs, str.format and % formatting in messages
import copy
import enum
import hashlib
import json
import re
from enum import Enum, IntEnum, StrEnum, auto, unique


@unique
class Status(StrEnum):
    OPEN = auto()
    DONE = auto()


class Limit(IntEnum):
    APPROVALS = 64
    ROWS = 64
    TICKETS = 16
    VERSION = 1_000_000


class Outcome(Enum):
    FORBIDDEN = "forbidden"
    UNKNOWN_TOOL = "unknown-tool"
    CONFLICT = "call-id-conflict"
    STALE = "stale-version"
    APPROVAL = "approval-required"
    MISSING = "missing-ticket"
    FULL = "log-full"

    def as_result(self):
        return {"status": self.value}


ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")


class Pattern:
    """Descriptor: stores a value after checking it against a regex."""

    def __init__(self, regex):
        self.regex = regex

    def __set_name__(self, owner, name):
        self.name = "_" + name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return getattr(obj, self.name)

    def __set__(self, obj, value):
        if not isinstance(value, str) or not self.regex.fullmatch(value):
            raise ValueError("%s is invalid: %r" % (self.name[1:], value))
        setattr(obj, self.name, value)


class Proposal:
    call_id = Pattern(ID_RE)
    actor = Pattern(ID_RE)
    name = Pattern(ID_RE)
    ticket = Pattern(TICKET_RE)

    def __init__(self, raw):
        if not isinstance(raw, dict) or set(raw) != {"call_id", "actor", "name", "version", "arguments"}:
            raise ValueError("expected exactly five fields, got {}".format(sorted(map(str, raw)) if isinstance(raw, dict) else type(raw).__name__))
        self.call_id = raw["call_id"]
        self.actor = raw["actor"]
        self.name = raw["name"]
        version = raw["version"]
        if type(version) is not int or not 0 <= version <= Limit.VERSION:
            raise ValueError(f"version {version!r:>10} out of range")
        self.version = version
        args = raw["arguments"]
        if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
            raise ValueError("arguments")
        self.ticket = args["ticket"]
        if args["status"] not in [s.value for s in Status]:
            raise ValueError(f"status {args['status']!r}")
        self.status = str(args["status"])

    def as_dict(self):
        return {"call_id": self.call_id, "actor": self.actor, "name": self.name, "version": self.version,
                "arguments": {"ticket": self.ticket, "status": self.status}}


def validate_ticket_proposal(proposal):
    return Proposal(proposal).as_dict()


def proposal_fingerprint(proposal):
    data = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not isinstance(actor, str) or not ID_RE.fullmatch(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > Limit.APPROVALS:
        raise ValueError("approved")
    if not all(isinstance(h, str) and HEX_RE.fullmatch(h) for h in approved):
        raise ValueError("approved entries")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= Limit.VERSION + 1:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= Limit.TICKETS:
        raise ValueError("tickets")
    for key, value in tickets.items():
        if not isinstance(key, str) or not TICKET_RE.fullmatch(key) or not isinstance(value, str) or value not in ("open", "done"):
            raise ValueError(f"ticket {key!r}")
    if not isinstance(completed, dict) or len(completed) > Limit.ROWS:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if p["actor"] != actor:
        return Outcome.FORBIDDEN.as_result()
    if p["name"] != "set_ticket":
        return Outcome.UNKNOWN_TOOL.as_result()
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != digest:
            return Outcome.CONFLICT.as_result()
        return {**copy.deepcopy(row["result"]), "replayed": True}
    if p["version"] != state["version"]:
        return Outcome.STALE.as_result()
    if digest not in approved:
        return Outcome.APPROVAL.as_result()
    ticket = p["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return Outcome.MISSING.as_result()
    if len(completed) == Limit.ROWS:
        return Outcome.FULL.as_result()
    state["tickets"][ticket] = p["arguments"]["status"]
    state["version"] += 1
    result = dict(status="ok", version=state["version"], ticket=ticket, value=p["arguments"]["status"], replayed=False)
    completed[p["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
