"""Slotted record classes with generic helpers in a base class: __init__, __repr__, __eq__ and as_dict() walk
type(self).__slots__ with getattr/setattr, so each record only lists its field names. The proposal's shape is
compared with the record's __slots__."""
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


class Record:
    __slots__ = ()

    def __init__(self, **values):
        if set(values) != set(type(self).__slots__):
            raise ValueError(f"{type(self).__name__} needs exactly {', '.join(type(self).__slots__)}")
        for name in self.__slots__:
            setattr(self, name, values[name])
        self.check()

    def check(self):
        pass

    def as_dict(self):
        return {name: getattr(self, name) for name in self.__slots__}

    def __eq__(self, other):
        return type(other) is type(self) and self.as_dict() == other.as_dict()

    def __repr__(self):
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"


class Arguments(Record):
    __slots__ = ("ticket", "status")

    def check(self):
        if not isinstance(self.ticket, str) or not TICKET.fullmatch(self.ticket):
            raise ValueError("ticket")
        if not isinstance(self.status, str) or self.status not in ("open", "done"):
            raise ValueError("status")


class Proposal(Record):
    __slots__ = ("call_id", "actor", "name", "version", "arguments")

    def check(self):
        for name in self.__slots__[:3]:
            value = getattr(self, name)
            if not isinstance(value, str) or not ID.fullmatch(value):
                raise ValueError(name)
        if type(self.version) is not int or not 0 <= self.version <= 1000000:
            raise ValueError("version")
        if not isinstance(self.arguments, dict):
            raise ValueError("arguments")
        self.arguments = Arguments(**{str(key): value for key, value in self.arguments.items()}) \
            if all(isinstance(key, str) for key in self.arguments) else None
        if self.arguments is None:
            raise ValueError("arguments keys")

    def as_dict(self):
        return {**super().as_dict(), "arguments": self.arguments.as_dict()}


def _proposal(raw):
    if not isinstance(raw, dict) or not all(isinstance(key, str) for key in raw):
        raise ValueError("a proposal is a dict with str keys")
    return Proposal(**raw)


def validate_ticket_proposal(proposal):
    return _proposal(proposal).as_dict()


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not isinstance(actor, str) or not ID.fullmatch(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    if not all(isinstance(item, str) and DIGEST.fullmatch(item) for item in approved):
        raise ValueError("approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    if not isinstance(state["tickets"], dict) or not 1 <= len(state["tickets"]) <= 16:
        raise ValueError("tickets")
    for ticket, status in state["tickets"].items():
        Arguments(ticket=ticket, status=status)
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    record = _proposal(proposal)
    _check_host(actor, approved, state, completed)
    if record.actor != actor:
        return {"status": "forbidden"}
    if record.name != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(record.as_dict())
    if record.call_id in completed:
        row = completed[record.call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if record.version != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if record.arguments.ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][record.arguments.ticket] = record.arguments.status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": record.arguments.ticket,
              "value": record.arguments.status, "replayed": False}
    completed[record.call_id] = {"fingerprint": digest, "result": dict(result)}
    return result
