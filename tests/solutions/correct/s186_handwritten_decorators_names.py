# Style: decorators written by hand, as in the course's chapter on closures (before functools.wraps): each wrapper
# copies __name__, __qualname__ and __doc__ of the function it wraps, a registry keyed by those names, and a
# decorator that turns TypeError/KeyError slips into ValueError.
import hashlib
import json
import re

CALLS = {}


def counted(function):
    def wrapper(*args):
        CALLS[wrapper.__name__] = CALLS.get(wrapper.__name__, 0) + 1
        return function(*args)
    wrapper.__name__ = function.__name__
    wrapper.__qualname__ = function.__qualname__
    wrapper.__doc__ = function.__doc__
    return wrapper


def shape_errors_are_value_errors(function):
    def wrapper(*args):
        try:
            return function(*args)
        except (TypeError, KeyError, AttributeError) as error:
            raise ValueError(f"{function.__name__}: invalid input ({error!r})") from error
    wrapper.__name__ = "checked_" + function.__name__
    wrapper.__doc__ = function.__doc__
    return wrapper


ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


@counted
@shape_errors_are_value_errors
def validate_ticket_proposal(proposal):
    """Return a checked copy of a proposal."""
    if type(proposal) is not dict or sorted(proposal) != ["actor", "arguments", "call_id", "name", "version"]:
        raise ValueError("fields")
    for field in ("call_id", "actor", "name"):
        if type(proposal[field]) is not str or not ID.fullmatch(proposal[field]):
            raise ValueError(field)
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if type(arguments) is not dict or sorted(arguments) != ["status", "ticket"]:
        raise ValueError("arguments")
    if type(arguments["ticket"]) is not str or not TICKET.fullmatch(arguments["ticket"]):
        raise ValueError("ticket")
    if arguments["status"] not in ("open", "done") or type(arguments["status"]) is not str:
        raise ValueError("status")
    return {**proposal, "arguments": dict(arguments)}


@counted
def proposal_fingerprint(proposal):
    """SHA-256 of the canonical JSON of a checked proposal."""
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


@shape_errors_are_value_errors
def check_host(actor, approved, state, completed):
    if type(actor) is not str or not ID.fullmatch(actor):
        raise ValueError("actor")
    if type(approved) is not set or len(approved) > 64:
        raise ValueError("approved")
    if not all(type(a) is str and DIGEST.fullmatch(a) for a in approved):
        raise ValueError("approval")
    if type(state) is not dict or sorted(state) != ["tickets", "version"]:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for ticket, status in tickets.items():
        if type(ticket) is not str or not TICKET.fullmatch(ticket) or type(status) is not str \
                or status not in ("open", "done"):
            raise ValueError("ticket pair")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed")


@counted
def dispatch_ticket(proposal, actor, approved, state, completed):
    """Carry out an approved proposal once."""
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
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
    return result


assert validate_ticket_proposal.__name__ == "checked_validate_ticket_proposal"
assert dispatch_ticket.__doc__ == "Carry out an approved proposal once."
