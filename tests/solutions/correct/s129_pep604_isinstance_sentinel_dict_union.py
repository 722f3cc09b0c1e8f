# Style: PEP 604 unions in isinstance (set | frozenset, dict | None), an object() sentinel, dict | merge and |=
import hashlib
import json
import re
from collections import OrderedDict

_MISSING = object()
_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
_TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
_HEX = re.compile(r"[0-9a-f]{64}")


def _fits(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _plain_int(value, top):
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def validate_ticket_proposal(proposal):
    """Returns a new dict equal to the proposal (arguments copied); ValueError if invalid."""
    if not isinstance(proposal, dict | OrderedDict):
        raise ValueError("proposal must be a dict")
    if proposal.keys() != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("wrong proposal keys")
    if not (_fits(_ID, proposal["call_id"]) and _fits(_ID, proposal["actor"]) and _fits(_ID, proposal["name"])):
        raise ValueError("bad identifier")
    if not _plain_int(proposal["version"], 1_000_000):
        raise ValueError("bad version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or args.keys() != {"ticket", "status"}:
        raise ValueError("wrong argument keys")
    if not _fits(_TICKET, args["ticket"]) or not isinstance(args["status"], str) or args["status"] not in {"open", "done"}:
        raise ValueError("bad ticket/status")
    return dict(proposal) | {"arguments": dict(args)}


def proposal_fingerprint(proposal):
    """Returns the SHA-256 hexdigest of C(p); ValueError for an invalid proposal."""
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; ValueError for invalid input; mutates state and completed only on success."""
    p = validate_ticket_proposal(proposal)
    if not _fits(_ID, actor):
        raise ValueError("bad actor")
    if not isinstance(approved, set | frozenset) or len(approved) > 64 or not all(_fits(_HEX, a) for a in approved):
        raise ValueError("bad approvals")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"} or not _plain_int(state["version"], 1_000_001):
        raise ValueError("bad state")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("bad tickets")
    for name, status in tickets.items():
        if not _fits(_TICKET, name) or not isinstance(status, str) or status not in {"open", "done"}:
            raise ValueError("bad ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("bad log")

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    row = completed.get(p["call_id"], _MISSING)
    if row is not _MISSING:
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return row["result"] | {"replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) == 64:
        return {"status": "log-full"}
    tickets |= {ticket: value}
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed |= {p["call_id"]: {"fingerprint": digest, "result": result.copy()}}
    return result
