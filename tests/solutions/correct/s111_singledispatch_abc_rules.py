"""Rule-object style: each input check is an abc.ABC subclass with an @abstractmethod check(), values
are normalised by a functools.singledispatch function (one implementation per input type), and the
proposal's canonical text is a functools.cached_property of a small wrapper."""
import hashlib
import json
import re
from abc import ABC, abstractmethod
from functools import cached_property, singledispatch

ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_PATTERN = re.compile(r"[0-9a-f]{64}")


@singledispatch
def kind(value):
    return "other"


@kind.register(str)
def _(value):
    return "text"


@kind.register
def _(value: bool):
    return "flag"


@kind.register(int)
def _(value):
    return "number"


@kind.register(dict)
def _(value):
    return "mapping"


class Rule(ABC):
    @abstractmethod
    def check(self, value):
        """True when value is acceptable."""

    def require(self, value, what):
        if not self.check(value):
            raise ValueError(f"{what} is not acceptable")
        return value


class Pattern(Rule):
    def __init__(self, pattern):
        self.pattern = pattern

    def check(self, value):
        return kind(value) == "text" and self.pattern.fullmatch(value) is not None


class Count(Rule):
    def __init__(self, top):
        self.top = top

    def check(self, value):
        return kind(value) == "number" and 0 <= value <= self.top


class OneOf(Rule):
    def __init__(self, *choices):
        self.choices = choices

    def check(self, value):
        return kind(value) == "text" and value in self.choices


class Keys(Rule):
    def __init__(self, *names):
        self.names = set(names)

    def check(self, value):
        return kind(value) == "mapping" and set(value) == self.names


IDENT, TICKET, DIGEST = Pattern(ID_PATTERN), Pattern(TICKET_PATTERN), Pattern(HEX_PATTERN)
STATUS = OneOf("open", "done")


class Canonical:
    def __init__(self, proposal):
        self.proposal = proposal

    @cached_property
    def text(self):
        return json.dumps(self.proposal, sort_keys=True, ensure_ascii=True, separators=(",", ":"))

    @cached_property
    def digest(self):
        return hashlib.sha256(self.text.encode("ascii")).hexdigest()


def validate_ticket_proposal(proposal):
    Keys("call_id", "actor", "name", "version", "arguments").require(proposal, "proposal")
    for field in ("call_id", "actor", "name"):
        IDENT.require(proposal[field], field)
    Count(1_000_000).require(proposal["version"], "version")
    arguments = Keys("ticket", "status").require(proposal["arguments"], "arguments")
    TICKET.require(arguments["ticket"], "ticket")
    STATUS.require(arguments["status"], "status")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal):
    return Canonical(validate_ticket_proposal(proposal)).digest


def _check_host(actor, approved, state, completed):
    IDENT.require(actor, "actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    for digest in approved:
        DIGEST.require(digest, "approval")
    Keys("version", "tickets").require(state, "state")
    Count(1_000_001).require(state["version"], "state version")
    tickets = state["tickets"]
    if kind(tickets) != "mapping" or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for name, status in tickets.items():
        TICKET.require(name, "ticket")
        STATUS.require(status, "ticket status")
    if kind(completed) != "mapping" or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = Canonical(clean).digest
    if clean["call_id"] in completed:
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
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
