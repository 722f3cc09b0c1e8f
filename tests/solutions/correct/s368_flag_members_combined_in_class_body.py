import enum
import hashlib
import json
import string
from dataclasses import dataclass, field, asdict

LETTERS = frozenset(string.ascii_letters)
ID_REST = LETTERS | frozenset(string.digits) | {"_", "-"}
LOWER = frozenset(string.ascii_lowercase)
TICKET_REST = LOWER | frozenset(string.digits) | {"-"}
HEX = frozenset(string.hexdigits.lower())


class Status(enum.Enum):
    OPEN = "open"
    DONE = "done"


class Limit(enum.IntEnum):
    VERSION = 1_000_000
    STATE_VERSION = 1_000_001
    APPROVALS = 64
    ROWS = 64
    TICKETS = 16
    ID_LENGTH = 40
    TICKET_LENGTH = 32


class Check(enum.Flag):
    NONE = 0
    ACTOR = enum.auto()
    TOOL = enum.auto()
    VERSION = enum.auto()
    APPROVAL = enum.auto()
    TICKET = enum.auto()
    ROOM = enum.auto()
    ALL = ACTOR | TOOL | VERSION | APPROVAL | TICKET | ROOM


REFUSAL = {
    Check.ACTOR: "forbidden",
    Check.TOOL: "unknown-tool",
    Check.VERSION: "stale-version",
    Check.APPROVAL: "approval-required",
    Check.TICKET: "missing-ticket",
    Check.ROOM: "log-full",
}


def _word(value, first, rest, length):
    return (isinstance(value, str) and value.isascii() and 1 <= len(value) <= length
            and value[0] in first and all(ch in rest for ch in value))


def _is_id(value):
    return _word(value, LETTERS, ID_REST, Limit.ID_LENGTH)


def _is_ticket(value):
    return _word(value, LOWER, TICKET_REST, Limit.TICKET_LENGTH)


def _status(value):
    if not isinstance(value, str):
        raise ValueError("status must be text")
    try:
        return Status(value)
    except ValueError:
        raise ValueError(f"unknown status {value!r}") from None


@dataclass(slots=True, kw_only=True, frozen=True)
class TicketProposal:
    call_id: str
    actor: str
    name: str
    version: int
    ticket: str
    status: Status

    def __post_init__(self):
        for label in ("call_id", "actor", "name"):
            if not _is_id(getattr(self, label)):
                raise ValueError(f"{label} is not an ASCII id")
        if type(self.version) is not int or not 0 <= self.version <= Limit.VERSION:
            raise ValueError("version must be a plain int 0..1000000")
        if not _is_ticket(self.ticket):
            raise ValueError("ticket is not valid")

    def as_dict(self):
        return {"call_id": self.call_id, "actor": self.actor, "name": self.name, "version": self.version,
                "arguments": {"ticket": self.ticket, "status": self.status.value}}


@dataclass(slots=True, kw_only=True)
class Outcome:
    status: str
    version: int = field(default=0)
    ticket: str = ""
    value: str = ""
    replayed: bool = False


def _parse(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal must have exactly five fields")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must have exactly ticket and status")
    return TicketProposal(call_id=proposal["call_id"], actor=proposal["actor"], name=proposal["name"],
                          version=proposal["version"], ticket=arguments["ticket"],
                          status=_status(arguments["status"]))


def validate_ticket_proposal(proposal):
    return _parse(proposal).as_dict()


def proposal_fingerprint(proposal):
    data = validate_ticket_proposal(proposal)
    text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError("bad actor")
    if not isinstance(approved, set) or len(approved) > Limit.APPROVALS:
        raise ValueError("bad approved")
    for item in approved:
        if not (isinstance(item, str) and len(item) == 64 and set(item) <= HEX):
            raise ValueError("bad approval entry")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= Limit.STATE_VERSION:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= Limit.TICKETS:
        raise ValueError("bad tickets")
    for key, value in tickets.items():
        if not _is_ticket(key):
            raise ValueError("bad ticket key")
        _status(value)
    if not isinstance(completed, dict) or len(completed) > Limit.ROWS:
        raise ValueError("bad completed")


def _failed_checks(p, actor, digest, approved, state, completed):
    failed = Check.NONE
    if p.actor != actor:
        failed |= Check.ACTOR
    if p.name != "set_ticket":
        failed |= Check.TOOL
    if p.version != state["version"]:
        failed |= Check.VERSION
    if digest not in approved:
        failed |= Check.APPROVAL
    if p.ticket not in state["tickets"]:
        failed |= Check.TICKET
    if len(completed) >= Limit.ROWS:
        failed |= Check.ROOM
    return failed


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = _parse(proposal)
    _check_host(actor, approved, state, completed)
    digest = proposal_fingerprint(proposal)
    failed = _failed_checks(p, actor, digest, approved, state, completed)
    for check in (Check.ACTOR, Check.TOOL):
        if check in failed:
            return {"status": REFUSAL[check]}
    if p.call_id in completed:
        row = completed[p.call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    for check in Check.ALL:
        if check in failed:
            return {"status": REFUSAL[check]}
    state["tickets"][p.ticket] = p.status.value
    state["version"] += 1
    outcome = Outcome(status="ok", version=state["version"], ticket=p.ticket, value=p.status.value)
    completed[p.call_id] = {"fingerprint": digest, "result": asdict(outcome)}
    return asdict(outcome)
