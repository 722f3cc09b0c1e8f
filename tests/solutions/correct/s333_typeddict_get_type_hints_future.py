"""Typed solution under postponed annotations: the TypedDicts are the schema, typing.get_type_hints reads them back
(their annotations are text under the future import): the exact key sets are the hints' keys, the statuses the
get_args() of the Literal alias the hints resolve to."""
from __future__ import annotations

import copy
import hashlib
import json
import re
from typing import Final, Literal, TypedDict, get_args, get_type_hints

Status = Literal["open", "done"]


class Arguments(TypedDict):
    ticket: str
    status: Status


class Proposal(TypedDict):
    call_id: str
    actor: str
    name: str
    version: int
    arguments: Arguments


ID: Final = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET: Final = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX: Final = re.compile(r"[0-9a-f]{64}")
PROPOSAL_HINTS: Final = get_type_hints(Proposal)
ARGUMENT_HINTS: Final = get_type_hints(Arguments)
STATUSES: Final = frozenset(get_args(ARGUMENT_HINTS["status"]))


def _ident(value: object, pattern: re.Pattern[str] = ID) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal: object) -> Proposal:
    if not isinstance(proposal, dict) or set(proposal) != set(PROPOSAL_HINTS):
        raise ValueError("voorstel moet exact de velden %s hebben" % sorted(PROPOSAL_HINTS))
    for key in ("call_id", "actor", "name"):
        if not _ident(proposal[key]):
            raise ValueError(f"ongeldige {key}: {proposal[key]!r}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError(f"ongeldige version: {version!r}")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != set(ARGUMENT_HINTS):
        raise ValueError("arguments moet exact ticket en status hebben")
    if not _ident(arguments["ticket"], TICKET):
        raise ValueError(f"ongeldig ticket: {arguments['ticket']!r}")
    if not isinstance(arguments["status"], str) or arguments["status"] not in STATUSES:
        raise ValueError(f"ongeldige status: {arguments['status']!r}")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal: object) -> str:
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor: object, approved: object, state: object, completed: object) -> None:
    if not _ident(actor):
        raise ValueError("ongeldige hostactor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_ident(a, HEX) for a in approved):
        raise ValueError("ongeldige goedkeuringen")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("ongeldige state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("ongeldige state-versie")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("ongeldige tickets")
    for ticket, status in tickets.items():
        if not _ident(ticket, TICKET) or not isinstance(status, str) or status not in STATUSES:
            raise ValueError("ongeldig ticket in state")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("ongeldig log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**copy.deepcopy(row["result"]), "replayed": True}
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
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
