# Style: a student who turns every lookup or type error into a ValueError, adds a note on which field failed
# (add_note), and keeps a short explanation of the chain (__notes__, __context__, __cause__, __suppress_context__,
# with_traceback) for a debug line.
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX = re.compile(r"[0-9a-f]{64}")
STATUSES = {"open": "still to do", "done": "finished"}
FIELDS = {"call_id", "actor", "name", "version", "arguments"}


class ProposalError(ValueError):
    pass


def explain(error):
    """One line about an error and what led to it."""
    parts = [f"{type(error).__name__}: {error}"]
    parts += getattr(error, "__notes__", [])
    if error.__cause__ is not None:
        parts.append(f"caused by {type(error.__cause__).__name__}")
    elif error.__context__ is not None and not error.__suppress_context__:
        parts.append(f"while handling {type(error.__context__).__name__}")
    return " | ".join(parts)


def _text(value, pattern, field):
    try:
        if pattern.fullmatch(value) is None:
            raise ProposalError(f"{field} has the wrong form")
    except TypeError as error:
        problem = ProposalError(f"{field} must be a str").with_traceback(error.__traceback__)
        problem.add_note(f"field: {field}")
        raise problem from error
    return value


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ProposalError("proposal must be a dict")
    try:
        if set(proposal) != FIELDS:
            raise ProposalError("proposal needs exactly five fields")
        for field in ("call_id", "actor", "name"):
            _text(proposal[field], ID, field)
        version = proposal["version"]
        if type(version) is not int or not 0 <= version <= 1000000:
            raise ProposalError("version must be a plain int 0..1000000")
        arguments = proposal["arguments"]
        if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
            raise ProposalError("arguments need exactly ticket and status")
        _text(arguments["ticket"], TICKET, "ticket")
        if type(arguments["status"]) is not str:
            raise ProposalError("status must be a str")
        STATUSES[arguments["status"]]
    except KeyError as unknown:
        raise ProposalError(f"unknown status {unknown}")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    _text(actor, ID, "actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ProposalError("approved must be a set of at most 64 hashes")
    for digest in approved:
        _text(digest, HEX, "approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ProposalError("state needs version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ProposalError("state version out of range")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ProposalError("tickets must hold 1..16 entries")
    for ticket, status in tickets.items():
        _text(ticket, TICKET, "ticket")
        if type(status) is not str or status not in ("open", "done"):
            raise ProposalError("ticket status must be open or done")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ProposalError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
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


for broken in ({"call_id": 7, "actor": "a", "name": "set_ticket", "version": 0,
                "arguments": {"ticket": "lamp", "status": "done"}},
               {"call_id": "c1", "actor": "a", "name": "set_ticket", "version": 0,
                "arguments": {"ticket": "lamp", "status": "closed"}}):
    try:
        validate_ticket_proposal(broken)
    except ValueError as error:
        print(explain(error))
