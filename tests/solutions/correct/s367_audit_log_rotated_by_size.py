# Style: the audit file lives next to main.py (checked with Path(__file__).exists()); before each append it is
# rotated when it grows too big (Path.stat().st_size) or a day old (os.path.getmtime, os.stat), old rotations
# counted with Path.glob; dispatch_ticket appends one JSON line per applied change to it.
import hashlib
import json
import os
import re
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

JSONText = str


class ProposalShapeError(ValueError):
    """A proposal that is not of the lesson's shape."""


class HostInputError(ValueError):
    """Host input (actor, approved, state, completed) that is not of the lesson's shape."""


ERRORS: dict[str, type[ValueError]] = {"proposal": ProposalShapeError, "host": HostInputError}
ID_RE: re.Pattern[str] = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE: re.Pattern[str] = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE: re.Pattern[str] = re.compile(r"[0-9a-f]{64}")
HERE = Path(__file__).resolve().parent
assert Path(__file__).exists() and Path(__file__).is_file() and "main.py" in os.listdir(HERE)
AUDIT_FILE = HERE / "audit.log"
MAX_AUDIT_BYTES = 600


def require(condition: bool, message: str, error: type[Exception] = ValueError) -> None:
    if not condition:
        raise error(message)


def matching(pattern: re.Pattern[str]) -> Callable[[object], bool]:
    def check(value: object) -> bool:
        return isinstance(value, str) and pattern.fullmatch(value) is not None
    return check


is_id, is_ticket, is_hex = matching(ID_RE), matching(TICKET_RE), matching(HEX_RE)


def is_plain_int(value: object, top: int, kind: type[int] = int) -> bool:
    return type(value) is kind and 0 <= value <= top


def validate_ticket_proposal(proposal: dict[str, Any]) -> dict[str, Any]:
    error = ERRORS["proposal"]
    require(isinstance(proposal, dict), "proposal must be a dict", error)
    require(set(proposal) == {"call_id", "actor", "name", "version", "arguments"}, "exactly five fields", error)
    for key in ("call_id", "actor", "name"):
        require(is_id(proposal[key]), f"{key} is not an id", error)
    require(is_plain_int(proposal["version"], 1_000_000), "version", error)
    arguments = proposal["arguments"]
    require(isinstance(arguments, dict) and set(arguments) == {"ticket", "status"}, "arguments", error)
    require(is_ticket(arguments["ticket"]), "ticket", error)
    require(type(arguments["status"]) is str and arguments["status"] in ("open", "done"), "status", error)
    return {**proposal, "arguments": {**arguments}}


def canonical(proposal: dict[str, Any]) -> JSONText:
    return json.dumps(proposal, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def proposal_fingerprint(proposal: dict[str, Any]) -> str:
    return hashlib.sha256(canonical(validate_ticket_proposal(proposal)).encode("ascii")).hexdigest()


def check_host(actor: str, approved: set[str], state: dict[str, Any], completed: dict[str, Any],
               error: type[ValueError] = ERRORS["host"]) -> None:
    require(is_id(actor), "actor", error)
    require(isinstance(approved, set) and len(approved) <= 64 and all(map(is_hex, approved)), "approved", error)
    require(isinstance(state, dict) and set(state) == {"version", "tickets"}, "state", error)
    require(is_plain_int(state["version"], 1_000_001), "state version", error)
    tickets = state["tickets"]
    require(isinstance(tickets, dict) and 1 <= len(tickets) <= 16, "tickets", error)
    for ticket, status in tickets.items():
        require(is_ticket(ticket) and type(status) is str and status in ("open", "done"), "ticket entry", error)
    require(isinstance(completed, dict) and len(completed) <= 64, "completed", error)


def dispatch_ticket(proposal: dict[str, Any], actor: str, approved: set[str], state: dict[str, Any],
                    completed: dict[str, Any]) -> dict[str, Any]:
    check_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    call_id: str = clean["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dict(row["result"], replayed=True)
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket: str = clean["arguments"]["ticket"]
    value: str = clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result: dict[str, Any] = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value,
                              "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": dict(result)}
    append_audit({"call_id": call_id, "actor": actor, "ticket": ticket, "value": value, "version": state["version"]})
    return result


def rotate_audit() -> None:
    """Move a big or day-old audit file aside as audit.N.log (its lines copied, then the file emptied)."""
    if AUDIT_FILE.exists() and (AUDIT_FILE.stat().st_size > MAX_AUDIT_BYTES or audit_age() > 24 * 3600):
        number = len(list(HERE.glob("audit.*.log"))) + 1
        (HERE / f"audit.{number}.log").write_text(AUDIT_FILE.read_text(encoding="utf-8"), encoding="utf-8")
        AUDIT_FILE.write_text("", encoding="utf-8")


def audit_age() -> float:
    """Seconds since the audit file last changed (0 when there is none)."""
    if not os.path.exists(AUDIT_FILE):
        return 0.0
    return max(0.0, time.time() - max(os.path.getmtime(AUDIT_FILE), os.stat(AUDIT_FILE).st_mtime))


def append_audit(row: dict[str, Any]) -> None:
    rotate_audit()
    with open(AUDIT_FILE, "a", encoding="utf-8") as audit:
        audit.write(json.dumps(row, sort_keys=True) + "\n")


def read_audit() -> list[dict[str, Any]]:
    try:
        with open(AUDIT_FILE, encoding="utf-8") as audit:
            return [json.loads(line) for line in audit if line.strip()]
    except FileNotFoundError:
        return []
