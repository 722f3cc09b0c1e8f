"""Wrong: F4: proposal_fingerprint checks a set_ticket proposal with rules typed out once more, whose ticket rule
[a-z0-9-]{1,32} also takes a digit or a hyphen first, so {**p, 'arguments': {'ticket': '-lamp', 'status': 'done'}}
gets a fingerprint; other tools go through validate_ticket_proposal."""
import copy
import hashlib
import json
import re

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
FIELDS = {"call_id", "actor", "name", "version", "arguments"}
STATUSES = ("open", "done")


def _ok(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("a proposal has exactly five fields")
    for field in ("call_id", "actor", "name"):
        if not _ok(ID_RE, proposal[field]):
            raise ValueError(f"invalid {field}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("invalid version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("invalid arguments")
    if not _ok(TICKET_RE, arguments["ticket"]):
        raise ValueError("invalid ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in STATUSES:
        raise ValueError("invalid status")
    return {**proposal, "arguments": dict(arguments)}


# The one write tool the host approves: its schema, spelled out where the fingerprint is made.
SET_TICKET_SCHEMA = {
    "call_id": re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}"),
    "actor": re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}"),
    "name": re.compile(r"set_ticket"),
    "ticket": re.compile(r"[a-z0-9-]{1,32}"),
    "status": re.compile(r"open|done"),
}


def _check_set_ticket(proposal):
    if set(proposal) != FIELDS:
        raise ValueError("fields")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments")
    values = {**proposal, **arguments}
    for key, pattern in SET_TICKET_SCHEMA.items():
        if not _ok(pattern, values[key]):
            raise ValueError(key)
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1_000_000:
        raise ValueError("version")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal):
    if isinstance(proposal, dict) and proposal.get("name") == "set_ticket":
        clean = _check_set_ticket(proposal)
    else:
        clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _ok(ID_RE, actor):
        raise ValueError("host actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_ok(HEX_RE, a) for a in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for key, value in tickets.items():
        if not _ok(TICKET_RE, key) or not isinstance(value, str) or value not in STATUSES:
            raise ValueError("ticket pair")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


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
        if completed[call_id]["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**copy.deepcopy(completed[call_id]["result"]), "replayed": True}
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
