# Style: field names derived from TypedDict annotations (Proposal.__annotations__), statuses from get_args(Literal)
import hashlib
import json
import re
from typing import Literal, TypedDict, get_args

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


class State(TypedDict):
    version: int
    tickets: dict


PROPOSAL_FIELDS = frozenset(Proposal.__annotations__)
ARGUMENT_FIELDS = frozenset(Arguments.__annotations__)
STATE_FIELDS = frozenset(State.__annotations__)
STATUSES = get_args(Status)


def _id_ok(value):
    return isinstance(value, str) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value) is not None


def _ticket_ok(value):
    return isinstance(value, str) and re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value) is not None


def _status_ok(value):
    return isinstance(value, str) and value in STATUSES


def validate_ticket_proposal(proposal):
    """Returns a new Proposal dict (arguments copied) or raises ValueError."""
    if not isinstance(proposal, dict) or proposal.keys() != PROPOSAL_FIELDS:
        raise ValueError("invalid proposal fields")
    if not all(_id_ok(proposal[key]) for key in ("call_id", "actor", "name")):
        raise ValueError("invalid identifier")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("invalid version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or arguments.keys() != ARGUMENT_FIELDS:
        raise ValueError("invalid arguments")
    if not _ticket_ok(arguments["ticket"]) or not _status_ok(arguments["status"]):
        raise ValueError("invalid ticket or status")
    return Proposal(call_id=proposal["call_id"], actor=proposal["actor"], name=proposal["name"],
                    version=proposal["version"],
                    arguments=Arguments(ticket=arguments["ticket"], status=arguments["status"]))


def proposal_fingerprint(proposal):
    """Returns the lowercase SHA-256 hex of the canonical JSON; ValueError for invalid input."""
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; mutates state/completed only on success; ValueError on invalid input."""
    p = validate_ticket_proposal(proposal)
    if not _id_ok(actor):
        raise ValueError("invalid actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(
            isinstance(a, str) and re.fullmatch(r"[0-9a-f]{64}", a) for a in approved):
        raise ValueError("invalid approvals")
    if not isinstance(state, dict) or state.keys() != STATE_FIELDS:
        raise ValueError("invalid state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16 or not all(
            _ticket_ok(k) and _status_ok(v) for k, v in tickets.items()):
        raise ValueError("invalid tickets")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("invalid completed")

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        if completed[p["call_id"]]["fingerprint"] == digest:
            return {**completed[p["call_id"]]["result"], "replayed": True}
        return {"status": "call-id-conflict"}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) == 64:
        return {"status": "log-full"}
    tickets[p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": {**result}}
    return result
