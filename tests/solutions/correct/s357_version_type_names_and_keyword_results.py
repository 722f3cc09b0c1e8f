# Style: a defensive student who names the number types a version must not be (bool, float, Decimal, Fraction) in
# the error message, and builds results with dict(status=..., ...) after checking at import that every result key
# can be a keyword argument (keyword.iskeyword).
import hashlib
import json
import keyword
import re
from decimal import Decimal
from fractions import Fraction

NOT_A_VERSION = (bool, float, complex, Decimal, Fraction)
RESULT_KEYS = ("status", "version", "ticket", "value", "replayed")
assert not any(keyword.iskeyword(key) or not key.isidentifier() for key in RESULT_KEYS)

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX = re.compile(r"[0-9a-f]{64}")


def _count(value, top, what):
    if isinstance(value, NOT_A_VERSION):
        raise ValueError(f"{what} must be a whole int, not a {type(value).__name__}")
    if not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(f"{what} must be an int 0..{top}")
    return value


def _text(value, pattern, what):
    if not isinstance(value, str) or not value.isascii() or not pattern.fullmatch(value):
        raise ValueError(f"{what} is not valid")
    return value


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal fields")
    for key in ("call_id", "actor", "name"):
        _text(proposal[key], ID, key)
    if type(proposal["version"]) is not int:
        _count(proposal["version"], 1000000, "version")  # names the type in the message
        raise ValueError("version must be a plain int")
    _count(proposal["version"], 1000000, "version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"status", "ticket"}:
        raise ValueError("arguments fields")
    _text(arguments["ticket"], TICKET, "ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("status")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal):
    body = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _text(actor, ID, "actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    for item in approved:
        _text(item, HEX, "approval")
    if not isinstance(state, dict) or set(state) != {"tickets", "version"}:
        raise ValueError("state")
    if type(state["version"]) is not int:
        raise ValueError("state version must be an int")
    _count(state["version"], 1000001, "state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for name, status in tickets.items():
        _text(name, TICKET, "ticket")
        if not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("ticket status")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")

    if clean["actor"] != actor:
        return dict(status="forbidden")
    if clean["name"] != "set_ticket":
        return dict(status="unknown-tool")
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return dict(status="call-id-conflict")
        return dict(row["result"], replayed=True)
    if clean["version"] != state["version"]:
        return dict(status="stale-version")
    if digest not in approved:
        return dict(status="approval-required")
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in tickets:
        return dict(status="missing-ticket")
    if len(completed) >= 64:
        return dict(status="log-full")
    tickets[ticket] = value
    state["version"] += 1
    result = dict(status="ok", version=state["version"], ticket=ticket, value=value, replayed=False)
    completed[clean["call_id"]] = dict(fingerprint=digest, result=dict(result))
    return result


for odd in (Decimal("1"), Fraction(1, 1), 1.0, True):
    try:
        _count(odd, 1000000, "version")
    except ValueError as error:
        print(error)
