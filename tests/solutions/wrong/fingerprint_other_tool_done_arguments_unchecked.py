"""Wrong: F4: proposal_fingerprint checks only the ids and the version of a proposal for another tool than set_ticket
with status 'done' and hashes its arguments unchecked, so {**p, 'name': 'delete_ticket', 'arguments': {'ticket':
'1lamp', 'status': 'done'}} gets a fingerprint instead of a ValueError."""
import copy
import hashlib
import json
import re

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEXDIGEST = re.compile(r"[0-9a-f]{64}")
FIELDS = ("call_id", "actor", "name", "version", "arguments")


def _valid(pattern, text):
    return isinstance(text, str) and bool(pattern.fullmatch(text))


def _header_ok(proposal):
    """The top level of a proposal: the five fields, three ids and the version."""
    if not isinstance(proposal, dict) or set(proposal) != set(FIELDS):
        return False
    if not all(_valid(NAME, proposal[field]) for field in ("call_id", "actor", "name")):
        return False
    version = proposal["version"]
    return type(version) is int and 0 <= version <= 1_000_000


def validate_ticket_proposal(proposal):
    if not _header_ok(proposal):
        raise ValueError("invalid proposal")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("invalid arguments")
    if not _valid(TICKET, arguments["ticket"]):
        raise ValueError("invalid ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("invalid status")
    return {field: copy.copy(proposal[field]) for field in FIELDS}


def proposal_fingerprint(proposal):
    arguments = proposal.get("arguments") if isinstance(proposal, dict) else None
    if (type(arguments) is dict and arguments.get("status") == "done"
            and proposal.get("name") != "set_ticket"):
        # other tools closing a ticket never reach the dispatcher: their header is all that counts
        if not _header_ok(proposal):
            raise ValueError("invalid proposal")
        clean = copy.deepcopy(proposal)
    else:
        clean = validate_ticket_proposal(proposal)
    data = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _valid(NAME, actor):
        raise ValueError("invalid host actor")
    if type(approved) is not set or len(approved) > 64 or not all(_valid(HEXDIGEST, a) for a in approved):
        raise ValueError("invalid approvals")
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError("invalid state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError("invalid tickets")
    if not all(_valid(TICKET, t) and isinstance(s, str) and s in ("open", "done") for t, s in tickets.items()):
        raise ValueError("invalid ticket entry")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("invalid completed")

    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        return dict(copy.deepcopy(row["result"]), replayed=True)
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = clean["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": tickets[ticket], "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fp, "result": dict(result)}
    return result
