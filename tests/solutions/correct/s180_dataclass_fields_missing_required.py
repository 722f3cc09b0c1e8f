"""Dataclass-driven validation: the proposal's and the arguments' shapes are dataclasses whose fields carry their
checks in field(metadata=...); the required keys are the fields whose default and default_factory are both
dataclasses.MISSING, and a proposal is built with the dataclass's own constructor, then turned back into a
plain dict with asdict()."""
import hashlib
import json
import re
from dataclasses import MISSING, asdict, dataclass, field, fields

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def text(pattern):
    return lambda value: isinstance(value, str) and pattern.fullmatch(value) is not None


def plain_int(high):
    return lambda value: type(value) is int and 0 <= value <= high


def one_of(*choices):
    return lambda value: isinstance(value, str) and value in choices


@dataclass
class Arguments:
    ticket: str = field(metadata={"check": text(TICKET)})
    status: str = field(metadata={"check": one_of("open", "done")})


@dataclass
class Proposal:
    call_id: str = field(metadata={"check": text(ID)})
    actor: str = field(metadata={"check": text(ID)})
    name: str = field(metadata={"check": text(ID)})
    version: int = field(metadata={"check": plain_int(1000000)})
    arguments: Arguments = field(metadata={"check": lambda value: isinstance(value, dict)})


def required(cls):
    return {f.name for f in fields(cls) if f.default is MISSING and f.default_factory is MISSING}


def build(cls, raw):
    if not isinstance(raw, dict) or set(raw) != required(cls):
        raise ValueError(f"{cls.__name__} needs exactly {sorted(required(cls))}")
    for f in fields(cls):
        if not f.metadata["check"](raw[f.name]):
            raise ValueError(f"invalid {f.name}")
    return cls(**raw)


def validate_ticket_proposal(proposal):
    record = build(Proposal, proposal)
    record.arguments = build(Arguments, record.arguments)
    return asdict(record)


def proposal_fingerprint(proposal):
    text_form = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(",", ":"))
    return hashlib.sha256(text_form.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not text(ID)(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(map(text(DIGEST), approved)):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"} or not plain_int(1000001)(state["version"]):
        raise ValueError("state")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for ticket, status in tickets.items():
        build(Arguments, {"ticket": ticket, "status": status})
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


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
        return {**row["result"], "replayed": True}
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
