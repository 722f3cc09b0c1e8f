# Style: a class-based decorator that copies the function's identity onto itself with functools.update_wrapper(self,
# function), then keeps a per-function call log under self.__name__, shows self.__doc__'s first line in its repr
# and calls through self.__wrapped__, as the pattern reads in a tutorial.
import functools
import hashlib
import json
import re

CALL_LOG = {}


class traced:
    """Decorator: every call is counted under the function's own name."""

    def __init__(self, function):
        functools.update_wrapper(self, function)
        CALL_LOG[self.__name__] = 0

    def __call__(self, *args, **kwargs):
        CALL_LOG[self.__name__] += 1
        return self.__wrapped__(*args, **kwargs)

    def __repr__(self):
        summary = (self.__doc__ or "").strip().splitlines()[0]
        return f"<traced {self.__qualname__}: {summary} ({CALL_LOG[self.__name__]} calls)>"


ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def _ok(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


@traced
def validate_ticket_proposal(proposal):
    """Check a proposal's five fields and return a new dict with copied arguments."""
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("a proposal has exactly five fields")
    for key in ("call_id", "actor", "name"):
        if not _ok(ID, proposal[key]):
            raise ValueError(f"{key} is not a valid id")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("version must be a plain int 0..1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments hold exactly ticket and status")
    if not _ok(TICKET, arguments["ticket"]):
        raise ValueError("ticket")
    if type(arguments["status"]) is not str or arguments["status"] not in ("open", "done"):
        raise ValueError("status")
    return {**proposal, "arguments": dict(arguments)}


@traced
def proposal_fingerprint(proposal):
    """SHA-256 hex digest of the canonical JSON of a validated proposal."""
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _ok(ID, actor):
        raise ValueError("host actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_ok(DIGEST, item) for item in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for ticket, status in tickets.items():
        if not _ok(TICKET, ticket) or type(status) is not str or status not in ("open", "done"):
            raise ValueError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


@traced
def dispatch_ticket(proposal, actor, approved, state, completed):
    """Run set_ticket for an approved, fresh proposal; refusals are returned."""
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**completed[call_id]["result"], "replayed": True}
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
    completed[call_id] = {"fingerprint": digest, "result": dict(result)}
    return result


print(repr(validate_ticket_proposal))
