# Style: validation by a schema table of predicates, canonical JSON written by hand (F1: "writing it differently is fine"), json round-trip copies
import hashlib
import json
import re

def _matches(pattern):
    compiled = re.compile(pattern, re.ASCII)
    return lambda v: type(v) is str and compiled.fullmatch(v) is not None

IS_ID = _matches(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
IS_TICKET = _matches(r"[a-z][a-z0-9-]{0,31}")
IS_STATUS = lambda v: type(v) is str and v in {"open": 1, "done": 1}
IS_VERSION = lambda v: type(v) is int and 0 <= v <= 1000000
IS_DIGEST = _matches(r"[0-9a-f]{64}")

ARGUMENT_SCHEMA = {"ticket": IS_TICKET, "status": IS_STATUS}

def _is_arguments(v):
    return _conforms(v, ARGUMENT_SCHEMA)

SCHEMA = {
    "call_id": IS_ID,
    "actor": IS_ID,
    "name": IS_ID,
    "version": IS_VERSION,
    "arguments": _is_arguments,
}

def _conforms(value, schema):
    if type(value) is not dict:
        return False
    if value.keys() != schema.keys():
        return False
    return all(check(value[key]) for key, check in schema.items())


def validate_ticket_proposal(proposal):
    if not _conforms(proposal, SCHEMA):
        raise ValueError("proposal does not match the schema")
    return json.loads(json.dumps(proposal))


def _canonical(value):
    if type(value) is dict:
        return "{" + ",".join('"' + k + '":' + _canonical(value[k]) for k in sorted(value)) + "}"
    if type(value) is str:
        return '"' + value + '"'   # valid ids/tickets/statuses need no escaping
    return str(value)


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(_canonical(clean).encode()).hexdigest()


HOST_SCHEMA = {
    "version": lambda v: type(v) is int and 0 <= v <= 1000001,
    "tickets": lambda t: type(t) is dict and 0 < len(t) < 17 and all(IS_TICKET(k) and IS_STATUS(s) for k, s in t.items()),
}


def dispatch_ticket(proposal, actor, approved, state, completed):
    checks = [
        IS_ID(actor),
        type(approved) is set and len(approved) <= 64 and all(IS_DIGEST(d) for d in approved),
        _conforms(state, HOST_SCHEMA),
        type(completed) is dict and len(completed) <= 64,
    ]
    if not all(checks):
        raise ValueError("host input")
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    canonical = _canonical(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["canonical"] != canonical:
            return {"status": "call-id-conflict"}
        again = json.loads(json.dumps(row["result"]))
        again["replayed"] = True
        return again
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if hashlib.sha256(canonical.encode()).hexdigest() not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"canonical": canonical, "result": json.loads(json.dumps(result))}
    return result
