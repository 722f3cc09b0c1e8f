"""operator style: the proposal's fields are pulled out with operator.itemgetter, checked by a table
of (getter, test) pairs, and the key sets are compared as sets."""
import hashlib
import json
import operator
import re
from operator import itemgetter

IDENT = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}").fullmatch
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}").fullmatch
HEXDIGEST = re.compile(r"[0-9a-f]{64}").fullmatch
FIELDS = ("actor", "arguments", "call_id", "name", "version")
get_fields = itemgetter(*FIELDS)
get_arguments = itemgetter("ticket", "status")
get_state = itemgetter("version", "tickets")


def _is_ident(value):
    return isinstance(value, str) and IDENT(value) is not None


def _is_ticket(value):
    return isinstance(value, str) and TICKET(value) is not None


def _is_status(value):
    return isinstance(value, str) and value in ("open", "done")


def _is_count(top):
    return lambda value: type(value) is int and operator.le(0, value) and operator.le(value, top)


RULES = (
    (itemgetter("call_id"), _is_ident),
    (itemgetter("actor"), _is_ident),
    (itemgetter("name"), _is_ident),
    (itemgetter("version"), _is_count(1_000_000)),
)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != set(FIELDS):
        raise ValueError("proposal fields")
    for getter, test in RULES:
        if not test(getter(proposal)):
            raise ValueError("proposal field")
    actor, arguments, call_id, name, version = get_fields(proposal)
    if not isinstance(arguments, dict) or set(arguments) != {"status", "ticket"}:
        raise ValueError("arguments")
    ticket, status = get_arguments(arguments)
    if not _is_ticket(ticket) or not _is_status(status):
        raise ValueError("ticket or status")
    return {"call_id": call_id, "actor": actor, "name": name, "version": version,
            "arguments": {"ticket": ticket, "status": status}}


def proposal_fingerprint(proposal):
    valid = validate_ticket_proposal(proposal)
    text = json.dumps(valid, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _host_ok(actor, approved, state, completed):
    if not _is_ident(actor):
        return False
    if not isinstance(approved, set) or len(approved) > 64:
        return False
    if not all(isinstance(item, str) and HEXDIGEST(item) for item in approved):
        return False
    if not isinstance(state, dict) or set(state) != {"tickets", "version"}:
        return False
    version, tickets = get_state(state)
    if not _is_count(1_000_001)(version) or not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        return False
    if not all(_is_ticket(name) and _is_status(status) for name, status in tickets.items()):
        return False
    return isinstance(completed, dict) and len(completed) <= 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    valid = validate_ticket_proposal(proposal)
    if not _host_ok(actor, approved, state, completed):
        raise ValueError("host input")
    if operator.ne(valid["actor"], actor):
        return {"status": "forbidden"}
    if valid["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(valid)
    call_id = valid["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if valid["version"] != state["version"]:
        return {"status": "stale-version"}
    if not operator.contains(approved, digest):
        return {"status": "approval-required"}
    ticket, status = get_arguments(valid["arguments"])
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] = operator.add(state["version"], 1)
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": dict(result)}
    return result
