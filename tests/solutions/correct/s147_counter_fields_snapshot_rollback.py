# Style: Counter comparisons for exact key sets, and a try/except/else/finally transaction that snapshots and rolls back
import copy
import hashlib
import json
import re
from collections import Counter

PROPOSAL_KEYS = Counter(["call_id", "actor", "name", "version", "arguments"])
ARGUMENT_KEYS = Counter(["ticket", "status"])
STATE_KEYS = Counter(["version", "tickets"])


def _id(value):
    return isinstance(value, str) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value) is not None


def _ticket(value):
    return isinstance(value, str) and re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value) is not None


def _status(value):
    return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    """Returns a deep-copied proposal; raises ValueError for an invalid proposal."""
    if not isinstance(proposal, dict) or Counter(proposal.keys()) != PROPOSAL_KEYS:
        raise ValueError("proposal keys")
    if not (_id(proposal["call_id"]) and _id(proposal["actor"]) and _id(proposal["name"])):
        raise ValueError("identifiers")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or Counter(args.keys()) != ARGUMENT_KEYS:
        raise ValueError("argument keys")
    if not _ticket(args["ticket"]) or not _status(args["status"]):
        raise ValueError("ticket/status")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    """Returns the SHA-256 hexdigest of C(p); raises ValueError for an invalid proposal."""
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _id(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    if any(not isinstance(a, str) or not re.fullmatch(r"[0-9a-f]{64}", a) for a in approved):
        raise ValueError("approval")
    if not isinstance(state, dict) or Counter(state.keys()) != STATE_KEYS:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    if not isinstance(state["tickets"], dict) or not 1 <= len(state["tickets"]) <= 16:
        raise ValueError("tickets")
    if any(not _ticket(k) or not _status(v) for k, v in state["tickets"].items()):
        raise ValueError("ticket entries")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def _decide(p, actor, approved, state, completed, digest):
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    if p["call_id"] in completed:
        if completed[p["call_id"]]["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**copy.deepcopy(completed[p["call_id"]]["result"]), "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; raises ValueError for invalid input; a failed write is rolled back."""
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    digest = proposal_fingerprint(p)
    outcome = _decide(p, actor, approved, state, completed, digest)
    if outcome is not None:
        return outcome
    snapshot = copy.deepcopy(state)
    committed = False
    try:
        state["tickets"][p["arguments"]["ticket"]] = p["arguments"]["status"]
        state["version"] += 1
        result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
                  "value": p["arguments"]["status"], "replayed": False}
        completed[p["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    except Exception:
        state.clear()
        state.update(snapshot)
        raise
    else:
        committed = True
    finally:
        if not committed:
            completed.pop(p["call_id"], None)
    return result
