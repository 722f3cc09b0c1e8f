"""Frozen dataclass normalising itself in __post_init__ via object.__setattr__, properties, kw_only slots."""
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Final, Literal

ID_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE: Final = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE: Final = re.compile(r"[0-9a-f]{64}")
Status = Literal["open", "done"]


class ProposalError(ValueError):
    """Ongeldig voorstel."""


def _is_id(value: object) -> bool:
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


@dataclass(frozen=True, slots=True, kw_only=True)
class Proposal:
    call_id: str
    actor: str
    name: str
    version: int
    ticket: str
    status: str
    extra: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for naam in ("call_id", "actor", "name"):
            if not _is_id(getattr(self, naam)):
                raise ProposalError(f"{naam} ongeldig: {getattr(self, naam)!r}")
        if type(self.version) is not int or not 0 <= self.version <= 1_000_000:
            raise ProposalError(f"versie ongeldig: {self.version!r}")
        if not isinstance(self.ticket, str) or not TICKET_RE.fullmatch(self.ticket):
            raise ProposalError("ticket ongeldig")
        if not isinstance(self.status, str) or self.status not in ("open", "done"):
            raise ProposalError("status ongeldig")
        object.__setattr__(self, "extra", {"checked": True})

    @property
    def as_dict(self) -> dict:
        return {"call_id": self.call_id, "actor": self.actor, "name": self.name, "version": self.version,
                "arguments": {"ticket": self.ticket, "status": self.status}}

    @classmethod
    def from_dict(cls, raw: object) -> "Proposal":
        if not isinstance(raw, dict) or raw.keys() != {"call_id", "actor", "name", "version", "arguments"}:
            raise ProposalError("velden kloppen niet")
        args = raw["arguments"]
        if not isinstance(args, dict) or args.keys() != {"status", "ticket"}:
            raise ProposalError("arguments kloppen niet")
        return cls(call_id=raw["call_id"], actor=raw["actor"], name=raw["name"], version=raw["version"],
                   ticket=args["ticket"], status=args["status"])


def validate_ticket_proposal(proposal):
    return Proposal.from_dict(proposal).as_dict


def proposal_fingerprint(proposal):
    data = validate_ticket_proposal(proposal)
    h = hashlib.sha256()
    text = json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    for i in range(0, len(text), 16):
        h.update(text[i:i + 16].encode("ascii"))
    return h.hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        raise ProposalError("actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ProposalError("approved")
    for d in approved:
        if not isinstance(d, str) or not HEX_RE.fullmatch(d):
            raise ProposalError("approved item")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"}:
        raise ProposalError("state")
    v = state["version"]
    if type(v) is not int or not 0 <= v <= 1_000_001:
        raise ProposalError("state version")
    t = state["tickets"]
    if not isinstance(t, dict) or not 1 <= len(t) <= 16:
        raise ProposalError("tickets")
    for k, s in t.items():
        if not isinstance(k, str) or not TICKET_RE.fullmatch(k) or not isinstance(s, str) or s not in ("open", "done"):
            raise ProposalError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ProposalError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = Proposal.from_dict(proposal)
    _check_host(actor, approved, state, completed)
    if p.actor != actor:
        return {"status": "forbidden"}
    if p.name != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p.as_dict)
    if (row := completed.get(p.call_id)) is not None:
        if row["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        return row["result"] | {"replayed": True}
    if p.version != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    if p.ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][p.ticket] = p.status
    state["version"] += 1
    result = dict(status="ok", version=state["version"], ticket=p.ticket, value=p.status, replayed=False)
    completed[p.call_id] = {"fingerprint": fp, "result": {**result}}
    return result
