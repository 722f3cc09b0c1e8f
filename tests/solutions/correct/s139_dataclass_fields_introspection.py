# Style: a dataclass whose dataclasses.fields() give the expected keys, asdict() builds the canonical dict
import dataclasses
import hashlib
import json
import re


@dataclasses.dataclass
class Arguments:
    ticket: str
    status: str


@dataclasses.dataclass
class Proposal:
    call_id: str
    actor: str
    name: str
    version: int
    arguments: Arguments


def field_names(cls):
    return {f.name for f in dataclasses.fields(cls)}


def _id_ok(value):
    return isinstance(value, str) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value) is not None


def _ticket_ok(value):
    return isinstance(value, str) and re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value) is not None


def _status_ok(value):
    return isinstance(value, str) and value in ("open", "done")


def parse(proposal):
    """Returns a Proposal object for a valid dict; raises ValueError otherwise."""
    if not isinstance(proposal, dict) or set(proposal) != field_names(Proposal):
        raise ValueError("proposal fields")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != field_names(Arguments):
        raise ValueError("argument fields")
    if not all(_id_ok(proposal[k]) for k in ("call_id", "actor", "name")):
        raise ValueError("identifier")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version")
    if not _ticket_ok(args["ticket"]) or not _status_ok(args["status"]):
        raise ValueError("ticket/status")
    return Proposal(proposal["call_id"], proposal["actor"], proposal["name"], proposal["version"],
                    Arguments(args["ticket"], args["status"]))


def validate_ticket_proposal(proposal):
    """Returns dataclasses.asdict of the parsed proposal (a new dict); raises ValueError if invalid."""
    return dataclasses.asdict(parse(proposal))


def proposal_fingerprint(proposal):
    """Returns the SHA-256 hexdigest of C(p); raises ValueError if invalid."""
    return hashlib.sha256(json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                                     separators=(",", ":")).encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; raises ValueError on invalid input; changes state/completed only on success."""
    p = parse(proposal)
    if not _id_ok(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(
            isinstance(a, str) and re.fullmatch(r"[0-9a-f]{64}", a) for a in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16 or not all(
            _ticket_ok(k) and _status_ok(v) for k, v in tickets.items()):
        raise ValueError("tickets")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")
    if p.actor != actor:
        return {"status": "forbidden"}
    if p.name != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(dataclasses.asdict(p))
    if p.call_id in completed:
        row = completed[p.call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if p.version != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if p.arguments.ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[p.arguments.ticket] = p.arguments.status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": p.arguments.ticket,
              "value": p.arguments.status, "replayed": False}
    completed[p.call_id] = {"fingerprint": digest, "result": dict(result)}
    return result
