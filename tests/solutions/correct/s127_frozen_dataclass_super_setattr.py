"""Frozen value objects without the future import: a frozen dataclass that trims and checks itself in
__post_init__ and stores its normalised fields with super().__setattr__ (the other spelling of
object.__setattr__), plus str-Enum statuses, IntEnum limits, abc rules, keyword class patterns, a
contextmanager transaction, singledispatch copies and logging."""

import abc
import contextlib
import hashlib
import json
import logging
import re
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cached_property, singledispatch
from operator import itemgetter

log = logging.getLogger(__name__)
logging.basicConfig(level=logging.INFO)

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")


class Status(str, Enum):
    OPEN = "open"
    DONE = "done"


class Limit(IntEnum):
    VERSION = 1_000_000
    STATE_VERSION = 1_000_001
    TICKETS = 16
    APPROVALS = 64
    ROWS = 64


class Outcome(str, Enum):
    OK = "ok"
    FORBIDDEN = "forbidden"
    UNKNOWN_TOOL = "unknown-tool"
    CONFLICT = "call-id-conflict"
    STALE = "stale-version"
    APPROVAL = "approval-required"
    MISSING = "missing-ticket"
    FULL = "log-full"


FIELDS = ("call_id", "actor", "name", "version", "arguments")
get_fields = itemgetter(*FIELDS)
get_args = itemgetter("ticket", "status")


def _is_status(value) -> bool:
    try:
        return type(value) is str and Status(value) in Status
    except ValueError:
        return False


@dataclass(frozen=True)
class Proposal:
    call_id: str
    actor: str
    name: str
    version: int
    ticket: str
    status: str
    extra: dict = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self):
        for label in ("call_id", "actor", "name"):
            value = getattr(self, label)
            if type(value) is not str or not ID_RE.fullmatch(value):
                raise ValueError(f"{label} ongeldig")
        if type(self.version) is not int or not 0 <= self.version <= Limit.VERSION:
            raise ValueError("version ongeldig")
        if type(self.ticket) is not str or not TICKET_RE.fullmatch(self.ticket):
            raise ValueError("ticket ongeldig")
        if not _is_status(self.status):
            raise ValueError("status ongeldig")
        super().__setattr__("status", Status(self.status).value)
        super().__setattr__("extra", {})

    def as_dict(self) -> dict:
        return {"call_id": self.call_id, "actor": self.actor, "name": self.name, "version": self.version,
                "arguments": {"ticket": self.ticket, "status": self.status}}

    @cached_property
    def fingerprint(self) -> str:
        text = json.dumps(self.as_dict(), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()


def _parse(proposal) -> Proposal:
    if not isinstance(proposal, dict) or set(proposal) != set(FIELDS):
        raise ValueError("voorstel moet precies vijf velden hebben")
    call_id, actor, name, version, arguments = get_fields(proposal)
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments moet precies ticket en status hebben")
    return Proposal(call_id, actor, name, version, *get_args(arguments))


def validate_ticket_proposal(proposal):
    return _parse(proposal).as_dict()


def proposal_fingerprint(proposal):
    return _parse(proposal).fingerprint


@singledispatch
def clone(value):
    return value


@clone.register
def _(value: dict):
    return {key: clone(item) for key, item in value.items()}


class Host:
    def __init__(self, actor, approved, state, completed):
        self.actor, self.approved, self.state, self.completed = actor, approved, state, completed

    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"Host({fields})"


class Rule(abc.ABC):
    @abc.abstractmethod
    def broken(self, value) -> bool: ...

    def check(self, value, message):
        if self.broken(value):
            raise ValueError(message)


class IdRule(Rule):
    def broken(self, value):
        return type(value) is not str or ID_RE.fullmatch(value) is None


class ApprovalsRule(Rule):
    def broken(self, value):
        return (type(value) is not set or len(value) > Limit.APPROVALS
                or not all(type(a) is str and HEX_RE.fullmatch(a) for a in value))


class StateRule(Rule):
    def broken(self, value):
        if type(value) is not dict or set(value) != {"version", "tickets"}:
            return True
        version, tickets = value["version"], value["tickets"]
        if type(version) is not int or not 0 <= version <= Limit.STATE_VERSION:
            return True
        if type(tickets) is not dict or not 1 <= len(tickets) <= Limit.TICKETS:
            return True
        return not all(type(k) is str and TICKET_RE.fullmatch(k) and _is_status(v) for k, v in tickets.items())


class LogRule(Rule):
    def broken(self, value):
        return type(value) is not dict or len(value) > Limit.ROWS


@contextlib.contextmanager
def transaction(state):
    snapshot = clone(state)
    try:
        yield state
    except Exception:
        state.clear()
        state.update(snapshot)
        raise


def _refuse(outcome: Outcome) -> dict:
    return {"status": outcome.value}


def dispatch_ticket(proposal, actor, approved, state, completed):
    IdRule().check(actor, "hostactor ongeldig")
    ApprovalsRule().check(approved, "approved ongeldig")
    StateRule().check(state, "state ongeldig")
    LogRule().check(completed, "completed ongeldig")
    p = _parse(proposal)
    host = Host(actor, approved, state, completed)
    log.info("dispatch %r with %r", p, host)
    match p:
        case Proposal(actor=who) if who != actor:
            return _refuse(Outcome.FORBIDDEN)
        case Proposal(name=tool) if tool != "set_ticket":
            return _refuse(Outcome.UNKNOWN_TOOL)
        case Proposal(call_id=cid) if cid in completed:
            row = completed[cid]
            if row["fingerprint"] != p.fingerprint:
                return _refuse(Outcome.CONFLICT)
            return {**clone(row["result"]), "replayed": True}
        case Proposal(version=v) if v != state["version"]:
            return _refuse(Outcome.STALE)
        case Proposal() if p.fingerprint not in approved:
            return _refuse(Outcome.APPROVAL)
        case Proposal(ticket=t) if t not in state["tickets"]:
            return _refuse(Outcome.MISSING)
        case _ if len(completed) >= Limit.ROWS:
            return _refuse(Outcome.FULL)
    with transaction(state) as st:
        st["tickets"][p.ticket] = p.status
        st["version"] += 1
    result = {"status": Outcome.OK.value, "version": state["version"], "ticket": p.ticket, "value": p.status,
              "replayed": False}
    completed[p.call_id] = {"fingerprint": p.fingerprint, "result": clone(result)}
    return result
