# Style: a student who keeps the completed log of earlier runs in a JSON file next to main.py: it is loaded at
# import (a missing file means an empty log: except FileNotFoundError, and the older spelling except IOError for
# the settings file) and saved again by an @atexit.register function when the program ends; only a demo uses it.
import atexit
import hashlib
import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
LOG_FILE = HERE / "completed_calls.json"
SETTINGS_FILE = HERE / "settings.json"

try:
    with open(LOG_FILE, encoding="utf-8") as handle:
        SAVED_LOG = json.load(handle)
except FileNotFoundError:
    SAVED_LOG = {}

try:
    SETTINGS = json.loads(open(SETTINGS_FILE).read())
except IOError:
    SETTINGS = {"max_rows": 64, "max_approvals": 64}

if LOG_FILE.exists() and not SAVED_LOG:
    print("warning: the saved log is empty")


@atexit.register
def _save_log():
    with open(LOG_FILE, "w", encoding="utf-8") as handle:
        json.dump(SAVED_LOG, handle, indent=2)

MAX_ROWS = 64
MAX_APPROVALS = 64
ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")


def is_id(value, pattern=ID_RE):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal must have exactly the five fields")
    if not (is_id(proposal["call_id"]) and is_id(proposal["actor"]) and is_id(proposal["name"])):
        raise ValueError("call_id, actor and name must be ids")
    version = proposal["version"]
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= 1_000_000:
        raise ValueError("version must be an int from 0 to 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must hold exactly ticket and status")
    if not is_id(arguments["ticket"], TICKET_RE):
        raise ValueError("ticket is not a valid ticket name")
    if arguments["status"] not in ("open", "done") or not isinstance(arguments["status"], str):
        raise ValueError("status must be open or done")
    return json.loads(json.dumps(proposal))


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    payload = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return hashlib.sha256(payload).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not is_id(actor):
        raise ValueError("host actor is not an id")
    if not isinstance(approved, set) or len(approved) > MAX_APPROVALS:
        raise ValueError("approved must be a set of at most 64 digests")
    if any(not is_id(digest, HEX_RE) for digest in approved):
        raise ValueError("approved holds a value that is no SHA-256 hex digest")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state must hold version and tickets")
    version = state["version"]
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= 1_000_001:
        raise ValueError("state version out of range")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets must hold 1 to 16 entries")
    for ticket, status in tickets.items():
        if not is_id(ticket, TICKET_RE) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("invalid ticket entry")
    if not isinstance(completed, dict) or len(completed) > MAX_ROWS:
        raise ValueError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _validate_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        return {**completed[call_id]["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= MAX_ROWS:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[call_id] = {"fingerprint": fingerprint, "result": dict(result)}
    return result


if __name__ == "__main__":
    state = {"version": 0, "tickets": {"lamp": "open"}}
    print(len(SAVED_LOG), "saved rows;", SETTINGS)
