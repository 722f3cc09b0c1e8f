# Style: own exception classes calling ValueError.__init__ explicitly, a Ledger class with a property and its setter
import copy
import hashlib
import json
import re


class ProposalError(ValueError):
    """Raised for an invalid proposal; remembers the field."""

    def __init__(self, field, message):
        ValueError.__init__(self, "%s: %s" % (field, message))
        self.field = field


class HostInputError(ValueError):
    def __init__(self, what):
        super(HostInputError, self).__init__("invalid host input: " + what)
        self.what = what

    def __str__(self):
        return "host input " + self.what


class Ledger:
    """Wraps the host's state dict; writes go straight into it."""

    def __init__(self, state):
        self._state = state

    @property
    def version(self):
        return self._state["version"]

    @version.setter
    def version(self, value):
        self._state["version"] = value

    @property
    def tickets(self):
        return self._state["tickets"]


def _ident(value, field):
    if not isinstance(value, str) or re.fullmatch("[A-Za-z][A-Za-z0-9_-]{0,39}", value) is None:
        raise ProposalError(field, "not a valid identifier")


def _ticket(value):
    return isinstance(value, str) and re.fullmatch("[a-z][a-z0-9-]{0,31}", value) is not None


def _status(value):
    return type(value) is str and value in {"open", "done"}


def validate_ticket_proposal(proposal):
    """Returns a deep copy of a valid proposal; raises ProposalError (a ValueError) otherwise."""
    if type(proposal) is not dict:
        raise ProposalError("proposal", "not a dict")
    if proposal.keys() != {"actor", "arguments", "call_id", "name", "version"}:
        raise ProposalError("proposal", "wrong fields")
    _ident(proposal["call_id"], "call_id")
    _ident(proposal["actor"], "actor")
    _ident(proposal["name"], "name")
    version = proposal["version"]
    if type(version) is not int or version < 0 or version > 1000000:
        raise ProposalError("version", "out of range")
    arguments = proposal["arguments"]
    if type(arguments) is not dict or arguments.keys() != {"status", "ticket"}:
        raise ProposalError("arguments", "wrong fields")
    if not _ticket(arguments["ticket"]):
        raise ProposalError("ticket", "bad ticket id")
    if not _status(arguments["status"]):
        raise ProposalError("status", "must be open or done")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    """Returns hashlib.sha256(C(p)).hexdigest(); raises ValueError when p is invalid."""
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not isinstance(actor, str) or re.fullmatch("[A-Za-z][A-Za-z0-9_-]{0,39}", actor) is None:
        raise HostInputError("actor")
    if type(approved) is not set or len(approved) > 64:
        raise HostInputError("approved")
    if not all(isinstance(a, str) and re.fullmatch("[0-9a-f]{64}", a) for a in approved):
        raise HostInputError("approved entries")
    if type(state) is not dict or state.keys() != {"tickets", "version"}:
        raise HostInputError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise HostInputError("state version")
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise HostInputError("tickets")
    if not all(_ticket(k) and _status(v) for k, v in tickets.items()):
        raise HostInputError("ticket entries")
    if type(completed) is not dict or len(completed) > 64:
        raise HostInputError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a result dict; ValueError subclasses for invalid input; only success mutates state/completed."""
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    ledger = Ledger(state)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        stored = completed[p["call_id"]]
        if stored["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = copy.deepcopy(stored["result"])
        replay["replayed"] = True
        return replay
    if p["version"] != ledger.version:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket = p["arguments"]["ticket"]
    if ticket not in ledger.tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    ledger.tickets[ticket] = p["arguments"]["status"]
    ledger.version = ledger.version + 1
    result = {"status": "ok", "version": ledger.version, "ticket": ticket, "value": p["arguments"]["status"],
              "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
