# Violates V4 (inherited by F4/D5): validate_ticket_proposal memoises its verdict in a module dict keyed by
# the tuple of field values. True == 1 == 1.0 and False == 0 == 0.0 (same hash), so once p (version 0) has
# been accepted, {**p, 'version': False} or {**p, 'version': 0.0} hits the cache and is accepted too.
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")
FIELDS = {"call_id", "actor", "name", "version", "arguments"}

_VERDICTS = {}  # field values -> True: already reviewed, no need to run the regexes again


def _matches(pattern, value):
    return type(value) is str and pattern.fullmatch(value) is not None


def _fields_ok(call_id, actor, name, version, ticket, status):
    try:
        key = (call_id, actor, name, version, ticket, status)
        if _VERDICTS.get(key):
            return True
    except TypeError:  # an unhashable field: never valid
        return False
    ok = (all(_matches(ID, v) for v in (call_id, actor, name))
          and type(version) is int and 0 <= version <= 1000000
          and _matches(TICKET, ticket) and type(status) is str and status in ("open", "done"))
    if ok:
        _VERDICTS[key] = True
    return ok


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != FIELDS:
        raise ValueError("bad proposal")
    arguments = proposal["arguments"]
    if type(arguments) is not dict or set(arguments) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not _fields_ok(proposal["call_id"], proposal["actor"], proposal["name"], proposal["version"],
                      arguments["ticket"], arguments["status"]):
        raise ValueError("bad field")
    clean = dict(proposal)
    clean["arguments"] = dict(arguments)
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _matches(ID, actor):
        raise ValueError("bad actor")
    if type(approved) is not set or len(approved) > 64 or not all(_matches(DIGEST, d) for d in approved):
        raise ValueError("bad approved")
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError("bad tickets")
    for ticket, status in tickets.items():
        if not _matches(TICKET, ticket) or type(status) is not str or status not in ("open", "done"):
            raise ValueError("bad ticket pair")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("bad log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        row = completed[call_id]
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
    completed[call_id] = {"fingerprint": digest, "result": dict(result)}
    return result
