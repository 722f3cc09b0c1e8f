# Style: a student who applies a successful dispatch as a small transaction: contextlib.ExitStack holds a rollback
# callback that puts the state back unless the change went through (stack.pop_all() commits), and an audit log of
# their own is closed with contextlib.closing after each call.
import hashlib
import json
import re
from contextlib import ExitStack, closing

ID = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET = r"[a-z][a-z0-9-]{0,31}"
SHA = r"[0-9a-f]{64}"


def _ok(value, pattern):
    return isinstance(value, str) and re.fullmatch(pattern, value, flags=re.ASCII) is not None


class AuditLog:
    """Collects the lines of one call; close() keeps them in the history."""

    history = []

    def __init__(self, call_id):
        self.call_id = call_id
        self.lines = []

    def note(self, text):
        self.lines.append(text)

    def close(self):
        AuditLog.history.append((self.call_id, tuple(self.lines)))
        del AuditLog.history[:-100]


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal shape")
    for key in ("call_id", "actor", "name"):
        if not _ok(proposal[key], ID):
            raise ValueError(key)
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments shape")
    if not _ok(arguments["ticket"], TICKET):
        raise ValueError("ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("status")
    result = dict(proposal)
    result["arguments"] = dict(arguments)
    return result


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not _ok(actor, ID):
        raise ValueError("host actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_ok(item, SHA) for item in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state shape")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for name, status in tickets.items():
        if not _ok(name, TICKET) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def _restore(state, tickets, version):
    state["tickets"].clear()
    state["tickets"].update(tickets)
    state["version"] = version


def _decide(proposal, actor, approved, state, completed, log):
    if proposal["actor"] != actor:
        return {"status": "forbidden"}
    if proposal["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(proposal)
    call_id = proposal["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        log.note("replay")
        return {**completed[call_id]["result"], "replayed": True}
    if proposal["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = proposal["arguments"]["ticket"], proposal["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    with ExitStack() as stack:
        stack.callback(_restore, state, dict(state["tickets"]), state["version"])
        state["tickets"][ticket] = value
        state["version"] += 1
        result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
        completed[call_id] = {"fingerprint": digest, "result": dict(result)}
        stack.pop_all()  # committed: no rollback
    log.note(f"{ticket} -> {value}")
    return result


def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    _validate_host(actor, approved, state, completed)
    with closing(AuditLog(proposal["call_id"])) as log:
        outcome = _decide(proposal, actor, approved, state, completed, log)
        log.note(outcome["status"])
        return outcome


# A rollback really happens when something fails halfway.
_demo = {"version": 3, "tickets": {"lamp": "open"}}
try:
    with ExitStack() as _stack:
        _stack.callback(_restore, _demo, dict(_demo["tickets"]), _demo["version"])
        _demo["tickets"]["lamp"] = "done"
        _demo["version"] += 1
        raise RuntimeError("disk full")
except RuntimeError:
    pass
assert _demo == {"version": 3, "tickets": {"lamp": "open"}}, _demo
