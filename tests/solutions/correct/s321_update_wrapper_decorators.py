# Style: hand-written decorators in the pre-@wraps style: functools.update_wrapper(wrapper, function) in two
# function decorators (a deep copy of the result, TypeError/KeyError turned into ValueError) and
# functools.update_wrapper(self, function) in the __init__ of a class-based call-counting decorator.
import copy
import functools
import hashlib
import json
import re

ID_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,39}\Z")
TICKET_RE = re.compile(r"^[a-z][a-z0-9-]{0,31}\Z")
HEX_RE = re.compile(r"^[0-9a-f]{64}\Z")


def returns_copy(function):
    """Decorator: the caller gets a deep copy of what the function returns."""
    def wrapper(*args, **kwargs):
        return copy.deepcopy(function(*args, **kwargs))
    functools.update_wrapper(wrapper, function)
    return wrapper


def value_errors_only(function):
    """Decorator: a TypeError/KeyError/AttributeError from bad input becomes a ValueError."""
    def wrapper(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except (TypeError, KeyError, AttributeError) as exc:
            raise ValueError(f"{function.__name__}: invalid input ({exc})") from exc
    return functools.update_wrapper(wrapper, function)


class counted:
    """Decorator class: counts the calls of the decorated function."""

    def __init__(self, function):
        self.function = function
        self.calls = 0
        functools.update_wrapper(self, function)

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.function(*args, **kwargs)


def _require(ok, message):
    if not ok:
        raise ValueError(message)


def _is_id(value):
    return isinstance(value, str) and ID_RE.match(value) is not None


@counted
@returns_copy
@value_errors_only
def validate_ticket_proposal(proposal):
    """Check a tool proposal and return a copy of it."""
    _require(isinstance(proposal, dict), "proposal must be a dict")
    _require(proposal.keys() == {"call_id", "actor", "name", "version", "arguments"}, "wrong fields")
    _require(all(_is_id(proposal[k]) for k in ("call_id", "actor", "name")), "bad id")
    version = proposal["version"]
    _require(type(version) is int and 0 <= version <= 1000000, "bad version")
    arguments = proposal["arguments"]
    _require(isinstance(arguments, dict) and arguments.keys() == {"ticket", "status"}, "bad arguments")
    ticket, status = arguments["ticket"], arguments["status"]
    _require(isinstance(ticket, str) and TICKET_RE.match(ticket) is not None, "bad ticket")
    _require(status in ("open", "done") and type(status) is str, "bad status")
    return proposal


@counted
def proposal_fingerprint(proposal):
    """SHA-256 hex digest of the canonical JSON of a valid proposal."""
    clean = validate_ticket_proposal(proposal)
    data = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return hashlib.sha256(data).hexdigest()


@value_errors_only
def _check_host(actor, approved, state, completed):
    _require(_is_id(actor), "bad host actor")
    _require(type(approved) is set and len(approved) <= 64, "approved must be a set of <= 64")
    for digest in approved:
        _require(isinstance(digest, str) and HEX_RE.match(digest) is not None, "bad approval")
    _require(type(state) is dict and state.keys() == {"version", "tickets"}, "bad state")
    _require(type(state["version"]) is int and 0 <= state["version"] <= 1000001, "bad state version")
    tickets = state["tickets"]
    _require(type(tickets) is dict and 1 <= len(tickets) <= 16, "bad tickets")
    for name, status in tickets.items():
        _require(isinstance(name, str) and TICKET_RE.match(name) is not None, "bad ticket name")
        _require(type(status) is str and status in ("open", "done"), "bad ticket status")
    _require(type(completed) is dict and len(completed) <= 64, "bad completed")


@counted
@returns_copy
def dispatch_ticket(proposal, actor, approved, state, completed):
    """Carry out an approved set_ticket proposal once."""
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = clean["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": clean["arguments"]["status"], "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
    return result


if __name__ == "__main__":
    print(validate_ticket_proposal.__name__, validate_ticket_proposal.__doc__)
