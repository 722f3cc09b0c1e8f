# Style: a student who logs every refused proposal with traceback.print_exc(file=...) into an io.StringIO error log of
# their own (kept per module, trimmed), instead of printing it, and reads the log in a short demo.
import hashlib
import io
import json
import re
import traceback

ERRORS = io.StringIO()
ID_RE = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET_RE = r"[a-z][a-z0-9-]{0,31}"


def _log_refusal(where):
    if ERRORS.tell() > 20000:
        ERRORS.seek(0)
        ERRORS.truncate()
    ERRORS.write(f"--- {where}\n")
    traceback.print_exc(file=ERRORS)


def _fits(value, pattern):
    return isinstance(value, str) and re.fullmatch(pattern, value, re.ASCII) is not None


def _validate(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal must have exactly the five fields")
    if not all(_fits(proposal[key], ID_RE) for key in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor and name must be ids")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version must be an int 0..1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must hold ticket and status")
    if not _fits(arguments["ticket"], TICKET_RE):
        raise ValueError("ticket has the wrong form")
    if arguments["status"] not in ("open", "done") or not isinstance(arguments["status"], str):
        raise ValueError("status must be open or done")
    return {**proposal, "arguments": dict(arguments)}


def validate_ticket_proposal(proposal):
    try:
        return _validate(proposal)
    except ValueError:
        _log_refusal("validate_ticket_proposal")
        raise


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                     separators=(",", ":")).encode("ascii")).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not _fits(actor, ID_RE):
        raise ValueError("host actor")
    if not isinstance(approved, set) or len(approved) > 64 or \
            not all(_fits(item, r"[0-9a-f]{64}") for item in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for ticket, status in tickets.items():
        if not _fits(ticket, TICKET_RE) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    try:
        _validate_host(actor, approved, state, completed)
    except ValueError:
        _log_refusal("dispatch_ticket")
        raise
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
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
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return dict(result)


try:
    validate_ticket_proposal({"call_id": "c1"})
except ValueError:
    pass
print(ERRORS.getvalue().splitlines()[1])
