# Style: hashlib.new("sha256") fed with update(), encoding spelled "us-ascii", digest().hex(), copy.copy
import copy
import hashlib
import json
import re

FIELDS = ("actor", "arguments", "call_id", "name", "version")


def _need(condition, message):
    if not condition:
        raise ValueError(message)


def _id(value):
    return isinstance(value, str) and bool(re.fullmatch(r"[A-Za-z][A-Za-z0-9_\-]{0,39}", value))


def _ticket(value):
    return isinstance(value, str) and bool(re.fullmatch(r"[a-z][a-z0-9\-]{0,31}", value))


def _status(value):
    return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    """Returns a shallow copy of the proposal with a copied arguments dict; raises ValueError if invalid."""
    _need(isinstance(proposal, dict), "proposal must be a dict")
    _need(tuple(sorted(proposal)) == FIELDS if all(isinstance(k, str) for k in proposal) else False,
          "exact fields required")
    _need(_id(proposal["call_id"]) and _id(proposal["actor"]) and _id(proposal["name"]), "bad identifiers")
    _need(type(proposal["version"]) is int and 0 <= proposal["version"] <= 1000000, "bad version")
    arguments = proposal["arguments"]
    _need(isinstance(arguments, dict) and set(arguments) == {"ticket", "status"}, "bad arguments")
    _need(_ticket(arguments["ticket"]) and _status(arguments["status"]), "bad ticket or status")
    clean = copy.copy(proposal)
    clean["arguments"] = copy.copy(arguments)
    return clean


def proposal_fingerprint(proposal):
    """Returns the SHA-256 of C(p) as 64 lowercase hex digits; raises ValueError if invalid."""
    clean = validate_ticket_proposal(proposal)
    h = hashlib.new("sha256")
    h.update(json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("us-ascii"))
    return h.digest().hex()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns the outcome dict; raises ValueError for invalid input; mutates state/completed on success."""
    p = validate_ticket_proposal(proposal)
    _need(_id(actor), "bad actor")
    _need(isinstance(approved, set) and len(approved) <= 64, "bad approved")
    _need(all(isinstance(a, str) and re.fullmatch(r"[0-9a-f]{64}", a) for a in approved), "bad approval")
    _need(isinstance(state, dict) and set(state) == {"version", "tickets"}, "bad state")
    _need(type(state["version"]) is int and 0 <= state["version"] <= 1000001, "bad state version")
    tickets = state["tickets"]
    _need(isinstance(tickets, dict) and 1 <= len(tickets) <= 16, "bad tickets")
    _need(all(_ticket(t) and _status(s) for t, s in tickets.items()), "bad ticket entries")
    _need(isinstance(completed, dict) and len(completed) <= 64, "bad completed")

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    if p["call_id"] in completed:
        saved = completed[p["call_id"]]
        if saved["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        again = copy.copy(saved["result"])
        again["replayed"] = True
        return again
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": fp, "result": copy.copy(result)}
    return result
