"""Class-based: a frozen Proposal dataclass parsed from the dict, a Dispatch object per call, ids checked with
str.isascii()/isalnum() instead of regexes, membership in sets, rows holding a deep copy of the full result."""
import copy
import hashlib
import json
from dataclasses import dataclass

STATUSES = {"open", "done"}
HEX_DIGITS = set("0123456789abcdef")
PROPOSAL_FIELDS = {"call_id", "actor", "name", "version", "arguments"}
ARGUMENT_FIELDS = {"ticket", "status"}
STATE_FIELDS = {"version", "tickets"}


def is_id(text):
    if type(text) is not str or not 0 < len(text) <= 40 or not text.isascii():
        return False
    return text[0].isalpha() and text.replace("_", "").replace("-", "").isalnum()


def is_ticket(text):
    if type(text) is not str or not 0 < len(text) <= 32 or not text.isascii():
        return False
    return text[0].isalpha() and text.islower() and text.replace("-", "").isalnum()


def is_status(value):
    return type(value) is str and value in STATUSES


def is_digest(text):
    return type(text) is str and len(text) == 64 and set(text) <= HEX_DIGITS


def require(condition):
    if not condition:
        raise ValueError("invalid input")


@dataclass(frozen=True)
class Proposal:
    call_id: str
    actor: str
    name: str
    version: int
    ticket: str
    status: str

    @classmethod
    def parse(cls, raw):
        require(type(raw) is dict and raw.keys() == PROPOSAL_FIELDS)
        arguments = raw["arguments"]
        require(type(arguments) is dict and arguments.keys() == ARGUMENT_FIELDS)
        require(is_id(raw["call_id"]) and is_id(raw["actor"]) and is_id(raw["name"]))
        require(type(raw["version"]) is int and raw["version"] in range(1000001))
        require(is_ticket(arguments["ticket"]) and is_status(arguments["status"]))
        return cls(raw["call_id"], raw["actor"], raw["name"], raw["version"], arguments["ticket"], arguments["status"])

    def as_dict(self):
        return {"call_id": self.call_id, "actor": self.actor, "name": self.name, "version": self.version,
                "arguments": {"ticket": self.ticket, "status": self.status}}

    def fingerprint(self):
        text = json.dumps(self.as_dict(), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def validate_ticket_proposal(proposal):
    return Proposal.parse(proposal).as_dict()


def proposal_fingerprint(proposal):
    return Proposal.parse(proposal).fingerprint()


class Dispatch:
    """One call of dispatch_ticket: the host's inputs checked first, then the proposal."""

    def __init__(self, proposal, actor, approved, state, completed):
        require(is_id(actor))
        require(type(approved) is set and len(approved) <= 64 and all(is_digest(d) for d in approved))
        require(type(state) is dict and state.keys() == STATE_FIELDS)
        require(type(state["version"]) is int and state["version"] in range(1000002))
        tickets = state["tickets"]
        require(type(tickets) is dict and len(tickets) in range(1, 17))
        require(all(is_ticket(t) and is_status(s) for t, s in tickets.items()))
        require(type(completed) is dict and len(completed) <= 64)
        self.proposal = Proposal.parse(proposal)
        self.actor, self.approved, self.state, self.completed = actor, approved, state, completed
        self.digest = self.proposal.fingerprint()

    def refusal(self):
        proposal = self.proposal
        if proposal.actor != self.actor:
            return "forbidden"
        if proposal.name != "set_ticket":
            return "unknown-tool"
        if proposal.call_id in self.completed:
            return None if self.completed[proposal.call_id]["sha256"] == self.digest else "call-id-conflict"
        if proposal.version != self.state["version"]:
            return "stale-version"
        if self.digest not in self.approved:
            return "approval-required"
        if proposal.ticket not in self.state["tickets"]:
            return "missing-ticket"
        if len(self.completed) >= 64:
            return "log-full"
        return None

    def run(self):
        status = self.refusal()
        if status is not None:
            return {"status": status}
        row = self.completed.get(self.proposal.call_id)
        if row is not None:
            result = copy.deepcopy(row["result"])
            result["replayed"] = True
            return result
        self.state["tickets"][self.proposal.ticket] = self.proposal.status
        self.state["version"] += 1
        result = {"status": "ok", "version": self.state["version"], "ticket": self.proposal.ticket,
                  "value": self.proposal.status, "replayed": False}
        self.completed[self.proposal.call_id] = {"sha256": self.digest, "result": copy.deepcopy(result)}
        return result


def dispatch_ticket(proposal, actor, approved, state, completed):
    return Dispatch(proposal, actor, approved, state, completed).run()
