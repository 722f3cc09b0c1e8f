"""Ticket dispatcher with an approval bound to the exact proposal.

Problems are collected per field into an ExceptionGroup; callers pick them
apart by field. The host actor of the running call lives in a
ContextVar, and status words are interned so they can be compared cheaply.
"""
import contextvars
import hashlib
import json
import re
import sys

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}", re.ASCII)
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}", re.ASCII)
HEX_RE = re.compile(r"[0-9a-f]{64}", re.ASCII)
FIELDS = frozenset({"call_id", "actor", "name", "version", "arguments"})
STATUSES = tuple(sys.intern(s) for s in ("open", "done"))
MAX_VERSION = 1_000_000
MAX_LOG = 64

current_actor = contextvars.ContextVar("current_actor", default=None)


class FieldError(ValueError):
    def __init__(self, field, message):
        super().__init__(f"{field}: {message}")
        self.field = field


class _Cache:
    """Remembers the last fingerprints computed, without keeping dicts alive."""

    def __init__(self):
        self._by_text = {}

    def digest(self, text):
        found = self._by_text.get(text)
        if found is None:
            found = hashlib.sha256(text.encode("ascii")).hexdigest()
            if len(self._by_text) > 256:
                self._by_text.clear()
            self._by_text[text] = found
        return found


_cache = _Cache()


def _is_id(value, pattern=ID_RE):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _problems(proposal):
    if not isinstance(proposal, dict):
        yield FieldError("proposal", "must be a dict")
        return
    if set(proposal) != FIELDS:
        yield FieldError("proposal", f"keys must be exactly {sorted(FIELDS)}")
        return
    for key in ("call_id", "actor", "name"):
        if not _is_id(proposal[key]):
            yield FieldError(key, "not a valid id")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= MAX_VERSION:
        yield FieldError("version", "must be an int 0..1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        yield FieldError("arguments", "must hold exactly ticket and status")
        return
    if not _is_id(arguments["ticket"], TICKET_RE):
        yield FieldError("ticket", "not a valid ticket name")
    status = arguments["status"]
    if type(status) is not str or status not in STATUSES:  # exactly str: sys.intern refuses subclasses
        yield FieldError("status", "must be open or done")


def validate_ticket_proposal(proposal):
    try:
        problems = list(_problems(proposal))
        if problems:
            raise ExceptionGroup("invalid proposal", problems)
    except ExceptionGroup as group:
        fields = ", ".join(e.field for e in group.exceptions)
        raise ValueError(f"invalid proposal ({fields})") from group
    clean = dict(proposal)
    clean["arguments"] = dict(proposal["arguments"])
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return _cache.digest(text)


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > MAX_LOG:
        raise ValueError("approved")
    for item in approved:
        if not isinstance(item, str) or not HEX_RE.fullmatch(item):
            raise ValueError("approved entry")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= MAX_VERSION + 1:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for name, status in tickets.items():
        if not _is_id(name, TICKET_RE) or type(status) is not str or status not in STATUSES:
            raise ValueError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > MAX_LOG:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    token = current_actor.set(actor)
    try:
        return _decide(clean, approved, state, completed)
    finally:
        current_actor.reset(token)


def _decide(clean, approved, state, completed):
    if clean["actor"] != current_actor.get():
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        result = dict(row["result"])
        result["replayed"] = True
        return result
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= MAX_LOG:
        return {"status": "log-full"}
    value = sys.intern(clean["arguments"]["status"])
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
    return result


if __name__ == "__main__":
    p = {"call_id": "c1", "actor": "alice", "name": "set_ticket", "version": 0,
         "arguments": {"ticket": "lamp", "status": "done"}}
    state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
    log = {}
    print(dispatch_ticket(p, "alice", {proposal_fingerprint(p)}, state, log))
    print(dispatch_ticket(p, "alice", set(), state, log))
