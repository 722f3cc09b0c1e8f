import json
import hashlib
import re

FIELDS = {"call_id", "actor", "name", "version", "arguments"}
ID_RE = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET_RE = r"[a-z][a-z0-9-]{0,31}"


def _valid_id(value):
    return isinstance(value, str) and re.fullmatch(ID_RE, value) is not None


def _valid_ticket(value):
    return isinstance(value, str) and re.fullmatch(TICKET_RE, value) is not None


def _valid_status(value):
    return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("proposal must have exactly the five fields")
    for field in ("call_id", "actor", "name"):
        if not _valid_id(proposal[field]):
            raise ValueError("invalid " + field)
    version = proposal["version"]
    if not isinstance(version, int) or version < 0 or version > 1000000:
        raise ValueError("version must be an integer from 0 to 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must be ticket and status")
    if not _valid_ticket(arguments["ticket"]):
        raise ValueError("invalid ticket")
    if not _valid_status(arguments["status"]):
        raise ValueError("status must be open or done")
    result = dict(proposal)
    result["arguments"] = dict(arguments)
    return result


def proposal_fingerprint(proposal):
    proposal = validate_ticket_proposal(proposal)
    text = json.dumps(proposal, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    if not _valid_id(actor):
        raise ValueError("invalid actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64")
    for item in approved:
        if not isinstance(item, str) or re.fullmatch(r"[0-9a-f]{64}", item) is None:
            raise ValueError("invalid approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("invalid state")
    if not isinstance(state["version"], int) or not 0 <= state["version"] <= 1000001:
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError("invalid tickets")
    for name, status in tickets.items():
        if not _valid_ticket(name) or not _valid_status(status):
            raise ValueError("invalid ticket in state")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("invalid completed")

    if proposal["actor"] != actor:
        return {"status": "forbidden"}
    if proposal["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(proposal)
    if proposal["call_id"] in completed:
        row = completed[proposal["call_id"]]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if proposal["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = proposal["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = proposal["arguments"]["status"]
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": proposal["arguments"]["status"], "replayed": False}
    completed[proposal["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
    return result
