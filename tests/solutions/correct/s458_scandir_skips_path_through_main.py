"""Dispatch rows go to a JSON-lines log next to main.py; the folder is found by listing candidates with os.scandir,
where a candidate below a file (os.path.join(__file__, '..'), a common slip) raises NotADirectoryError as in Python
and is skipped, and a self-check at import proves that rule."""
import hashlib
import json
import os
import re


def listing(folder):
    """The names in folder, or None when the path is not a folder (a file, or a path through a file)."""
    try:
        with os.scandir(folder) as entries:
            return sorted(entry.name for entry in entries)
    except (NotADirectoryError, FileNotFoundError):
        return None


assert listing(__file__) is None
assert listing(os.path.join(__file__, "..")) is None and listing(os.path.join(__file__, os.curdir)) is None
assert not os.path.isdir(os.path.join(__file__, "..")) and not os.path.exists(__file__ + "/.")
try:
    os.listdir(os.path.join(__file__, os.pardir))
except NotADirectoryError:
    pass
else:
    raise AssertionError("a file is no folder")
LOG_DIR = next(folder for folder in (os.path.join(__file__, ".."), os.path.dirname(os.path.abspath(__file__)))
               if listing(folder) is not None)
assert "main.py" in listing(LOG_DIR)
LOG = os.path.join(LOG_DIR, "dispatch.jsonl")

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
    result = run(p, actor, approved, state, completed)
    with open(LOG, "a", encoding="utf-8") as log:
        log.write(json.dumps({"call_id": p["call_id"], "status": result["status"]}) + "\n")
    return result


def run(p, actor, approved, state, completed):
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        stored = completed[p["call_id"]]
        if stored["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dict(stored["result"], replayed=True)
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
