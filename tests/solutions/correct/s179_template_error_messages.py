# Style: every error message comes from a table of string.Template texts filled in with substitute(), a Template
# subclass with its own delimiter for the debug lines, and the canonical JSON text built by hand for checking
# against json.dumps in a self-test.
import hashlib
import json
import re
from string import Template

MESSAGES = {
    "type": Template("$what must be a $kind, not $got"),
    "keys": Template("$what needs exactly the keys $keys"),
    "pattern": Template("$what '${value}' does not match $pattern"),
    "range": Template("$what must be between $low and $high, got $value"),
}


class Debug(Template):
    delimiter = "%"


TRACE = Debug("dispatch %call_id: %status")
PATTERNS = {"id": re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}"), "ticket": re.compile(r"[a-z][a-z0-9-]{0,31}"),
            "digest": re.compile(r"[0-9a-f]{64}")}


def fail(message, **details):
    raise ValueError(MESSAGES[message].substitute(details))


def expect_type(what, value, kind):
    if not isinstance(value, kind) or isinstance(value, bool):
        fail("type", what=what, kind=kind.__name__, got=type(value).__name__)


def expect_keys(what, value, keys):
    expect_type(what, value, dict)
    if set(value) != set(keys):
        fail("keys", what=what, keys=", ".join(sorted(keys)))


def expect_pattern(what, value, pattern):
    expect_type(what, value, str)
    if not PATTERNS[pattern].fullmatch(value):
        fail("pattern", what=what, value=value, pattern=pattern)


def expect_range(what, value, low, high):
    if type(value) is not int:
        fail("type", what=what, kind="int", got=type(value).__name__)
    if not low <= value <= high:
        fail("range", what=what, low=low, high=high, value=value)


def expect_status(what, value):
    expect_type(what, value, str)
    if value not in ("open", "done"):
        fail("pattern", what=what, value=value, pattern="open|done")


def validate_ticket_proposal(proposal):
    expect_keys("proposal", proposal, ["call_id", "actor", "name", "version", "arguments"])
    for field in ("call_id", "actor", "name"):
        expect_pattern(field, proposal[field], "id")
    expect_range("version", proposal["version"], 0, 1000000)
    arguments = proposal["arguments"]
    expect_keys("arguments", arguments, ["ticket", "status"])
    expect_pattern("ticket", arguments["ticket"], "ticket")
    expect_status("status", arguments["status"])
    return {**proposal, "arguments": dict(arguments)}


def canonical(proposal):
    arguments = proposal["arguments"]
    return ('{"actor":"%s","arguments":{"status":"%s","ticket":"%s"},"call_id":"%s","name":"%s","version":%d}'
            % (proposal["actor"], arguments["status"], arguments["ticket"], proposal["call_id"], proposal["name"],
               proposal["version"]))


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(canonical(clean).encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    expect_pattern("actor", actor, "id")
    expect_type("approved", approved, set)
    if len(approved) > 64:
        fail("range", what="approved", low=0, high=64, value=len(approved))
    for digest in approved:
        expect_pattern("approval", digest, "digest")
    expect_keys("state", state, ["version", "tickets"])
    expect_range("state version", state["version"], 0, 1000001)
    expect_type("tickets", state["tickets"], dict)
    if not 1 <= len(state["tickets"]) <= 16:
        fail("range", what="tickets", low=1, high=16, value=len(state["tickets"]))
    for ticket, status in state["tickets"].items():
        expect_pattern("ticket", ticket, "ticket")
        expect_status("status", status)
    expect_type("completed", completed, dict)
    if len(completed) > 64:
        fail("range", what="completed", low=0, high=64, value=len(completed))

    if clean["actor"] != actor:
        outcome = {"status": "forbidden"}
    elif clean["name"] != "set_ticket":
        outcome = {"status": "unknown-tool"}
    else:
        outcome = _decide(clean, approved, state, completed)
    print(TRACE.substitute(call_id=clean["call_id"], status=outcome["status"]))
    return outcome


def _decide(clean, approved, state, completed):
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
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result


_sample = {"call_id": "c1", "actor": "anna", "name": "set_ticket", "version": 0,
           "arguments": {"ticket": "lamp", "status": "done"}}
assert canonical(_sample) == json.dumps(_sample, sort_keys=True, separators=(",", ":"))
