# Style: the TypedDicts are the single source of truth: the exact key sets come from their __required_keys__,
# the valid statuses from get_args() of a Literal alias, limits are Annotated metadata read back with
# get_args(); NewType for digests, cast() where the checker cannot follow, TYPE_CHECKING-only imports.
from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING, Annotated, Any, Literal, NewType, TypedDict, cast, get_args

if TYPE_CHECKING:
    from collections.abc import Mapping, MutableMapping

Status = Literal["open", "done"]
Digest = NewType("Digest", str)
ProposalVersion = Annotated[int, 0, 1_000_000]
StateVersion = Annotated[int, 0, 1_000_001]

STATUSES: frozenset[str] = frozenset(get_args(Status))
IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}", flags=re.ASCII)
TICKET_NAME = re.compile(r"[a-z][a-z0-9-]{0,31}", flags=re.ASCII)
HEX_DIGEST = re.compile(r"[0-9a-f]{64}", flags=re.ASCII)


class Arguments(TypedDict):
    ticket: str
    status: Status


class Proposal(TypedDict):
    call_id: str
    actor: str
    name: str
    version: ProposalVersion
    arguments: Arguments


class State(TypedDict):
    version: StateVersion
    tickets: dict[str, Status]


class Result(TypedDict):
    status: str
    version: int
    ticket: str
    value: Status
    replayed: bool


class LogRow(TypedDict):
    fingerprint: Digest
    result: Result


def _bounds(alias: Any) -> tuple[int, int]:
    _, low, high = get_args(alias)
    return low, high


def _keys_of(value: object, schema: type, what: str) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be a dict")
    expected = schema.__required_keys__
    if set(value) != expected:
        raise ValueError(f"{what} needs exactly {sorted(expected)}, got {sorted(map(repr, value))}")
    return value


def _identifier(value: object, pattern: re.Pattern[str], what: str) -> str:
    if isinstance(value, str) and pattern.fullmatch(value):
        return value
    raise ValueError(f"{what} is not valid: {value!r}")


def _number(value: object, alias: Any, what: str) -> int:
    low, high = _bounds(alias)
    if type(value) is int and low <= value <= high:
        return value
    raise ValueError(f"{what} must be an int between {low} and {high}")


def _status(value: object) -> Status:
    if isinstance(value, str) and value in STATUSES:
        return cast(Status, value)
    raise ValueError(f"status must be one of {sorted(STATUSES)}")


def validate_ticket_proposal(proposal: object) -> Proposal:
    fields = _keys_of(proposal, Proposal, "proposal")
    arguments = _keys_of(fields["arguments"], Arguments, "arguments")
    return Proposal(
        call_id=_identifier(fields["call_id"], IDENTIFIER, "call_id"),
        actor=_identifier(fields["actor"], IDENTIFIER, "actor"),
        name=_identifier(fields["name"], IDENTIFIER, "name"),
        version=_number(fields["version"], ProposalVersion, "version"),
        arguments=Arguments(ticket=_identifier(arguments["ticket"], TICKET_NAME, "ticket"),
                            status=_status(arguments["status"])),
    )


def proposal_fingerprint(proposal: object) -> Digest:
    payload = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                         separators=(",", ":"))
    return Digest(hashlib.sha256(payload.encode("ascii")).hexdigest())


def _host_inputs(actor: object, approved: object, state: object, completed: object) -> State:
    _identifier(actor, IDENTIFIER, "host actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    for digest in approved:
        _identifier(digest, HEX_DIGEST, "approval")
    checked = cast(State, _keys_of(state, State, "state"))
    _number(checked["version"], StateVersion, "state version")
    tickets = checked["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state tickets must be a dict of 1..16 entries")
    for ticket, status in tickets.items():
        _identifier(ticket, TICKET_NAME, "state ticket")
        _status(status)
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed must be a dict of at most 64 rows")
    return checked


def dispatch_ticket(proposal: object, actor: object, approved: object, state: object,
                    completed: object) -> dict[str, Any]:
    host_state = _host_inputs(actor, approved, state, completed)
    log = cast("MutableMapping[str, LogRow]", completed)
    grants = cast("set[Digest]", approved)
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    previous = log.get(clean["call_id"])
    if previous is not None:
        if previous["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return _copy_result(previous["result"], replayed=True)
    if clean["version"] != host_state["version"]:
        return {"status": "stale-version"}
    if digest not in grants:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in host_state["tickets"]:
        return {"status": "missing-ticket"}
    if len(log) >= 64:
        return {"status": "log-full"}
    host_state["tickets"][ticket] = status
    host_state["version"] += 1
    result = Result(status="ok", version=host_state["version"], ticket=ticket, value=status, replayed=False)
    log[clean["call_id"]] = LogRow(fingerprint=digest, result=_copy_result(result, replayed=False))
    return dict(result)


def _copy_result(result: Mapping[str, Any], *, replayed: bool) -> dict[str, Any]:
    return {**result, "replayed": replayed}
