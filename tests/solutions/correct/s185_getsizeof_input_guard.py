# Style: defensive input handling: every str is size-checked with sys.getsizeof before a regex sees it (a guard
# against huge inputs), the dicts' sizes are bounded the same way, and all checks are assert statements turned
# into ValueError by one wrapper.
import functools
import hashlib
import json
import re
import sys

MAX_BYTES = 4096  # far above what any valid id, ticket or digest needs
ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def small_str(value):
    return isinstance(value, str) and sys.getsizeof(value) <= MAX_BYTES


def matches(pattern, value):
    return small_str(value) and pattern.fullmatch(value) is not None


def checked(function):
    @functools.wraps(function)
    def wrapper(*args):
        try:
            return function(*args)
        except AssertionError as error:
            raise ValueError(*error.args) from None
    return wrapper


@checked
def validate_ticket_proposal(proposal):
    assert isinstance(proposal, dict) and sys.getsizeof(proposal) <= MAX_BYTES, "proposal"
    assert set(proposal) == {"call_id", "actor", "name", "version", "arguments"}, "fields"
    assert all(matches(ID, proposal[key]) for key in ("call_id", "actor", "name")), "ids"
    assert type(proposal["version"]) is int and 0 <= proposal["version"] <= 1_000_000, "version"
    arguments = proposal["arguments"]
    assert isinstance(arguments, dict) and set(arguments) == {"ticket", "status"}, "arguments"
    assert matches(TICKET, arguments["ticket"]), "ticket"
    assert small_str(arguments["status"]) and arguments["status"] in ("open", "done"), "status"
    return {**proposal, "arguments": dict(arguments)}


@checked
def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, separators=(",", ":")).encode("ascii")).hexdigest()


@checked
def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    assert matches(ID, actor), "actor"
    assert isinstance(approved, set) and len(approved) <= 64, "approved"
    assert all(matches(DIGEST, digest) for digest in approved), "digests"
    assert isinstance(state, dict) and set(state) == {"version", "tickets"}, "state"
    assert type(state["version"]) is int and 0 <= state["version"] <= 1_000_001, "state version"
    tickets = state["tickets"]
    assert isinstance(tickets, dict) and 1 <= len(tickets) <= 16, "tickets"
    assert all(matches(TICKET, t) and small_str(s) and s in ("open", "done") for t, s in tickets.items()), "pairs"
    assert isinstance(completed, dict) and len(completed) <= 64, "completed"
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
