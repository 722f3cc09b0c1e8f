"""Audit logs rotated per day under logs/, found again with glob('**', recursive=True), Path.rglob and os.scandir
to count how many dispatches were written."""
import glob
import hashlib
import json
import os
import re
from datetime import date
from pathlib import Path

LOGS = Path(__file__).with_name("logs")

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


def _log_file():
    folder = LOGS / date.today().strftime("%Y") / date.today().strftime("%m")
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "dispatch.jsonl"


def _logged_lines():
    names = sorted(glob.glob(os.path.join(LOGS, "**", "*.jsonl"), recursive=True))
    assert len(names) == len(list(LOGS.rglob("*.jsonl")))
    with os.scandir(LOGS) as entries:
        assert all(entry.is_dir() for entry in entries)
    total = 0
    for name in names:
        with open(name, encoding="utf-8") as log:
            total += sum(1 for _ in log)
    return total


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    result = _run(p, actor, approved, state, completed)
    path = _log_file()
    before = _logged_lines()
    with open(path, "a", encoding="utf-8") as log:
        log.write(json.dumps({"call_id": p["call_id"], "status": result["status"]}) + "\n")
    assert _logged_lines() == before + 1
    return result


def _run(p, actor, approved, state, completed):
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    if p["call_id"] in completed:
        old = completed[p["call_id"]]
        return {"status": "call-id-conflict"} if old["fingerprint"] != fp else {**old["result"], "replayed": True}
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
