# Builds its results with the constructors of class-based TypedDicts (plain dicts, as in Python).
import hashlib
import json
import re
from typing import TypedDict

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


class Arguments(TypedDict):
    ticket: str
    status: str


class Proposal(TypedDict):
    call_id: str
    actor: str
    name: str
    version: int
    arguments: Arguments


def _text(value, pattern):
    return type(value) is str and pattern.fullmatch(value) is not None


def _status(value):
    return type(value) is str and value in ("open", "done")


def validate_ticket_proposal(proposal) -> Proposal:
    # type(...) is dict: the strict reading of "een Python-dictionary" (CONTRACT A1)
    if type(proposal) is not dict or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("a proposal has exactly five fields")
    if not all(_text(proposal[k], ID) for k in ("call_id", "actor", "name")):
        raise ValueError("bad id")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("bad version")
    args = proposal["arguments"]
    if type(args) is not dict or set(args) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not _text(args["ticket"], TICKET) or not _status(args["status"]):
        raise ValueError("bad ticket or status")
    return Proposal(call_id=proposal["call_id"], actor=proposal["actor"], name=proposal["name"],
                    version=proposal["version"],
                    arguments=Arguments(ticket=args["ticket"], status=args["status"]))


def proposal_fingerprint(proposal) -> str:
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _text(actor, ID):
        raise ValueError("bad host actor")
    if type(approved) is not set or len(approved) > 64 or not all(_text(a, DIGEST) for a in approved):
        raise ValueError("bad approvals")
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16 or \
            not all(_text(t, TICKET) and _status(s) for t, s in tickets.items()):
        raise ValueError("bad tickets")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("bad log")
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
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
