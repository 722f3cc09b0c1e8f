# Style: collections.namedtuple records; _fields gives the expected keys, _make builds, _asdict turns back into a dict
import hashlib
import json
import re
from collections import namedtuple

Proposal = namedtuple("Proposal", "call_id actor name version arguments")
Arguments = namedtuple("Arguments", ["ticket", "status"])
Result = namedtuple("Result", "status version ticket value replayed")


def _id(value):
    return isinstance(value, str) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value) is not None


def _ticket(value):
    return isinstance(value, str) and re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value) is not None


def _status(value):
    return isinstance(value, str) and value in ("open", "done")


def _record(proposal):
    if not isinstance(proposal, dict) or set(proposal) != set(Proposal._fields):
        raise ValueError("proposal fields")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != set(Arguments._fields):
        raise ValueError("argument fields")
    record = Proposal._make(proposal[f] for f in Proposal._fields)
    record = record._replace(arguments=Arguments._make(args[f] for f in Arguments._fields))
    if not (_id(record.call_id) and _id(record.actor) and _id(record.name)):
        raise ValueError("identifiers")
    if type(record.version) is not int or not 0 <= record.version <= 1000000:
        raise ValueError("version")
    if not _ticket(record.arguments.ticket) or not _status(record.arguments.status):
        raise ValueError("ticket/status")
    return record


def _to_dict(record):
    data = record._asdict()
    data["arguments"] = record.arguments._asdict()
    return dict(data)


def validate_ticket_proposal(proposal):
    """Returns a new plain dict equal to the valid proposal; raises ValueError otherwise."""
    return _to_dict(_record(proposal))


def proposal_fingerprint(proposal):
    """Returns the SHA-256 hexdigest of C(p); raises ValueError for an invalid proposal."""
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; raises ValueError for invalid input; mutates state/completed only on success."""
    record = _record(proposal)
    if not _id(actor):
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
            _ticket(k) and _status(v) for k, v in tickets.items()):
        raise ValueError("tickets")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")
    if record.actor != actor:
        return {"status": "forbidden"}
    if record.name != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(_to_dict(record))
    if record.call_id in completed:
        row = completed[record.call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dict(Result(**row["result"])._replace(replayed=True)._asdict())
    if record.version != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if record.arguments.ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[record.arguments.ticket] = record.arguments.status
    state["version"] += 1
    result = Result("ok", state["version"], record.arguments.ticket, record.arguments.status, False)
    completed[record.call_id] = {"fingerprint": digest, "result": dict(result._asdict())}
    return dict(result._asdict())
