# Style: object-minded with Python 3.10+ dataclass options: a frozen, slotted, keyword-only Proposal built by a
# classmethod, to_dict() for the canonical form, a NamedTuple Outcome with _asdict(), approvals checked with
# bytes.fromhex (64 characters that decode to exactly 32 bytes), read-only tables in MappingProxyType, and a
# @contextmanager "transaction" that puts state and log back if applying the change fails halfway.
import copy
import hashlib
import json
import re
from collections import deque
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple, Optional

_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}", re.ASCII)
_TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}", re.ASCII)

LIMITS = MappingProxyType({"version": 1_000_000, "approvals": 64, "tickets": 16, "rows": 64})
PROPOSAL_FIELDS = frozenset({"call_id", "actor", "name", "version", "arguments"})
ARGUMENT_FIELDS = frozenset({"ticket", "status"})
STATUSES = frozenset({"open", "done"})

# Host-side audit trail of the last decisions, for debugging only (never read by the functions).
recent_decisions = deque(maxlen=32)


def _require(condition, message):
    if not condition:
        raise ValueError(message)


def _is_id(value, pattern=_ID):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _is_status(value):
    return isinstance(value, str) and value in STATUSES


@dataclass(frozen=True, slots=True, kw_only=True)
class Proposal:
    call_id: str
    actor: str
    name: str
    version: int
    ticket: str
    status: str

    @classmethod
    def from_mapping(cls, raw):
        _require(isinstance(raw, dict), "proposal must be a dict")
        _require(raw.keys() == PROPOSAL_FIELDS, "proposal must have exactly five fields")
        arguments = raw["arguments"]
        _require(isinstance(arguments, dict), "arguments must be a dict")
        _require(arguments.keys() == ARGUMENT_FIELDS, "arguments must have exactly ticket and status")
        return cls(call_id=raw["call_id"], actor=raw["actor"], name=raw["name"], version=raw["version"],
                   ticket=arguments["ticket"], status=arguments["status"])

    def __post_init__(self):
        for label in ("call_id", "actor", "name"):
            _require(_is_id(getattr(self, label)), f"{label} is not a valid identifier")
        _require(type(self.version) is int and 0 <= self.version <= LIMITS["version"], "version out of range")
        _require(_is_id(self.ticket, _TICKET), "ticket is not a valid ticket name")
        _require(_is_status(self.status), "status must be open or done")

    def to_dict(self):
        return {"call_id": self.call_id, "actor": self.actor, "name": self.name, "version": self.version,
                "arguments": {"ticket": self.ticket, "status": self.status}}

    @property
    def fingerprint(self):
        text = json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()


class Outcome(NamedTuple):
    status: str
    version: Optional[int] = None
    ticket: Optional[str] = None
    value: Optional[str] = None
    replayed: bool = False

    def as_result(self):
        if self.status != "ok":
            return {"status": self.status}
        return self._asdict()


@dataclass(kw_only=True)
class Host:
    actor: str
    approved: set
    state: dict
    completed: dict
    notes: list = field(default_factory=list)

    def __post_init__(self):
        _require(_is_id(self.actor), "host actor is not a valid identifier")
        _require(isinstance(self.approved, set), "approved must be a set")
        _require(len(self.approved) <= LIMITS["approvals"], "too many approvals")
        _require(all(_is_approval(item) for item in self.approved), "approved holds a non-digest")
        _require(isinstance(self.state, dict) and self.state.keys() == {"version", "tickets"}, "bad state")
        version, tickets = self.state["version"], self.state["tickets"]
        _require(type(version) is int and 0 <= version <= LIMITS["version"] + 1, "bad state version")
        _require(isinstance(tickets, dict) and 1 <= len(tickets) <= LIMITS["tickets"], "bad ticket table")
        _require(all(_is_id(k, _TICKET) and _is_status(v) for k, v in tickets.items()), "bad ticket entry")
        _require(isinstance(self.completed, dict), "completed must be a dict")
        _require(len(self.completed) <= LIMITS["rows"], "completed log too long")


def _is_approval(item):
    if not isinstance(item, str) or len(item) != 64 or not item.isascii():
        return False
    try:
        return len(bytes.fromhex(item)) == 32 and item == item.lower()
    except ValueError:
        return False


@contextmanager
def transaction(state, completed):
    saved_state, saved_log = copy.deepcopy(state), dict(completed)
    try:
        yield
    except Exception:
        state.clear()
        state.update(saved_state)
        completed.clear()
        completed.update(saved_log)
        raise


def validate_ticket_proposal(proposal):
    return Proposal.from_mapping(proposal).to_dict()


def proposal_fingerprint(proposal):
    return Proposal.from_mapping(proposal).fingerprint


def _decide(proposal, host):
    if proposal.actor != host.actor:
        return Outcome("forbidden")
    if proposal.name != "set_ticket":
        return Outcome("unknown-tool")
    row = host.completed.get(proposal.call_id)
    if row is not None:
        if row["fingerprint"] != proposal.fingerprint:
            return Outcome("call-id-conflict")
        return Outcome(**row["result"])._replace(replayed=True)
    if proposal.version != host.state["version"]:
        return Outcome("stale-version")
    if proposal.fingerprint not in host.approved:
        return Outcome("approval-required")
    if proposal.ticket not in host.state["tickets"]:
        return Outcome("missing-ticket")
    if len(host.completed) >= LIMITS["rows"]:
        return Outcome("log-full")
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    host = Host(actor=actor, approved=approved, state=state, completed=completed)
    checked = Proposal.from_mapping(proposal)
    outcome = _decide(checked, host)
    if outcome is None:
        with transaction(state, completed):
            state["tickets"][checked.ticket] = checked.status
            state["version"] += 1
            outcome = Outcome("ok", state["version"], checked.ticket, checked.status, False)
            completed[checked.call_id] = {"fingerprint": checked.fingerprint, "result": outcome._asdict()}
    recent_decisions.append((checked.call_id, outcome.status))
    return outcome.as_result()
