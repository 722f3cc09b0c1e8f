# Style: helpers return an error message or None (C-style error codes), a generic except that reads
# sys.exc_info() (older tutorials) to turn any slip into a ValueError, and print-based debugging to stderr
import copy
import hashlib
import json
import re
import sys

DEBUG = False

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")


def error_in_identifier(value):
    if not ID_RE.fullmatch(value):  # TypeError for a non-str: handled by the caller
        return "not an identifier: %r" % (value,)
    return None


def error_in_proposal(proposal):
    if sorted(map(repr, proposal)) != sorted(map(repr, ["call_id", "actor", "name", "version", "arguments"])):
        return "fields"
    for field in ("call_id", "actor", "name"):
        problem = error_in_identifier(proposal[field])
        if problem:
            return problem
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        return "version"
    arguments = proposal["arguments"]
    if type(arguments) is not dict or sorted(map(repr, arguments)) != ["'status'", "'ticket'"]:
        return "arguments"
    if not TICKET_RE.fullmatch(arguments["ticket"]):
        return "ticket"
    if type(arguments["status"]) is not str or arguments["status"] not in ("open", "done"):
        return "status"
    return None


def checked(function, *args):
    """Runs function(*args); any exception becomes the message it carries."""
    try:
        return function(*args)
    except Exception:
        kind, value, _ = sys.exc_info()
        if DEBUG:
            print("debug:", kind.__name__, value, file=sys.stderr)
        return "%s: %s" % (kind.__name__, value)


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError("proposal must be a dict")
    problem = checked(error_in_proposal, proposal)
    if problem:
        raise ValueError(problem)
    result = dict(proposal)
    result["arguments"] = dict(proposal["arguments"])
    return result


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def error_in_host(actor, approved, state, completed):
    problem = error_in_identifier(actor)
    if problem:
        return problem
    if type(approved) is not set or len(approved) > 64:
        return "approved"
    for digest in approved:
        if not HEX_RE.fullmatch(digest):
            return "digest"
    if type(state) is not dict or sorted(map(repr, state)) != ["'tickets'", "'version'"]:
        return "state"
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        return "state version"
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        return "tickets"
    for name in tickets:
        if not TICKET_RE.fullmatch(name) or type(tickets[name]) is not str or tickets[name] not in ("open", "done"):
            return "ticket " + repr(name)
    if type(completed) is not dict or len(completed) > 64:
        return "completed"
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    problem = checked(error_in_host, actor, approved, state, completed)
    if problem:
        raise ValueError(problem)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        answer = copy.deepcopy(row["result"])
        answer["replayed"] = True
        return answer
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
