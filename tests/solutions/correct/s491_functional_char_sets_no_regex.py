"""Bind an approval to the exact action: validation, fingerprint, dispatcher.

Written without regular expressions: every identifier is checked character by
character against sets of allowed characters, in a functional style.
"""
from functools import partial
from hashlib import sha256
from itertools import chain, islice
from json import dumps
from operator import contains, itemgetter
import string

__all__ = ["validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket"]

ID_FIRST = frozenset(string.ascii_letters)
ID_REST = frozenset(string.ascii_letters + string.digits + "_-")
TICKET_FIRST = frozenset(string.ascii_lowercase)
TICKET_REST = frozenset(string.ascii_lowercase + string.digits + "-")
HEX = frozenset("0123456789abcdef")
PROPOSAL_KEYS = dict.fromkeys(["call_id", "actor", "name", "version", "arguments"]).keys()
ARGUMENT_KEYS = {"ticket", "status"}
STATE_KEYS = {"version", "tickets"}
STATUSES = ("open", "done")
ID_FIELDS = itemgetter("call_id", "actor", "name")


def _word(first, rest, longest, value):
    """True if value is a str of 1..longest chars: one from first, then from rest."""
    return (isinstance(value, str) and 0 < len(value) <= longest and value[0] in first
            and all(map(partial(contains, rest), islice(value, 1, None))))


is_id = partial(_word, ID_FIRST, ID_REST, 40)
is_ticket = partial(_word, TICKET_FIRST, TICKET_REST, 32)


def is_status(value):
    return isinstance(value, str) and value in STATUSES


def is_digest(value):
    return isinstance(value, str) and len(value) == 64 and HEX.issuperset(value)


def is_int_in(low, high, value):
    return type(value) is int and low <= value <= high


def _fail(message):
    raise ValueError(message)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or proposal.keys() != PROPOSAL_KEYS:
        _fail("a proposal is a dict with exactly call_id, actor, name, version and arguments")
    if not all(map(is_id, ID_FIELDS(proposal))):
        _fail("call_id, actor and name must be ASCII ids")
    if not is_int_in(0, 1_000_000, proposal["version"]):
        _fail("version must be an int 0..1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or arguments.keys() != ARGUMENT_KEYS:
        _fail("arguments must hold exactly ticket and status")
    if not is_ticket(arguments["ticket"]) or not is_status(arguments["status"]):
        _fail("invalid ticket or status")
    return {**proposal, "arguments": {**arguments}}


def proposal_fingerprint(proposal):
    text = dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return sha256(text.encode("ascii")).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not is_id(actor):
        _fail("actor must be an ASCII id")
    if not isinstance(approved, set) or len(approved) > 64 or not all(map(is_digest, approved)):
        _fail("approved must be a set of at most 64 SHA-256 hex strings")
    if not isinstance(state, dict) or state.keys() != STATE_KEYS:
        _fail("state must hold exactly version and tickets")
    tickets = state["tickets"]
    if not is_int_in(0, 1_000_001, state["version"]) or not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        _fail("state version or tickets out of range")
    if not all(chain(map(is_ticket, tickets.keys()), map(is_status, tickets.values()))):
        _fail("tickets must map ticket names to open/done")
    if not isinstance(completed, dict) or len(completed) > 64:
        _fail("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _validate_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    call_id, proposer, name = ID_FIELDS(clean)
    if proposer != actor:
        return {"status": "forbidden"}
    if name != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    ticket, value = itemgetter("ticket", "status")(clean["arguments"])
    refusal = next((status for status, refused in (
        ("stale-version", clean["version"] != state["version"]),
        ("approval-required", digest not in approved),
        ("missing-ticket", ticket not in state["tickets"]),
        ("log-full", len(completed) >= 64),
    ) if refused), None)
    if refusal is not None:
        return {"status": refusal}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": {**result}}
    return {**result}
