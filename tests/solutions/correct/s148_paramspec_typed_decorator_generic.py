# Style: generic helpers with TypeVar/Generic/ParamSpec, a typed decorator that turns TypeError/KeyError into ValueError
from __future__ import annotations

import functools
import hashlib
import json
import re
from typing import Callable, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T")


def shape_errors(function: Callable[P, R]) -> Callable[P, R]:
    """Wrap a function so that TypeError/KeyError from bad input shapes become ValueError."""
    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return function(*args, **kwargs)
        except (TypeError, KeyError) as error:
            raise ValueError(f"invalid input: {error}") from error
    return wrapper


class Checked(Generic[T]):
    """A value that passed a predicate."""

    def __init__(self, value: T, ok: Callable[[T], bool], what: str) -> None:
        if not ok(value):
            raise ValueError(f"invalid {what}")
        self.value = value


def _is_id(value: object) -> bool:
    return isinstance(value, str) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value) is not None


def _is_ticket(value: object) -> bool:
    return isinstance(value, str) and re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value) is not None


def _is_status(value: object) -> bool:
    return isinstance(value, str) and value in ("open", "done")


def _is_version(top: int) -> Callable[[object], bool]:
    return lambda value: type(value) is int and 0 <= value <= top


@shape_errors
def validate_ticket_proposal(proposal: dict) -> dict:
    """Returns a new validated proposal dict with copied arguments; raises ValueError otherwise."""
    Checked(proposal, lambda p: isinstance(p, dict) and set(p) == {"call_id", "actor", "name", "version", "arguments"},
            "proposal")
    ids = {key: Checked(proposal[key], _is_id, key).value for key in ("call_id", "actor", "name")}
    version = Checked(proposal["version"], _is_version(1_000_000), "version").value
    args = Checked(proposal["arguments"], lambda a: isinstance(a, dict) and set(a) == {"ticket", "status"},
                   "arguments").value
    ticket = Checked(args["ticket"], _is_ticket, "ticket").value
    status = Checked(args["status"], _is_status, "status").value
    return {**ids, "version": version, "arguments": {"ticket": ticket, "status": status}}


def proposal_fingerprint(proposal: dict) -> str:
    """Returns the 64-char lowercase SHA-256 hex of C(p); raises ValueError for an invalid proposal."""
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
                          .encode("ascii")).hexdigest()


def _check_host(actor: object, approved: object, state: object, completed: object) -> None:
    Checked(actor, _is_id, "actor")
    Checked(approved, lambda a: isinstance(a, set) and len(a) <= 64 and all(
        isinstance(x, str) and re.fullmatch(r"[0-9a-f]{64}", x) for x in a), "approved")
    Checked(state, lambda s: isinstance(s, dict) and set(s) == {"version", "tickets"}, "state")
    Checked(state["version"], _is_version(1_000_001), "state version")
    Checked(state["tickets"], lambda t: isinstance(t, dict) and 1 <= len(t) <= 16 and all(
        _is_ticket(k) and _is_status(v) for k, v in t.items()), "tickets")
    Checked(completed, lambda c: isinstance(c, dict) and len(c) <= 64, "completed")


def dispatch_ticket(proposal: dict, actor: str, approved: set, state: dict, completed: dict) -> dict:
    """Returns a status dict; raises ValueError for invalid inputs; mutates state/completed on success only."""
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        return {**row["result"], "replayed": True} if row["fingerprint"] == digest else {"status": "call-id-conflict"}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
