"""A generic result record (a dataclass subscripted as Record[dict] in the annotations, made generic with
__class_getitem__ = classmethod(types.GenericAlias)) and a ledger copied with copy.deepcopy, which has __reduce__."""
from __future__ import annotations

import copy
import hashlib
import json
import re
import types
from dataclasses import dataclass


ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
STATUSES = ("open", "done")


def _ident(value):
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal fields")
    for key in ("call_id", "actor", "name"):
        if not _ident(proposal[key]):
            raise ValueError(f"bad {key}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("bad version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not isinstance(args["ticket"], str) or not TICKET_RE.fullmatch(args["ticket"]):
        raise ValueError("bad ticket")
    if not isinstance(args["status"], str) or args["status"] not in STATUSES:
        raise ValueError("bad status")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": args["ticket"], "status": args["status"]}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _ident(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    if not all(isinstance(d, str) and HEX_RE.fullmatch(d) for d in approved):
        raise ValueError("approved item")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for key, value in tickets.items():
        if not isinstance(key, str) or not TICKET_RE.fullmatch(key) or not isinstance(value, str) \
                or value not in STATUSES:
            raise ValueError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


@dataclass(frozen=True)
class Record:
    fingerprint: str
    result: dict
    __class_getitem__ = classmethod(types.GenericAlias)

    def as_row(self) -> dict:
        return {"fingerprint": self.fingerprint, "result": dict(self.result)}


class Ledger:
    """The completed calls as records; a copy is taken before a change, so a failure leaves nothing half-done."""

    def __init__(self, rows: dict[str, Record[dict]] | None = None) -> None:
        self.rows = dict(rows or {})

    def __reduce__(self):
        return (Ledger, (self.rows,))

    @classmethod
    def from_host(cls, completed: dict) -> Ledger:
        return cls({key: Record(row["fingerprint"], row["result"]) for key, row in completed.items()})


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    ledger = Ledger.from_host(completed)
    draft = copy.deepcopy(ledger)
    result = _apply(p, actor, approved, state, draft)
    if draft.rows.keys() != ledger.rows.keys():
        for key in draft.rows.keys() - ledger.rows.keys():
            completed[key] = draft.rows[key].as_row()
    return result


def _apply(p, actor, approved, state, ledger: Ledger) -> dict:
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    earlier: Record[dict] | None = ledger.rows.get(p["call_id"])
    if earlier is not None:
        if earlier.fingerprint != fp:
            return {"status": "call-id-conflict"}
        return {**earlier.result, "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    ticket, status = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(ledger.rows) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    ledger.rows[p["call_id"]] = Record[dict](fp, dict(result))
    return result
