# Style: operator.index to refuse non-integers, bool refused with "is True/is False", raise ... from None
import hashlib
import json
import operator
import re

_ID = "[A-Za-z][A-Za-z0-9_-]{0,39}"
_TICKET = "[a-z][a-z0-9-]{0,31}"


def _integer(value, upper):
    if value is True or value is False:
        raise ValueError("a bool is not a version")
    try:
        number = operator.index(value)
    except TypeError:
        raise ValueError("version must be an int") from None
    if number < 0 or number > upper:
        raise ValueError("version out of range")
    return number


def _string(value, pattern):
    try:
        ok = re.fullmatch(pattern, value)
    except TypeError:
        raise ValueError("expected a string") from None
    if not ok:
        raise ValueError(f"{value!r} does not match {pattern}")
    return value


def _keys(mapping, expected):
    try:
        keys = set(mapping.keys())
    except AttributeError:
        raise ValueError("expected a dict") from None
    if not isinstance(mapping, dict) or keys != expected:
        raise ValueError(f"expected exactly {sorted(expected)}")


def validate_ticket_proposal(proposal):
    """Returns a new proposal dict with its own arguments dict; raises ValueError for invalid input."""
    _keys(proposal, {"call_id", "actor", "name", "version", "arguments"})
    clean = {key: _string(proposal[key], _ID) for key in ("call_id", "actor", "name")}
    if type(proposal["version"]) is not int:
        raise ValueError("version must be a plain int")
    clean["version"] = _integer(proposal["version"], 1000000)
    _keys(proposal["arguments"], {"ticket", "status"})
    status = proposal["arguments"]["status"]
    if status != "open" and status != "done":
        raise ValueError("status must be open or done")
    clean["arguments"] = {"ticket": _string(proposal["arguments"]["ticket"], _TICKET), "status": _string(status, "open|done")}
    return clean


def proposal_fingerprint(proposal):
    """Returns the lowercase hex SHA-256 of the canonical JSON; raises ValueError for invalid input."""
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, separators=(",", ":"), sort_keys=True).encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; raises ValueError for invalid input; only success writes state and completed."""
    p = validate_ticket_proposal(proposal)
    _string(actor, _ID)
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    for digest in approved:
        _string(digest, "[0-9a-f]{64}")
    _keys(state, {"version", "tickets"})
    if type(state["version"]) is not int:
        raise ValueError("state version must be an int")
    _integer(state["version"], 1000001)
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets must hold 1..16 entries")
    for ticket, status in tickets.items():
        _string(ticket, _TICKET)
        if status != "open" and status != "done":
            raise ValueError("bad ticket status")
        _string(status, "open|done")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed must be a dict of at most 64 rows")

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = p["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = p["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
    return result
