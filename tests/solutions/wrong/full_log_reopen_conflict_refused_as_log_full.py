"""Wrong: D7: at a full log, a known call id with other content that would reopen its ticket (status 'open' for a ticket
that is 'done') is refused with log-full instead of call-id-conflict."""
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
TICKET = re.compile(r"[a-z][a-z0-9-]*")
DIGEST = re.compile(r"[0-9a-f]{64}")
FIELDS = {"call_id", "actor", "name", "version", "arguments"}
STATUSES = ("open", "done")
MAX_VERSION = 1000000
MAX_APPROVALS = 64
MAX_TICKETS = 16
MAX_ROWS = 64


LENGTHS = {ID: 40, TICKET: 32, DIGEST: 64}


def matches(pattern, value):
    """True when ``value`` is a str that the whole ``pattern`` matches, within the pattern's length."""
    return type(value) is str and len(value) <= LENGTHS[pattern] and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != FIELDS:
        raise ValueError
    for field in ("call_id", "actor", "name"):
        if not matches(ID, proposal[field]):
            raise ValueError
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= MAX_VERSION:
        raise ValueError
    arguments = proposal["arguments"]
    if type(arguments) is not dict or set(arguments) != {"ticket", "status"}:
        raise ValueError
    if not matches(TICKET, arguments["ticket"]) or arguments["status"] not in STATUSES:
        raise ValueError
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def check_host_input(actor, approved, state, completed):
    """Raise ValueError unless the host's own inputs have the shape CONTRACT.md D1-D4 require."""
    if not matches(ID, actor):
        raise ValueError
    if type(approved) is not set or len(approved) > MAX_APPROVALS:
        raise ValueError
    if not all(matches(DIGEST, digest) for digest in approved):
        raise ValueError
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError
    version, tickets = state["version"], state["tickets"]
    if type(version) is not int or not 0 <= version <= MAX_VERSION + 1:
        raise ValueError
    if type(tickets) is not dict or not 1 <= len(tickets) <= MAX_TICKETS:
        raise ValueError
    if not all(matches(TICKET, ticket) and status in STATUSES for ticket, status in tickets.items()):
        raise ValueError
    if type(completed) is not dict or len(completed) > MAX_ROWS:
        raise ValueError


def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    check_host_input(actor, approved, state, completed)
    if proposal["actor"] != actor:
        return {"status": "forbidden"}
    if proposal["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(proposal)
    call_id = proposal["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            ticket = proposal["arguments"]["ticket"]
            reopen = proposal["arguments"]["status"] == "open" and state["tickets"].get(ticket) == "done"
            if reopen and len(completed) >= MAX_ROWS:
                return {"status": "log-full"}
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if proposal["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket = proposal["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= MAX_ROWS:
        return {"status": "log-full"}
    value = proposal["arguments"]["status"]
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": dict(result)}
    return result
