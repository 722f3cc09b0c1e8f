"""Immutable value objects written by hand (before dataclasses): __slots__, values set once through
object.__setattr__ in __init__, and __setattr__/__delattr__ overridden to refuse any later change; a subclass
extends __setattr__ with super().__setattr__. The functions convert between these objects and plain dicts."""
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


class Immutable:
    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"{type(self).__name__} is immutable: cannot set {name}")

    def __delattr__(self, name):
        raise AttributeError(f"{type(self).__name__} is immutable: cannot delete {name}")


def _text(value, pattern, what):
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ValueError(f"invalid {what}")
    return value


class Arguments(Immutable):
    __slots__ = ("ticket", "status")

    def __init__(self, raw):
        if not isinstance(raw, dict) or set(raw) != {"ticket", "status"}:
            raise ValueError("arguments need exactly ticket and status")
        if not isinstance(raw["status"], str) or raw["status"] not in ("open", "done"):
            raise ValueError("invalid status")
        object.__setattr__(self, "ticket", _text(raw["ticket"], TICKET, "ticket"))
        object.__setattr__(self, "status", raw["status"])

    def as_dict(self):
        return {"ticket": self.ticket, "status": self.status}


FIELDS = ("call_id", "actor", "name", "version", "arguments")


class Proposal(Immutable):
    __slots__ = FIELDS

    def __init__(self, raw):
        if not isinstance(raw, dict) or set(raw) != set(FIELDS):
            raise ValueError("a proposal has exactly five fields")
        for field in ("call_id", "actor", "name"):
            object.__setattr__(self, field, _text(raw[field], ID, field))
        version = raw["version"]
        if type(version) is not int or not 0 <= version <= 1000000:
            raise ValueError("invalid version")
        object.__setattr__(self, "version", version)
        object.__setattr__(self, "arguments", Arguments(raw["arguments"]))

    def as_dict(self):
        return {"call_id": self.call_id, "actor": self.actor, "name": self.name, "version": self.version,
                "arguments": self.arguments.as_dict()}

    def fingerprint(self):
        text = json.dumps(self.as_dict(), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()


class Counter:
    """A mutable helper that only lets its count change (a subclass's __setattr__ guarding a base's)."""

    def __init__(self):
        self.count = 0

    def __setattr__(self, name, value):
        if name != "count":
            raise AttributeError(name)
        object.__setattr__(self, name, value)


class CheckedCounter(Counter):
    def __setattr__(self, name, value):
        if type(value) is not int or value < 0:
            raise ValueError("a count is a non-negative int")
        super().__setattr__(name, value)


DISPATCHES = CheckedCounter()


def validate_ticket_proposal(proposal):
    return Proposal(proposal).as_dict()


def proposal_fingerprint(proposal):
    return Proposal(proposal).fingerprint()


def _check_host(actor, approved, state, completed):
    _text(actor, ID, "actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    for digest in approved:
        _text(digest, DIGEST, "approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for ticket, status in tickets.items():
        Arguments({"ticket": ticket, "status": status})
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    checked = Proposal(proposal)
    _check_host(actor, approved, state, completed)
    if checked.actor != actor:
        return {"status": "forbidden"}
    if checked.name != "set_ticket":
        return {"status": "unknown-tool"}
    digest = checked.fingerprint()
    if checked.call_id in completed:
        row = completed[checked.call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dict(row["result"], replayed=True)
    if checked.version != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if checked.arguments.ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][checked.arguments.ticket] = checked.arguments.status
    state["version"] += 1
    DISPATCHES.count += 1
    result = {"status": "ok", "version": state["version"], "ticket": checked.arguments.ticket,
              "value": checked.arguments.status, "replayed": False}
    completed[checked.call_id] = {"fingerprint": digest, "result": dict(result)}
    return result
