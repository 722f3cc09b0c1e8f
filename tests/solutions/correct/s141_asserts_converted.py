# Style: assert statements inside try, every AssertionError turned into a ValueError
import hashlib
import json
import re


def _checked(check):
    try:
        check()
    except (AssertionError, KeyError, TypeError) as problem:
        raise ValueError(str(problem) or "invalid input") from problem


def _assert_id(value, what):
    assert isinstance(value, str), f"{what} must be a str"
    assert re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value), f"{what} has a bad form"


def _assert_ticket(value):
    assert isinstance(value, str), "ticket must be a str"
    assert re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value), "ticket has a bad form"


def _assert_status(value):
    assert isinstance(value, str) and value in ("open", "done"), "status must be open or done"


def _assert_proposal(proposal):
    assert isinstance(proposal, dict), "proposal must be a dict"
    assert set(proposal) == {"call_id", "actor", "name", "version", "arguments"}, "wrong fields"
    for key in ("call_id", "actor", "name"):
        _assert_id(proposal[key], key)
    assert type(proposal["version"]) is int, "version must be an int"
    assert 0 <= proposal["version"] <= 1000000, "version out of range"
    assert isinstance(proposal["arguments"], dict), "arguments must be a dict"
    assert set(proposal["arguments"]) == {"ticket", "status"}, "wrong argument fields"
    _assert_ticket(proposal["arguments"]["ticket"])
    _assert_status(proposal["arguments"]["status"])


def _assert_host(actor, approved, state, completed):
    _assert_id(actor, "actor")
    assert isinstance(approved, set) and len(approved) <= 64, "approved must be a set of at most 64"
    for digest in approved:
        assert isinstance(digest, str) and re.fullmatch(r"[0-9a-f]{64}", digest), "bad approval"
    assert isinstance(state, dict) and set(state) == {"version", "tickets"}, "bad state"
    assert type(state["version"]) is int and 0 <= state["version"] <= 1000001, "bad state version"
    assert isinstance(state["tickets"], dict) and 1 <= len(state["tickets"]) <= 16, "bad tickets"
    for ticket, status in state["tickets"].items():
        _assert_ticket(ticket)
        _assert_status(status)
    assert isinstance(completed, dict) and len(completed) <= 64, "bad completed"


def validate_ticket_proposal(proposal):
    """Returns a new dict with copied arguments; raises ValueError when an assertion fails."""
    _checked(lambda: _assert_proposal(proposal))
    return dict(proposal, arguments=dict(proposal["arguments"]))


def proposal_fingerprint(proposal):
    """Returns the SHA-256 hexdigest of C(p); raises ValueError for an invalid proposal."""
    return hashlib.sha256(json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                                     separators=(",", ":")).encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; raises ValueError on invalid input; only success writes state and completed."""
    p = validate_ticket_proposal(proposal)
    _checked(lambda: _assert_host(actor, approved, state, completed))
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        if completed[p["call_id"]]["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dict(completed[p["call_id"]]["result"], replayed=True)
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] += 1
    result = dict(status="ok", version=state["version"], ticket=p["arguments"]["ticket"],
                  value=p["arguments"]["status"], replayed=False)
    completed[p["call_id"]] = dict(fingerprint=digest, result=dict(result))
    return result
