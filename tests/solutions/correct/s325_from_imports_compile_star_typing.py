# Style: a student who imports names instead of modules: from re import compile (so compile() is re's), from json
# import dumps, from hashlib import sha256, from copy import deepcopy, and `from typing import *` for the type hints
# (Dict, Any, Optional, Set, Final...).
from copy import deepcopy
from hashlib import sha256
from json import dumps
from re import ASCII, compile
from typing import *

ID: Final = compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}", ASCII)
TICKET: Final = compile(r"[a-z][a-z0-9-]{0,31}", ASCII)
HEX: Final = compile(r"[0-9a-f]{64}")
FIELDS: Final[FrozenSet[str]] = frozenset(["call_id", "actor", "name", "version", "arguments"])
Proposal = Dict[str, Any]


def matches(pattern: Pattern[str], value: Any) -> bool:
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal: Any) -> Proposal:
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal.keys()) != FIELDS:
        raise ValueError("proposal must have exactly: " + ", ".join(sorted(FIELDS)))
    for key in ("call_id", "actor", "name"):
        if not matches(ID, proposal[key]):
            raise ValueError(key + " is not a valid id")
    version: Any = proposal["version"]
    if type(version) is not int or version < 0 or version > 1000000:
        raise ValueError("version must be a plain int from 0 to 1000000")
    arguments: Any = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments.keys()) != {"ticket", "status"}:
        raise ValueError("arguments must have exactly ticket and status")
    if not matches(TICKET, arguments["ticket"]):
        raise ValueError("ticket is not a valid ticket name")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("status must be open or done")
    return deepcopy(proposal)


def proposal_fingerprint(proposal: Any) -> str:
    text = dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return sha256(text.encode("ascii")).hexdigest()


def check_host(actor: Any, approved: Any, state: Any, completed: Any) -> None:
    if not matches(ID, actor):
        raise ValueError("host actor is not a valid id")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    if not all(matches(HEX, digest) for digest in approved):
        raise ValueError("approved may only hold SHA-256 hex digests")
    if not isinstance(state, dict) or set(state.keys()) != {"version", "tickets"}:
        raise ValueError("state must have exactly version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version out of range")
    tickets: Any = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets must hold 1 to 16 tickets")
    for name, status in tickets.items():
        if not matches(TICKET, name) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("invalid ticket in state")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal: Any, actor: Any, approved: Any, state: Any, completed: Any) -> Dict[str, Any]:
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    row: Optional[Dict[str, Any]] = completed.get(clean["call_id"])
    if row is not None:
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = deepcopy(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": deepcopy(result)}
    return result
