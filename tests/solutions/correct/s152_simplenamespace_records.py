# Style: the validated proposal is held as a types.SimpleNamespace record and turned back into a dict
import hashlib
import json
import re
from types import SimpleNamespace

IDENT = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def _parse(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal fields")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"status", "ticket"}:
        raise ValueError("argument fields")
    record = SimpleNamespace(call_id=proposal["call_id"], actor=proposal["actor"], name=proposal["name"],
                             version=proposal["version"], ticket=args["ticket"], status=args["status"])
    for text in (record.call_id, record.actor, record.name):
        if not isinstance(text, str) or not IDENT.fullmatch(text):
            raise ValueError("identifier")
    if type(record.version) is not int or not 0 <= record.version <= 1000000:
        raise ValueError("version")
    if not isinstance(record.ticket, str) or not TICKET.fullmatch(record.ticket):
        raise ValueError("ticket")
    if record.status not in ["open", "done"]:
        raise ValueError("status")
    return record


def _as_dict(record):
    return {"call_id": record.call_id, "actor": record.actor, "name": record.name, "version": record.version,
            "arguments": {"ticket": record.ticket, "status": record.status}}


def validate_ticket_proposal(proposal):
    """Returns a new dict equal to the valid proposal; raises ValueError otherwise."""
    return _as_dict(_parse(proposal))


def proposal_fingerprint(proposal):
    """Returns sha256 hexdigest of the canonical JSON text; raises ValueError for invalid proposals."""
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns the outcome dict; ValueError for invalid input; state/completed change only on ok."""
    record = _parse(proposal)
    if not isinstance(actor, str) or not IDENT.fullmatch(actor):
        raise ValueError("actor")
    if type(approved) is not set or len(approved) > 64:
        raise ValueError("approved")
    for item in approved:
        if not isinstance(item, str) or not DIGEST.fullmatch(item):
            raise ValueError("approved item")
    if type(state) is not dict or set(state) != {"tickets", "version"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    if type(state["tickets"]) is not dict or not 1 <= len(state["tickets"]) <= 16:
        raise ValueError("tickets")
    for key, value in state["tickets"].items():
        if not isinstance(key, str) or not TICKET.fullmatch(key) or value not in ["open", "done"]:
            raise ValueError("ticket entry")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed")

    host = SimpleNamespace(actor=actor, state=state, log=completed)
    if record.actor != host.actor:
        return {"status": "forbidden"}
    if record.name != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(_as_dict(record))
    if record.call_id in host.log:
        previous = host.log[record.call_id]
        if previous["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        answer = dict(previous["result"])
        answer["replayed"] = True
        return answer
    if record.version != host.state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    if record.ticket not in host.state["tickets"]:
        return {"status": "missing-ticket"}
    if len(host.log) == 64:
        return {"status": "log-full"}
    host.state["tickets"][record.ticket] = record.status
    host.state["version"] += 1
    outcome = {"status": "ok", "version": host.state["version"], "ticket": record.ticket, "value": record.status,
               "replayed": False}
    host.log[record.call_id] = {"fingerprint": fingerprint, "result": dict(outcome)}
    return outcome
