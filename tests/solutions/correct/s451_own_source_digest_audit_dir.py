"""A dispatcher that stamps its audit lines with a digest of its own source, read from main.py itself, and keeps
its audit log under a folder, falling back to a flat file when that name is already a file."""
import hashlib
import json
import os
import re
from pathlib import Path

HERE = Path(__file__)
BUILD = hashlib.sha256(HERE.read_bytes()).hexdigest()[:12]
SOURCE_BYTES = os.stat(__file__).st_size
assert SOURCE_BYTES == len(HERE.read_text(encoding="utf-8").encode("utf-8")) > 0

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
STATUSES = ("open", "done")


def _ident(value):
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal fields")
    for key in ("call_id", "actor", "name"):
        if not _ident(proposal[key]):
            raise ValueError(f"bad {key}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("bad version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not isinstance(args["ticket"], str) or not TICKET_RE.fullmatch(args["ticket"]):
        raise ValueError("bad ticket")
    if not isinstance(args["status"], str) or args["status"] not in STATUSES:
        raise ValueError("bad status")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": args["ticket"], "status": args["status"]}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _ident(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    if not all(isinstance(d, str) and HEX_RE.fullmatch(d) for d in approved):
        raise ValueError("approved item")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for key, value in tickets.items():
        if not isinstance(key, str) or not TICKET_RE.fullmatch(key) or not isinstance(value, str) \
                or value not in STATUSES:
            raise ValueError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def _audit_file():
    marker = HERE.with_name("audit")
    marker.touch()  # older versions logged to a flat file called "audit"
    try:
        with open(marker / "dispatch.log", "a", encoding="utf-8"):
            pass
        return marker / "dispatch.log"
    except NotADirectoryError:
        return marker


AUDIT = _audit_file()


def _audit(row):
    with open(AUDIT, "a", encoding="utf-8") as log:
        log.write(json.dumps({"build": BUILD, **row}, sort_keys=True) + "\n")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    result = _decide(p, actor, approved, state, completed)
    _audit({"call_id": p["call_id"], "status": result["status"]})
    return result


def _decide(p, actor, approved, state, completed):
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    previous = completed.get(p["call_id"])
    if previous is not None:
        if previous["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        return dict(previous["result"], replayed=True)
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    ticket, status = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": fp, "result": dict(result)}
    return result
