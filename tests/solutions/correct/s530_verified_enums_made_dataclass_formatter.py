"""Standard helpers style: the outcomes are a StrEnum checked by enum.verify(UNIQUE) and the limits an IntEnum checked
by @unique, the validated proposal a frozen class made with dataclasses.make_dataclass, the arguments a TypedDict
checked with typing.is_typeddict, and every ValueError's text built by one string.Formatter."""
import hashlib
import json
import re
import string
from dataclasses import asdict, make_dataclass
from enum import UNIQUE, IntEnum, StrEnum, unique, verify
from typing import TypedDict, is_typeddict

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")
STATUSES = ("open", "done")


@verify(UNIQUE)
class Outcome(StrEnum):
    OK = "ok"
    FORBIDDEN = "forbidden"
    UNKNOWN_TOOL = "unknown-tool"
    CALL_ID_CONFLICT = "call-id-conflict"
    STALE_VERSION = "stale-version"
    APPROVAL_REQUIRED = "approval-required"
    MISSING_TICKET = "missing-ticket"
    LOG_FULL = "log-full"


@unique
class Limit(IntEnum):
    VERSION = 1_000_000
    ROWS = 64
    MAX_TICKETS = 16
    MIN_TICKETS = 1


class Arguments(TypedDict):
    ticket: str
    status: str


assert is_typeddict(Arguments)
FIELDS = ("call_id", "actor", "name", "version", "arguments")
Clean = make_dataclass("Clean", [(key, str) for key in FIELDS[:3]] + [("version", int), ("arguments", dict)],
                       frozen=True)


class Messages(string.Formatter):
    """Texts of the form '{what} ...'; a missing key is shown as '?' rather than raising KeyError."""

    def get_value(self, key, args, kwargs):
        if isinstance(key, str):
            return kwargs.get(key, "?")
        return super().get_value(key, args, kwargs)


TEXT = Messages()


def _fail(template, **values):
    raise ValueError(TEXT.format(template, **values))


def _identifier(value, pattern, what):
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        _fail("{what} is not a valid identifier", what=what)
    return value


def _count(value, top, what):
    if type(value) is not int or not 0 <= value <= top:
        _fail("{what} must be an int from 0 to {top}", what=what, top=int(top))
    return value


def _arguments(value):
    if not isinstance(value, dict) or set(value) != set(Arguments.__annotations__):
        _fail("arguments hold exactly {keys}", keys=" and ".join(Arguments.__annotations__))
    if not isinstance(value["status"], str) or value["status"] not in STATUSES:
        _fail("{what} must be open or done", what="status")
    return Arguments(ticket=_identifier(value["ticket"], TICKET, "ticket"), status=value["status"])


def _clean(proposal):
    if not isinstance(proposal, dict) or set(proposal) != set(FIELDS):
        _fail("a proposal has exactly the fields {fields}", fields=", ".join(FIELDS))
    return Clean(*(_identifier(proposal[key], ID, key) for key in FIELDS[:3]),
                 _count(proposal["version"], Limit.VERSION, "version"), _arguments(proposal["arguments"]))


def validate_ticket_proposal(proposal):
    return asdict(_clean(proposal))


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    _identifier(actor, ID, "actor")
    if not isinstance(approved, set) or len(approved) > Limit.ROWS:
        _fail("approved is a set of at most {n} digests", n=int(Limit.ROWS))
    for digest in approved:
        _identifier(digest, DIGEST, "approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        _fail("state holds {a} and {b}", a="version", b="tickets")
    _count(state["version"], Limit.VERSION + 1, "state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not Limit.MIN_TICKETS <= len(tickets) <= Limit.MAX_TICKETS:
        _fail("state holds {low} to {high} tickets", low=int(Limit.MIN_TICKETS), high=int(Limit.MAX_TICKETS))
    for name, status in tickets.items():
        _identifier(name, TICKET, "ticket")
        if not isinstance(status, str) or status not in STATUSES:
            _fail("{what} must be open or done", what="ticket status")
    if not isinstance(completed, dict) or len(completed) > Limit.ROWS:
        _fail("completed holds at most {n} rows", n=int(Limit.ROWS))


def _refused(outcome):
    return {"status": outcome.value}


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = _clean(proposal)
    _check_host(actor, approved, state, completed)
    if clean.actor != actor:
        return _refused(Outcome.FORBIDDEN)
    if clean.name != "set_ticket":
        return _refused(Outcome.UNKNOWN_TOOL)
    digest = proposal_fingerprint(proposal)
    if clean.call_id in completed:
        row = completed[clean.call_id]
        if row["fingerprint"] != digest:
            return _refused(Outcome.CALL_ID_CONFLICT)
        return {**row["result"], "replayed": True}
    if clean.version != state["version"]:
        return _refused(Outcome.STALE_VERSION)
    if digest not in approved:
        return _refused(Outcome.APPROVAL_REQUIRED)
    ticket, status = clean.arguments["ticket"], clean.arguments["status"]
    if ticket not in state["tickets"]:
        return _refused(Outcome.MISSING_TICKET)
    if len(completed) >= Limit.ROWS:
        return _refused(Outcome.LOG_FULL)
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": Outcome.OK.value, "version": state["version"], "ticket": ticket, "value": status,
              "replayed": False}
    completed[clean.call_id] = {"fingerprint": digest, "result": dict(result)}
    return result
