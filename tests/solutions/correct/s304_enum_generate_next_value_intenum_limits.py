# Style: enum-heavy, written for Python before 3.11's StrEnum: a (str, Enum) of statuses whose auto() values come
# from the documented _generate_next_value_ hook, an IntEnum of the contract's limits compared with plain ints,
# @unique, an Outcome enum whose members carry a tuple (status text, whether the call changed anything) through
# __init__, and a classmethod that parses a status.
import hashlib
import json
import re
from enum import Enum, IntEnum, auto, unique


class TicketStatus(str, Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()

    OPEN = auto()
    DONE = auto()

    @classmethod
    def parse(cls, value):
        if not isinstance(value, str):
            raise ValueError(f"status must be a string, not {type(value).__name__}")
        for member in cls:
            if member.value == value:
                return member
        raise ValueError(f"unknown status {value!r}")


class Limit(IntEnum):
    ID_LENGTH = 40
    TICKET_LENGTH = 32
    VERSION = 1_000_000
    APPROVALS = 64
    TICKETS = 16
    LOG_ROWS = 64


@unique
class Outcome(Enum):
    OK = ("ok", True)
    FORBIDDEN = ("forbidden", False)
    UNKNOWN_TOOL = ("unknown-tool", False)
    CALL_ID_CONFLICT = ("call-id-conflict", False)
    STALE_VERSION = ("stale-version", False)
    APPROVAL_REQUIRED = ("approval-required", False)
    MISSING_TICKET = ("missing-ticket", False)
    LOG_FULL = ("log-full", False)

    def __init__(self, text, changes_state):
        self.text = text
        self.changes_state = changes_state

    def refusal(self):
        return {"status": self.text}


ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,%d}" % (Limit.ID_LENGTH - 1), re.ASCII)
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,%d}" % (Limit.TICKET_LENGTH - 1), re.ASCII)
SHA256_RE = re.compile(r"[0-9a-f]{64}")
TOOL_NAME = "set_ticket"


def _text(value, pattern, label):
    if type(value) is not str or not pattern.fullmatch(value):
        raise ValueError(f"invalid {label}: {value!r}")
    return value


def _exact_keys(value, keys, label):
    if not isinstance(value, dict):
        raise ValueError(f"{label} must be a dict")
    if value.keys() != set(keys):
        raise ValueError(f"{label} must have exactly the keys {', '.join(keys)}")


def validate_ticket_proposal(proposal):
    _exact_keys(proposal, ("call_id", "actor", "name", "version", "arguments"), "proposal")
    for field in ("call_id", "actor", "name"):
        _text(proposal[field], ID_RE, field)
    version = proposal["version"]
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= Limit.VERSION:
        raise ValueError(f"invalid version: {version!r}")
    arguments = proposal["arguments"]
    _exact_keys(arguments, ("ticket", "status"), "arguments")
    ticket = _text(arguments["ticket"], TICKET_RE, "ticket")
    status = TicketStatus.parse(arguments["status"])
    return {
        "call_id": proposal["call_id"],
        "actor": proposal["actor"],
        "name": proposal["name"],
        "version": version,
        "arguments": {"ticket": ticket, "status": status.value},
    }


def proposal_fingerprint(proposal):
    checked = validate_ticket_proposal(proposal)
    canonical = json.dumps(checked, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _check_state(state):
    _exact_keys(state, ("version", "tickets"), "state")
    version = state["version"]
    if type(version) is not int or not 0 <= version <= Limit.VERSION + 1:
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= Limit.TICKETS:
        raise ValueError("state needs between 1 and 16 tickets")
    for ticket, status in tickets.items():
        _text(ticket, TICKET_RE, "state ticket")
        TicketStatus.parse(status)


def _check_host(actor, approved, state, completed):
    _text(actor, ID_RE, "host actor")
    if not isinstance(approved, set) or len(approved) > Limit.APPROVALS:
        raise ValueError("approved must be a set of at most 64 fingerprints")
    for digest in approved:
        _text(digest, SHA256_RE, "approval")
    _check_state(state)
    if not isinstance(completed, dict) or len(completed) > Limit.LOG_ROWS:
        raise ValueError("completed must be a dict of at most 64 rows")


def _decide(proposal, actor, approved, state, completed, fingerprint):
    """The first refusal that applies, or None when the call may run (replays are handled by the caller)."""
    if proposal["actor"] != actor:
        return Outcome.FORBIDDEN
    if proposal["name"] != TOOL_NAME:
        return Outcome.UNKNOWN_TOOL
    if proposal["call_id"] in completed and completed[proposal["call_id"]]["fingerprint"] != fingerprint:
        return Outcome.CALL_ID_CONFLICT
    if proposal["call_id"] in completed:
        return None
    if proposal["version"] != state["version"]:
        return Outcome.STALE_VERSION
    if fingerprint not in approved:
        return Outcome.APPROVAL_REQUIRED
    if proposal["arguments"]["ticket"] not in state["tickets"]:
        return Outcome.MISSING_TICKET
    if len(completed) >= Limit.LOG_ROWS:
        return Outcome.LOG_FULL
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    proposal = validate_ticket_proposal(proposal)
    fingerprint = proposal_fingerprint(proposal)
    refused = _decide(proposal, actor, approved, state, completed, fingerprint)
    if refused is not None:
        return refused.refusal()
    call_id = proposal["call_id"]
    if call_id in completed:
        replay = dict(completed[call_id]["result"])
        replay["replayed"] = True
        return replay
    ticket = proposal["arguments"]["ticket"]
    status = proposal["arguments"]["status"]
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": Outcome.OK.text, "version": state["version"], "ticket": ticket, "value": status,
              "replayed": False}
    completed[call_id] = {"fingerprint": fingerprint, "result": dict(result)}
    return result
