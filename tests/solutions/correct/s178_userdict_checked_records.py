"""Checked records built on collections.UserDict (as older tutorials recommend over subclassing dict): each record
class lists its keys and checks every value in __setitem__, which UserDict's own __init__ and update() call; a
record's copy() is used for the result. The completed log's rows are read back through a small UserList of ids."""
import hashlib
import json
import re
from collections import UserDict, UserList

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def _text(value, pattern):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


class Record(UserDict):
    KEYS = frozenset()

    def __init__(self, source):
        if not isinstance(source, dict) or set(source) != self.KEYS:
            raise ValueError(f"{type(self).__name__} needs exactly {sorted(self.KEYS)}")
        super().__init__(source)

    def __setitem__(self, key, value):
        if key not in self.KEYS or not self.accepts(key, value):
            raise ValueError(f"invalid {key}")
        super().__setitem__(key, value)

    def accepts(self, key, value):
        return True


class Arguments(Record):
    KEYS = frozenset({"ticket", "status"})

    def accepts(self, key, value):
        if key == "ticket":
            return _text(value, TICKET)
        return isinstance(value, str) and value in ("open", "done")


class Proposal(Record):
    KEYS = frozenset({"call_id", "actor", "name", "version", "arguments"})

    def accepts(self, key, value):
        if key == "version":
            return type(value) is int and 0 <= value <= 1000000
        if key == "arguments":
            return isinstance(value, Arguments)
        return _text(value, ID)

    def __init__(self, source):
        if isinstance(source, dict) and "arguments" in source:
            source = {**source, "arguments": Arguments(source["arguments"])}
        super().__init__(source)

    def plain(self):
        clean = dict(self.copy())
        clean["arguments"] = dict(clean["arguments"])
        return clean


class CallIds(UserList):
    """The call ids of a completed log, for membership tests."""


def validate_ticket_proposal(proposal):
    return Proposal(proposal).plain()


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _text(actor, ID):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_text(a, DIGEST) for a in approved):
        raise ValueError("approved")
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
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    done = CallIds(completed)
    if clean["call_id"] in done:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(done) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
