"""Wrong: F4: proposal_fingerprint hashes a set_ticket proposal that reopens a ticket (status 'open') after checking
only its field names, so {**p, 'arguments': {'ticket': '1lamp', 'status': 'open'}} gets a fingerprint instead of a
ValueError; every other proposal goes through validate_ticket_proposal."""
import copy
import hashlib
import json
import re

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
FIELDS = {"call_id", "actor", "name", "version", "arguments"}
STATUSES = ("open", "done")


def _fits(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("a proposal has exactly five fields")
    for field in ("call_id", "actor", "name"):
        if not _fits(ID_RE, proposal[field]):
            raise ValueError(f"invalid {field}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("invalid version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("invalid arguments")
    if not _fits(TICKET_RE, arguments["ticket"]):
        raise ValueError("invalid ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in STATUSES:
        raise ValueError("invalid status")
    return {**proposal, "arguments": dict(arguments)}


def _is_reopen(proposal):
    """A set_ticket call that puts a ticket back to open: the host's everyday undo."""
    if not isinstance(proposal, dict) or proposal.get("name") != "set_ticket":
        return False
    arguments = proposal.get("arguments")
    return isinstance(arguments, dict) and arguments.get("status") == "open"


def proposal_fingerprint(proposal):
    if _is_reopen(proposal):
        # an undo only needs the right shape to be hashed
        if set(proposal) != FIELDS or set(proposal["arguments"]) != {"ticket", "status"}:
            raise ValueError("a proposal has exactly five fields")
        clean = copy.deepcopy(proposal)
    else:
        clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _host_input(actor, approved, state, completed):
    if not _fits(ID_RE, actor):
        raise ValueError("host actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_fits(HEX_RE, d) for d in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for ticket, status in tickets.items():
        if not _fits(TICKET_RE, ticket) or not isinstance(status, str) or status not in STATUSES:
            raise ValueError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host_input(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**copy.deepcopy(row["result"]), "replayed": True}
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
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
