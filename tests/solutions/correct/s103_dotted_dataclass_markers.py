"""Dataclasses written with module-qualified markers under postponed annotations: typing.ClassVar
limits, a dc.InitVar carrying the raw arguments into __post_init__, dc.KW_ONLY, slots and frozen."""
from __future__ import annotations

import dataclasses as dc
import hashlib
import json
import re
import typing

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def _text(value: object, pattern: re.Pattern[str]) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


@dc.dataclass
class Proposal:
    FIELDS: typing.ClassVar[frozenset[str]] = frozenset({"call_id", "actor", "name", "version", "arguments"})
    MAX_VERSION: typing.ClassVar[int] = 1_000_000

    raw: dc.InitVar[typing.Any]
    _: dc.KW_ONLY
    checked: bool = False
    data: dict = dc.field(default_factory=dict)

    def __post_init__(self, raw: typing.Any) -> None:
        if not isinstance(raw, dict) or set(raw) != self.FIELDS:
            raise ValueError("velden")
        if not all(_text(raw[key], ID) for key in ("call_id", "actor", "name")):
            raise ValueError("id")
        version = raw["version"]
        if type(version) is not int or not 0 <= version <= self.MAX_VERSION:
            raise ValueError("version")
        args = raw["arguments"]
        if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
            raise ValueError("arguments")
        if not _text(args["ticket"], TICKET) or not isinstance(args["status"], str) or args["status"] not in ("open", "done"):
            raise ValueError("ticket/status")
        self.data = {**raw, "arguments": {"ticket": args["ticket"], "status": args["status"]}}
        self.checked = True


@dc.dataclass(frozen=True, slots=True)
class Host:
    MAX_APPROVALS: typing.ClassVar[int] = 64
    MAX_ROWS: typing.ClassVar[int] = 64
    actor: typing.Any
    approved: typing.Any
    state: typing.Any
    completed: typing.Any

    def check(self) -> None:
        if not _text(self.actor, ID):
            raise ValueError("actor")
        if not isinstance(self.approved, set) or len(self.approved) > self.MAX_APPROVALS \
                or not all(_text(a, DIGEST) for a in self.approved):
            raise ValueError("approved")
        if not isinstance(self.state, dict) or set(self.state) != {"version", "tickets"}:
            raise ValueError("state")
        version, tickets = self.state["version"], self.state["tickets"]
        if type(version) is not int or not 0 <= version <= Proposal.MAX_VERSION + 1:
            raise ValueError("state version")
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            raise ValueError("tickets")
        for name, status in tickets.items():
            if not _text(name, TICKET) or not isinstance(status, str) or status not in ("open", "done"):
                raise ValueError("ticket pair")
        if not isinstance(self.completed, dict) or len(self.completed) > self.MAX_ROWS:
            raise ValueError("completed")


def validate_ticket_proposal(proposal):
    return Proposal(proposal).data


def proposal_fingerprint(proposal):
    text = json.dumps(Proposal(proposal).data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = Proposal(proposal).data
    host = Host(actor, approved, state, completed)
    host.check()
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= Host.MAX_ROWS:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
