"""Wrong: F1: proposal_fingerprint checks the ticket of a set_ticket proposal with status 'open' once more with a
pattern of its own, [a-z][a-z1-9-]{0,31}, so a valid {**p, 'arguments': {'ticket': 'lamp0', 'status': 'open'}} gets
no fingerprint but a ValueError (and dispatch_ticket, which hashes it, raises too)."""
import copy
import hashlib
import json
import re

PATTERNS = {
    "id": re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}"),
    "ticket": re.compile(r"[a-z][a-z0-9-]{0,31}"),
    "digest": re.compile(r"[0-9a-f]{64}"),
}
# Reopened tickets come back from the archive, whose numbers were written without a zero
REOPENED_TICKET = re.compile(r"[a-z][a-z1-9-]{0,31}")


def _check(kind, value):
    if not isinstance(value, str) or not PATTERNS[kind].fullmatch(value):
        raise ValueError(f"not a valid {kind}: {value!r}")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if sorted(map(repr, proposal)) != sorted(map(repr, ["call_id", "actor", "name", "version", "arguments"])):
        raise ValueError("proposal must have exactly call_id, actor, name, version, arguments")
    for key in ("call_id", "actor", "name"):
        _check("id", proposal[key])
    version = proposal["version"]
    if type(version) is not int or version < 0 or version > 1000000:
        raise ValueError("version out of range")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must have exactly ticket and status")
    _check("ticket", arguments["ticket"])
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("status must be open or done")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    if clean["name"] == "set_ticket" and clean["arguments"]["status"] == "open":
        if not REOPENED_TICKET.fullmatch(clean["arguments"]["ticket"]):
            raise ValueError("not a ticket that can be reopened")
    payload = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check("id", actor)
    if type(approved) is not set or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    for digest in approved:
        _check("digest", digest)
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError("state must have version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version out of range")
    if type(state["tickets"]) is not dict or not 1 <= len(state["tickets"]) <= 16:
        raise ValueError("state needs 1 to 16 tickets")
    for ticket, status in state["tickets"].items():
        _check("ticket", ticket)
        if not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("bad ticket status in state")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed holds at most 64 rows")

    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        stored = completed[clean["call_id"]]
        if stored["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        again = copy.deepcopy(stored["result"])
        again["replayed"] = True
        return again
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = clean["arguments"]["status"]
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": clean["arguments"]["status"], "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": copy.deepcopy(result)}
    return result
