"""The audit trail is a CSV written to a sink chosen at start: a sink without a callable write is refused when the
csv writer is made (TypeError, as Python's csv.writer does), and the trail falls back to an io.StringIO."""
import csv
import hashlib
import io
import json
import re


class Muted:
    """A sink that takes nothing: what a silent run uses (it has no write method)."""

    lines = ()


class Broken:
    write = "not callable"


def make_trail(sink):
    try:
        return csv.writer(sink, lineterminator="\n"), sink
    except TypeError:
        spare = io.StringIO()
        return csv.writer(spare, lineterminator="\n"), spare


_probe, _used = make_trail(Broken())
assert isinstance(_used, io.StringIO)
TRAIL, TRAIL_SINK = make_trail(Muted())
assert isinstance(TRAIL_SINK, io.StringIO)

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
FIELDS = {"call_id", "actor", "name", "version", "arguments"}


def is_id(value):
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("proposal must have exactly five fields")
    for key in ("call_id", "actor", "name"):
        if not is_id(proposal[key]):
            raise ValueError(f"invalid {key}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("invalid version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("invalid arguments")
    ticket, status = arguments["ticket"], arguments["status"]
    if not isinstance(ticket, str) or TICKET_RE.fullmatch(ticket) is None:
        raise ValueError("invalid ticket")
    if not isinstance(status, str) or status not in ("open", "done"):
        raise ValueError("invalid status")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": ticket, "status": status}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    if not is_id(actor):
        raise ValueError("invalid actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("invalid approvals")
    for digest in approved:
        if not isinstance(digest, str) or HEX_RE.fullmatch(digest) is None:
            raise ValueError("invalid approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("invalid state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("invalid tickets")
    for key, value in tickets.items():
        if not isinstance(key, str) or TICKET_RE.fullmatch(key) is None or not isinstance(value, str) \
                or value not in ("open", "done"):
            raise ValueError("invalid ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("invalid log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    result = outcome(p, actor, approved, state, completed)
    TRAIL.writerow([p["call_id"], p["arguments"]["ticket"], result["status"]])
    return result


def outcome(p, actor, approved, state, completed):
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    row = completed.get(p["call_id"])
    if row is not None:
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
