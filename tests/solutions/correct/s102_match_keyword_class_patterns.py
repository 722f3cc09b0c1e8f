"""match statements with keyword class patterns on the submission's own dataclasses
(case Call(actor=a, name='set_ticket')), and positional plus keyword sub-patterns mixed."""
import hashlib
import json
import re
from dataclasses import dataclass

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Change:
    ticket: str
    status: str


@dataclass(frozen=True)
class Call:
    call_id: str
    actor: str
    name: str
    version: int
    change: Change


def _text(value, pattern):
    return type(value) is str and pattern.fullmatch(value) is not None


def _parse(proposal):
    match proposal:
        case dict() if proposal.keys() == {"call_id", "actor", "name", "version", "arguments"}:
            pass
        case _:
            raise ValueError("voorstel moet een dict met vijf velden zijn")
    args = proposal["arguments"]
    if type(args) is not dict or args.keys() != {"ticket", "status"}:
        raise ValueError("arguments")
    call = Call(proposal["call_id"], proposal["actor"], proposal["name"], proposal["version"],
                Change(args["ticket"], args["status"]))
    match call:
        case Call(call_id=c, actor=a, name=n) if not all(_text(x, ID) for x in (c, a, n)):
            raise ValueError("id")
        case Call(version=bool()) | Call(version=float()):
            raise ValueError("version type")
        case Call(version=int(v)) if not 0 <= v <= 1_000_000:
            raise ValueError("version range")
        case Call(version=v) if type(v) is not int:
            raise ValueError("version type")
        case Call(change=Change(ticket=t)) if not _text(t, TICKET):
            raise ValueError("ticket")
        case Call(change=Change(status=s)) if type(s) is not str or s not in ("open", "done"):
            raise ValueError("status")
    return call


def _as_dict(call):
    return {"call_id": call.call_id, "actor": call.actor, "name": call.name, "version": call.version,
            "arguments": {"ticket": call.change.ticket, "status": call.change.status}}


def validate_ticket_proposal(proposal):
    return _as_dict(_parse(proposal))


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _host(actor, approved, state, completed):
    if not _text(actor, ID):
        raise ValueError("actor")
    if type(approved) is not set or len(approved) > 64 or not all(_text(a, HEX) for a in approved):
        raise ValueError("approved")
    if type(state) is not dict or state.keys() != {"version", "tickets"}:
        raise ValueError("state")
    v, tickets = state["version"], state["tickets"]
    if type(v) is not int or not 0 <= v <= 1_000_001:
        raise ValueError("state version")
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for k, s in tickets.items():
        if not _text(k, TICKET) or type(s) is not str or s not in ("open", "done"):
            raise ValueError("ticket pair")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    call = _parse(proposal)
    _host(actor, approved, state, completed)
    digest = proposal_fingerprint(_as_dict(call))
    match call:
        case Call(actor=a) if a != actor:
            return {"status": "forbidden"}
        case Call(name=n) if n != "set_ticket":
            return {"status": "unknown-tool"}
        case Call(call_id=c) if c in completed:
            if completed[c]["fingerprint"] != digest:
                return {"status": "call-id-conflict"}
            return dict(completed[c]["result"], replayed=True)
        case Call(version=v) if v != state["version"]:
            return {"status": "stale-version"}
        case _ if digest not in approved:
            return {"status": "approval-required"}
        case Call(change=Change(t, s) as change) if t not in state["tickets"]:
            return {"status": "missing-ticket"}
        case _ if len(completed) >= 64:
            return {"status": "log-full"}
        case Call(call_id=c, change=Change(ticket=t, status=s)):
            state["tickets"][t] = s
            state["version"] += 1
            result = {"status": "ok", "version": state["version"], "ticket": t, "value": s, "replayed": False}
            completed[c] = {"fingerprint": digest, "result": dict(result)}
            return result
