# Style: subclasses that call their base's special methods: an exception whose __str__ extends super().__str__(),
# a str subclass comparing with str.__eq__ and hashing with __hash__ = str.__hash__, a dict subclass whose
# __repr__ wraps super().__repr__(), dataclasses chaining super().__post_init__()
import copy
import hashlib
import json
import re
from dataclasses import dataclass


class ProposalError(ValueError):
    def __init__(self, field, problem):
        super().__init__(f"{field}: {problem}")
        self.field = field

    def __str__(self):
        return "invalid proposal, " + super().__str__()


class Identifier(str):
    """An identifier that is equal only to str values, never to other types."""

    PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")

    def __eq__(self, other):
        return isinstance(other, str) and str.__eq__(self, other)

    __hash__ = str.__hash__

    @classmethod
    def check(cls, field, value):
        if not isinstance(value, str) or not cls.PATTERN.fullmatch(value):
            raise ProposalError(field, "not an identifier")
        return cls(value)


class Result(dict):
    def __repr__(self):
        return "Result(" + super().__repr__() + ")"


@dataclass(frozen=True)
class Checked:
    value: object

    def __post_init__(self):
        if self.value is None:
            raise ProposalError("value", "missing")


@dataclass(frozen=True)
class CheckedVersion(Checked):
    limit: int = 1000000

    def __post_init__(self):
        super().__post_init__()
        if type(self.value) is not int or not 0 <= self.value <= self.limit:
            raise ProposalError("version", "out of range")


@dataclass(frozen=True)
class CheckedTicket(Checked):
    def __post_init__(self):
        super().__post_init__()
        if not isinstance(self.value, str) or not re.fullmatch(r"[a-z][a-z0-9-]{0,31}", self.value):
            raise ProposalError("ticket", "bad name")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ProposalError("proposal", "needs exactly five fields")
    for field in ("call_id", "actor", "name"):
        Identifier.check(field, proposal[field])
    CheckedVersion(proposal["version"])
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ProposalError("arguments", "needs ticket and status")
    CheckedTicket(arguments["ticket"])
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ProposalError("status", "open or done")
    return {**proposal, "arguments": {**arguments}}


def proposal_fingerprint(proposal):
    body = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    Identifier.check("actor", actor)
    if not isinstance(approved, set) or len(approved) > 64:
        raise ProposalError("approved", "a set of at most 64")
    if any(not isinstance(h, str) or not re.fullmatch(r"[0-9a-f]{64}", h) for h in approved):
        raise ProposalError("approved", "sha-256 hex strings")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ProposalError("state", "version and tickets")
    CheckedVersion(state["version"], limit=1000001)
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ProposalError("tickets", "1 to 16")
    for name, status in tickets.items():
        CheckedTicket(name)
        if not isinstance(status, str) or status not in ("open", "done"):
            raise ProposalError("tickets", "open or done")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ProposalError("completed", "at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if Identifier(clean["actor"]) != actor:
        return Result(status="forbidden")
    if clean["name"] != "set_ticket":
        return Result(status="unknown-tool")
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return Result(status="call-id-conflict")
        return Result(copy.deepcopy(row["result"]), replayed=True)
    if clean["version"] != state["version"]:
        return Result(status="stale-version")
    if digest not in approved:
        return Result(status="approval-required")
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return Result(status="missing-ticket")
    if len(completed) == 64:
        return Result(status="log-full")
    state["tickets"][ticket] = status
    state["version"] += 1
    result = Result(status="ok", version=state["version"], ticket=ticket, value=status, replayed=False)
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
