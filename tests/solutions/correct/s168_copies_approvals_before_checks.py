# Style: a cautious dispatcher that never touches the host's approval register: it takes a deep copy of
# approved before anything else (whatever the host passed), and checks and reads only that copy
import copy
import hashlib
import json
import re

ID = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET = r"[a-z][a-z0-9-]{0,31}"


def _ok(pattern, value):
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal")
    if not (_ok(ID, proposal["call_id"]) and _ok(ID, proposal["actor"]) and _ok(ID, proposal["name"])):
        raise ValueError("ids")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments")
    if not _ok(TICKET, arguments["ticket"]) or not _ok("open|done", arguments["status"]):
        raise ValueError("ticket/status")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    register = copy.deepcopy(approved)  # our own copy: nothing below can consume the host's approvals
    clean = validate_ticket_proposal(proposal)
    if not _ok(ID, actor):
        raise ValueError("actor")
    if not isinstance(register, set) or len(register) > 64 or not all(_ok("[0-9a-f]{64}", h) for h in register):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(_ok(TICKET, name) and _ok("open|done", status) for name, status in tickets.items()):
        raise ValueError("ticket entries")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**copy.deepcopy(row["result"]), "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in register:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
