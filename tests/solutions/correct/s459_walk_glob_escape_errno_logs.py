"""A dispatcher that keeps one log file per ticket under logs/<ticket>/, finds them again with os.walk and
glob (names escaped with glob.escape, checked with glob.has_magic), passes paths through os.fspath, and tells a
missing log from other errors by errno.ENOENT."""
import errno
import glob
import hashlib
import json
import os
import re
from pathlib import Path

LOGS = Path(__file__).parent / "logs"

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


def read_log(path):
    """The rows of one log file; [] when it does not exist yet."""
    try:
        with open(os.fspath(path), encoding="utf-8") as log:
            return [json.loads(line) for line in log]
    except OSError as error:
        if error.errno == errno.ENOENT:
            return []
        raise


def log_files():
    found = []
    for folder, subfolders, files in os.walk(LOGS):
        subfolders.sort()
        found.extend(os.path.join(folder, name) for name in sorted(files) if name.endswith(".jsonl"))
    return found


def append_log(ticket, row):
    folder = LOGS / ticket
    os.makedirs(os.fspath(folder), exist_ok=True)
    assert not glob.has_magic(ticket) and glob.has_magic("*.jsonl")
    path = folder / "calls.jsonl"
    before = len(read_log(path))
    with open(path, "a", encoding="utf-8") as log:
        log.write(json.dumps(row, sort_keys=True) + "\n")
    matches = glob.glob(os.path.join(glob.escape(os.fspath(folder)), "*.jsonl"))
    assert matches == [os.fspath(path)] and len(read_log(path)) == before + 1
    assert os.fspath(path) in log_files()


assert read_log(LOGS / "none.jsonl") == [] and errno.errorcode[errno.ENOENT] == "ENOENT"
assert glob.escape("a[1]*?.log") == "a[[]1][*][?].log" and list(os.walk(LOGS)) == []
walk_errors = []
assert list(os.walk(os.path.join(LOGS, "missing"), onerror=walk_errors.append)) == []
assert walk_errors[0].errno == errno.ENOENT and isinstance(walk_errors[0], FileNotFoundError)


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    result = decide(p, actor, approved, state, completed)
    append_log(p["arguments"]["ticket"], {"call_id": p["call_id"], "status": result["status"]})
    return result


def decide(p, actor, approved, state, completed):
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
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
