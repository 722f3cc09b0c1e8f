"""Approval bound to the exact action (checkpoints 1-3).

The log keeps LogRow objects; a row says itself how it is copied (__copy__ and
__deepcopy__ handing the memo on), so the dispatcher can copy rows and results
with the copy module alone.
"""
import copy
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")
PROPOSAL_FIELDS = {"call_id", "actor", "name", "version", "arguments"}


class LogRow:
    """One completed call: its fingerprint and the result it gave."""

    def __init__(self, fingerprint, result):
        self.fingerprint = fingerprint
        self.result = result

    def __getitem__(self, key):  # rows read like the dicts of the lesson
        return getattr(self, key)

    def __copy__(self):
        return LogRow(self.fingerprint, dict(self.result))

    def __deepcopy__(self, memo):
        return LogRow(self.fingerprint, copy.deepcopy(self.result, memo))

    def __repr__(self):
        return f"LogRow({self.fingerprint[:8]}..., {self.result!r})"


def _id_ok(value, pattern=ID):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _status_ok(value):
    return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != PROPOSAL_FIELDS:
        raise ValueError("proposal must be a dict with exactly the five fields")
    if not all(_id_ok(proposal[key]) for key in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor and name must be ASCII ids")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("version must be an int 0..1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must hold exactly ticket and status")
    if not _id_ok(arguments["ticket"], TICKET) or not _status_ok(arguments["status"]):
        raise ValueError("invalid ticket or status")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    encoded = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return hashlib.sha256(encoded).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not _id_ok(actor):
        raise ValueError("actor must be an ASCII id")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    if not all(isinstance(item, str) and DIGEST.fullmatch(item) for item in approved):
        raise ValueError("approved holds SHA-256 hex strings only")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state must hold version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version must be an int 0..1000001")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets must hold 1..16 entries")
    if not all(_id_ok(name, TICKET) and _status_ok(status) for name, status in tickets.items()):
        raise ValueError("tickets must map ticket names to open/done")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _validate_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = copy.deepcopy(completed[clean["call_id"]])
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        row.result["replayed"] = True
        return row.result
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    row = LogRow(fingerprint, {"status": "ok", "version": state["version"], "ticket": ticket,
                               "value": value, "replayed": False})
    completed[clean["call_id"]] = row
    return copy.copy(row).result
