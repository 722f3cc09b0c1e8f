"""Object style: a Proposal class filled with setattr() in a loop, a vars()-based __repr__, a Journal class
used in a with block that writes the row only when nothing went wrong, pprint debugging left in, a
module-level DEBUG switch and a demo under the main guard."""
import copy
import hashlib
import json
import re
from pprint import pprint

DEBUG = True
ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX64 = re.compile(r"[0-9a-f]{64}")
FIELDS = ("call_id", "actor", "name", "version", "arguments")


def _ok_id(value):
    return isinstance(value, str) and ID.fullmatch(value) is not None


def _ok_ticket(value):
    return isinstance(value, str) and TICKET.fullmatch(value) is not None


def _ok_status(value):
    return isinstance(value, str) and value in ("open", "done")


class Proposal:
    def __init__(self, raw):
        if not isinstance(raw, dict) or set(raw) != set(FIELDS):
            raise ValueError("proposal needs exactly the five fields")
        for field in FIELDS:
            setattr(self, field, raw[field])
        for field in ("call_id", "actor", "name"):
            if not _ok_id(getattr(self, field)):
                raise ValueError(f"bad {field}")
        if type(self.version) is not int or not 0 <= self.version <= 1_000_000:
            raise ValueError("bad version")
        if not isinstance(self.arguments, dict) or set(self.arguments) != {"ticket", "status"}:
            raise ValueError("bad arguments")
        self.arguments = dict(self.arguments)
        if not _ok_ticket(self.arguments["ticket"]) or not _ok_status(self.arguments["status"]):
            raise ValueError("bad ticket or status")

    def __repr__(self):
        return f"Proposal({vars(self)})"

    def to_dict(self):
        return {field: copy.copy(getattr(self, field)) for field in FIELDS}

    def fingerprint(self):
        text = json.dumps(self.to_dict(), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()


def validate_ticket_proposal(proposal):
    return Proposal(proposal).to_dict()


def proposal_fingerprint(proposal):
    return Proposal(proposal).fingerprint()


class Journal:
    """Adds one row to completed when the with block ends without an error."""

    def __init__(self, completed, call_id, fingerprint):
        self.completed = completed
        self.call_id = call_id
        self.fingerprint = fingerprint
        self.result = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None and self.result is not None:
            self.completed[self.call_id] = {"fingerprint": self.fingerprint, "result": dict(self.result)}
        return False


def _check_host(actor, approved, state, completed):
    if not _ok_id(actor):
        raise ValueError("bad host actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64")
    if not all(isinstance(a, str) and HEX64.fullmatch(a) for a in approved):
        raise ValueError("bad approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("bad tickets")
    if not all(_ok_ticket(k) and _ok_status(v) for k, v in tickets.items()):
        raise ValueError("bad ticket pair")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("bad completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    p = Proposal(proposal)
    if DEBUG:
        pprint({"proposal": p, "state": state})
    if p.actor != actor:
        return {"status": "forbidden"}
    if p.name != "set_ticket":
        return {"status": "unknown-tool"}
    digest = p.fingerprint()
    if p.call_id in completed:
        row = completed[p.call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        again = dict(row["result"])
        again["replayed"] = True
        return again
    if p.version != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = p.arguments["ticket"], p.arguments["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    with Journal(completed, p.call_id, digest) as journal:
        state["tickets"][ticket] = value
        state["version"] += 1
        journal.result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value,
                          "replayed": False}
    return dict(journal.result)


if __name__ == "__main__":
    demo = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0,
            "arguments": {"ticket": "lamp", "status": "done"}}
    st = {"version": 0, "tickets": {"lamp": "open"}}
    log = {}
    pprint(dispatch_ticket(demo, "learner", {proposal_fingerprint(demo)}, st, log))
    pprint(log)
