# Violates D5/D6 (V4 via D5): dispatch_ticket answers a known call id whose stored proposal equals (==) the new
# one as a replay before validating the proposal ("it was validated when it first ran"). But == treats
# version False as 0 and 1.0 as 1, so {**p, 'version': False} after p succeeded is replayed, not a ValueError.
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")
FIELDS = {"call_id", "actor", "name", "version", "arguments"}



def _matches(pattern, value):
    return type(value) is str and pattern.fullmatch(value) is not None


def _fields_ok(call_id, actor, name, version, ticket, status):
    ok = (all(_matches(ID, v) for v in (call_id, actor, name))
          and type(version) is int and 0 <= version <= 1000000
          and _matches(TICKET, ticket) and type(status) is str and status in ("open", "done"))
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


def _known(proposal, completed):
    """The stored row when this exact proposal already ran under its call id, else None."""
    if type(proposal) is not dict:
        return None
    call_id = proposal.get("call_id")
    if type(call_id) is not str or call_id not in completed:
        return None
    row = completed[call_id]
    return row if row["proposal"] == proposal else None


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    row = _known(proposal, completed)
    if row is not None:  # the same proposal ran before: it was validated then
        if row["proposal"]["actor"] != actor:
            return {"status": "forbidden"}
        return {**row["result"], "replayed": True}
    clean = validate_ticket_proposal(proposal)
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
    completed[call_id] = {"fingerprint": digest, "proposal": clean, "result": dict(result)}
    return result
