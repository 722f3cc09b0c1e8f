# Style: a student who reaches the module through sys.modules[__name__] (THIS) and builds one checker per field
# with setattr(THIS, 'check_' + field, ...) at import, reads helpers back with getattr(THIS, name) (private ones
# too) and keeps the completed-log limit as a module attribute set the same way.
import copy
import hashlib
import json
import re
import sys

THIS = sys.modules[__name__]
_PATTERNS = {
    "call_id": r"[A-Za-z][A-Za-z0-9_-]{0,39}",
    "actor": r"[A-Za-z][A-Za-z0-9_-]{0,39}",
    "name": r"[A-Za-z][A-Za-z0-9_-]{0,39}",
    "ticket": r"[a-z][a-z0-9-]{0,31}",
    "digest": r"[0-9a-f]{64}",
}


def _pattern_checker(pattern):
    def check(value):
        return isinstance(value, str) and re.fullmatch(pattern, value) is not None
    return check


for _field, _pattern in _PATTERNS.items():
    setattr(THIS, "check_" + _field, _pattern_checker(_pattern))
setattr(THIS, "LOG_LIMIT", 64)
setattr(THIS, "_STATUSES", ("open", "done"))
del _field, _pattern


def _status_ok(value):
    return isinstance(value, str) and value in getattr(THIS, "_STATUSES")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal needs exactly call_id, actor, name, version, arguments")
    for field in ("call_id", "actor", "name"):
        if not getattr(THIS, "check_" + field)(proposal[field]):
            raise ValueError(field + " is invalid")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version is invalid")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments need exactly ticket and status")
    if not check_ticket(arguments["ticket"]) or not getattr(THIS, "_status_ok")(arguments["status"]):  # noqa: F821
        raise ValueError("ticket or status is invalid")
    result = dict(proposal)
    result["arguments"] = dict(arguments)
    return result


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not check_actor(actor):  # noqa: F821
        raise ValueError("host actor is invalid")
    if not isinstance(approved, set) or len(approved) > 64 or not all(map(check_digest, approved)):  # noqa: F821
        raise ValueError("approved is invalid")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state is invalid")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version is invalid")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state tickets are invalid")
    for ticket, status in tickets.items():
        if not check_ticket(ticket) or not _status_ok(status):  # noqa: F821
            raise ValueError("state ticket entry is invalid")
    if not isinstance(completed, dict) or len(completed) > THIS.LOG_LIMIT:
        raise ValueError("completed is invalid")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = copy.deepcopy(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= LOG_LIMIT:  # noqa: F821
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
