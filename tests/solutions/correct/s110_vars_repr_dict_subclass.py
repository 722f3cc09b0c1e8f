"""Introspective style: a Proposal object that validates its own attributes (read back with vars() for
the result and the __repr__), a CompletedLog dict subclass that checks rows in __setitem__ before
super().__setitem__, and errors chained with `raise ... from` whose __cause__ is kept."""
import hashlib
import json
import re

IDENT = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
SHA = re.compile(r"[0-9a-f]{64}")


class ShapeError(ValueError):
    """An input of the wrong shape; __cause__ says what went wrong underneath."""

    def describe(self):
        cause = self.__cause__
        return f"{type(self).__qualname__}: {self.args[0]}" + (f" ({type(cause).__name__})" if cause else "")


def _text(value, pattern, what):
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        raise ShapeError(what)
    return value


class Proposal:
    def __init__(self, raw):
        if not isinstance(raw, dict) or set(raw) != {"call_id", "actor", "name", "version", "arguments"}:
            raise ShapeError("fields")
        try:
            self.call_id = _text(raw["call_id"], IDENT, "call_id")
            self.actor = _text(raw["actor"], IDENT, "actor")
            self.name = _text(raw["name"], IDENT, "name")
            self.version = raw["version"]
            arguments = raw["arguments"]
            if type(self.version) is not int or not 0 <= self.version <= 1_000_000:
                raise ShapeError("version")
            if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
                raise ShapeError("arguments")
            self.arguments = {"ticket": _text(arguments["ticket"], TICKET, "ticket"),
                              "status": arguments["status"]}
            if not isinstance(self.arguments["status"], str) or self.arguments["status"] not in {"open", "done"}:
                raise ShapeError("status")
        except (KeyError, TypeError) as error:
            raise ShapeError("unreadable proposal") from error

    def __repr__(self):
        fields = ", ".join(f"{key}={value!r}" for key, value in vars(self).items())
        return f"{type(self).__qualname__}({fields})"

    def as_dict(self):
        data = dict(vars(self))
        data["arguments"] = dict(self.__dict__["arguments"])
        return data


class CompletedLog(dict):
    """The host's completed rows, checked as they are written."""

    LIMIT = 64

    def __setitem__(self, call_id, row):
        if len(self) >= self.LIMIT and call_id not in self:
            raise ShapeError("log full")
        if set(row) != {"fingerprint", "result"}:
            raise ShapeError("row")
        super().__setitem__(call_id, row)


def validate_ticket_proposal(proposal):
    return Proposal(proposal).as_dict()


def proposal_fingerprint(proposal):
    data = Proposal(proposal).as_dict()
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
                          .encode("ascii")).hexdigest()


def _host(actor, approved, state, completed):
    _text(actor, IDENT, "actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ShapeError("approved")
    for digest in approved:
        _text(digest, SHA, "approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ShapeError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ShapeError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ShapeError("tickets")
    for name, status in tickets.items():
        _text(name, TICKET, "ticket")
        if not isinstance(status, str) or status not in {"open", "done"}:
            raise ShapeError("ticket status")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ShapeError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    request = Proposal(proposal)
    _host(actor, approved, state, completed)
    if request.actor != actor:
        return {"status": "forbidden"}
    if request.name != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(request.as_dict())
    if request.call_id in completed:
        row = completed[request.call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if request.version != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = request.arguments["ticket"], request.arguments["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= CompletedLog.LIMIT:
        return {"status": "log-full"}
    log = CompletedLog()
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    log[request.call_id] = {"fingerprint": digest, "result": dict(result)}
    completed.update(log)
    return result
