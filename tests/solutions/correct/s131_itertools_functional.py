# Style: functional: map/filter/any(map(...)), itertools.islice/filterfalse/starmap, operator helpers
import hashlib
import itertools
import json
import operator
from functools import partial, reduce

LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")
DIGITS = frozenset("0123456789")
HEX = DIGITS | frozenset("abcdef")


def _shaped(first, rest, longest, value):
    return (isinstance(value, str) and 0 < len(value) <= longest and value[0] in first
            and not any(itertools.filterfalse(rest.__contains__, value[1:])))


is_id = partial(_shaped, LETTERS, LETTERS | DIGITS | {"_", "-"}, 40)
is_ticket = partial(_shaped, LOWER, LOWER | DIGITS | {"-"}, 32)


def is_hex(value):
    return isinstance(value, str) and len(value) == 64 and all(map(HEX.__contains__, value))


def is_status(value):
    return isinstance(value, str) and value in ("open", "done")


def in_range(value, top):
    return type(value) is int and reduce(operator.and_, [value >= 0, value <= top])


def validate_ticket_proposal(proposal):
    """Returns a copy of a valid proposal; ValueError for any invalid field."""
    if not isinstance(proposal, dict) or set(proposal) != {"actor", "arguments", "call_id", "name", "version"}:
        raise ValueError("proposal must have exactly the five fields")
    if not all(map(is_id, operator.itemgetter("call_id", "actor", "name")(proposal))):
        raise ValueError("bad identifiers")
    if not in_range(proposal["version"], 1000000):
        raise ValueError("bad version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"status", "ticket"}:
        raise ValueError("bad arguments")
    if not (is_ticket(args["ticket"]) and is_status(args["status"])):
        raise ValueError("bad ticket or status")
    return dict(itertools.chain(proposal.items(), [("arguments", dict(args))]))


def proposal_fingerprint(proposal):
    """Returns the lowercase hex SHA-256 of json.dumps(p, sort_keys, compact); ValueError if invalid."""
    return hashlib.sha256(json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                                     separators=(",", ":")).encode("ascii")).hexdigest()


def _host_ok(actor, approved, state, completed):
    return (is_id(actor)
            and isinstance(approved, set) and len(list(itertools.islice(approved, 65))) <= 64
            and all(map(is_hex, approved))
            and isinstance(state, dict) and set(state) == {"tickets", "version"}
            and in_range(state["version"], 1000001)
            and isinstance(state["tickets"], dict) and 1 <= len(state["tickets"]) <= 16
            and all(itertools.starmap(lambda k, v: is_ticket(k) and is_status(v), state["tickets"].items()))
            and isinstance(completed, dict) and len(completed) <= 64)


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; ValueError on invalid input; mutates state/completed only when ok."""
    p = validate_ticket_proposal(proposal)
    if not _host_ok(actor, approved, state, completed):
        raise ValueError("invalid host input")
    refusal = next(filter(None, [
        p["actor"] != actor and "forbidden",
        p["name"] != "set_ticket" and "unknown-tool",
    ]), None)
    if refusal:
        return {"status": refusal}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dict(itertools.chain(row["result"].items(), [("replayed", True)]))
    ticket, value = operator.itemgetter("ticket", "status")(p["arguments"])
    refusal = next(filter(None, [
        p["version"] != state["version"] and "stale-version",
        digest not in approved and "approval-required",
        ticket not in state["tickets"] and "missing-ticket",
        len(completed) >= 64 and "log-full",
    ]), None)
    if refusal:
        return {"status": refusal}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = dict(status="ok", version=state["version"], ticket=ticket, value=value, replayed=False)
    completed[p["call_id"]] = dict(fingerprint=digest, result=dict(result))
    return result
