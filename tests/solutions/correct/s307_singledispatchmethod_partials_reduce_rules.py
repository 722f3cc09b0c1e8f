# Style: a functools/operator showcase: a Checker class whose field checks are functools.partial objects of one
# generic method (set up in __init__), a singledispatchmethod that sorts values by type before they are judged
# (int, with bool registered apart), itertools.starmap/chain, operator.itemgetter, and functools.reduce folding
# rule tables of (status, predicate) pairs into the first refusal.
import functools
import hashlib
import itertools
import json
import operator
import string
from functools import singledispatchmethod

ID_FIRST = frozenset(string.ascii_letters)
ID_REST = frozenset(string.ascii_letters + string.digits + "_-")
TICKET_FIRST = frozenset(string.ascii_lowercase)
TICKET_REST = frozenset(string.ascii_lowercase + string.digits + "-")
HEX = frozenset("0123456789abcdef")


class Checker:
    """Shape checks that raise ValueError; every check returns the value it accepted."""

    def __init__(self):
        self.identifier = functools.partial(self.word, first=ID_FIRST, rest=ID_REST, longest=40)
        self.ticket = functools.partial(self.word, first=TICKET_FIRST, rest=TICKET_REST, longest=32)

    def word(self, value, label, *, first, rest, longest):
        if not isinstance(value, str) or not 1 <= len(value) <= longest:
            raise ValueError(f"{label}: expected 1..{longest} characters")
        if value[0] not in first or not set(value[1:]) <= rest:
            raise ValueError(f"{label}: invalid characters in {value!r}")
        return value


    def digest(self, value):
        if not isinstance(value, str) or len(value) != 64 or not set(value) <= HEX:
            raise ValueError("approval: expected 64 lowercase hex digits")
        return value

    @singledispatchmethod
    def number(self, value, top):
        raise ValueError(f"expected an int, got {type(value).__name__}")

    @number.register
    def _(self, value: int, top):
        if not 0 <= value <= top:
            raise ValueError(f"{value} is outside 0..{top}")
        return value

    @number.register
    def _(self, value: bool, top):
        raise ValueError("a bool is not a version")

    def status(self, value):
        if type(value) is not str or value not in ("open", "done"):
            raise ValueError("status must be 'open' or 'done'")
        return value

    def exact_keys(self, value, keys, label):
        if not isinstance(value, dict) or set(value) != set(keys):
            raise ValueError(f"{label}: expected exactly {', '.join(keys)}")
        return value


CHECK = Checker()
ID_FIELDS = ("call_id", "actor", "name")


def validate_ticket_proposal(proposal):
    CHECK.exact_keys(proposal, ID_FIELDS + ("version", "arguments"), "proposal")
    ids = dict(zip(ID_FIELDS, itertools.starmap(CHECK.identifier, ((proposal[f], f) for f in ID_FIELDS))))
    version = CHECK.number(proposal["version"], 1_000_000)
    arguments = CHECK.exact_keys(proposal["arguments"], ("ticket", "status"), "arguments")
    return {**ids, "version": version,
            "arguments": {"ticket": CHECK.ticket(arguments["ticket"], "ticket"),
                          "status": CHECK.status(arguments["status"])}}


_canonical = functools.partial(json.dumps, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def proposal_fingerprint(proposal):
    data = _canonical(validate_ticket_proposal(proposal)).encode("ascii")
    return hashlib.sha256(data).hexdigest()


def _check_host(actor, approved, state, completed):
    CHECK.identifier(actor, "actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 entries")
    list(map(CHECK.digest, approved))
    CHECK.exact_keys(state, ("version", "tickets"), "state")
    CHECK.number(state["version"], 1_000_001)
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state: 1..16 tickets")
    for name in itertools.chain(tickets):
        CHECK.ticket(name, "state ticket")
    list(map(CHECK.status, tickets.values()))
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed: a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    ticket, value = operator.itemgetter("ticket", "status")(clean["arguments"])
    refusals = (
        ("forbidden", lambda: clean["actor"] != actor),
        ("unknown-tool", lambda: clean["name"] != "set_ticket"),
        ("call-id-conflict", lambda: call_id in completed and completed[call_id]["fingerprint"] != digest),
    )
    later = (
        ("stale-version", lambda: clean["version"] != state["version"]),
        ("approval-required", lambda: digest not in approved),
        ("missing-ticket", lambda: ticket not in state["tickets"]),
        ("log-full", lambda: len(completed) >= 64),
    )
    first = functools.reduce(lambda found, rule: found or (rule[1]() and rule[0]), refusals, None)
    if first:
        return {"status": first}
    if call_id in completed:
        return {**completed[call_id]["result"], "replayed": True}
    first = functools.reduce(lambda found, rule: found or (rule[1]() and rule[0]), later, None)
    if first:
        return {"status": first}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": result.copy()}
    return result
