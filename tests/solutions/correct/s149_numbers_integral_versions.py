# Style: numbers.Integral for the version checks (bool excluded separately), plain regex otherwise
import hashlib
import json
import numbers
import re

ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_PATTERN = re.compile(r"[0-9a-f]{64}")


def is_whole_number(value):
    """True for an integral number that is not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def matches(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    """Check a proposal and return a new dict with copied arguments; ValueError otherwise."""
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal needs exactly five fields")
    for field in ("call_id", "actor", "name"):
        if not matches(ID_PATTERN, proposal[field]):
            raise ValueError(f"bad {field}")
    version = proposal["version"]
    if not is_whole_number(version) or not 0 <= version <= 1_000_000:
        raise ValueError("bad version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments need exactly ticket and status")
    if not matches(TICKET_PATTERN, arguments["ticket"]):
        raise ValueError("bad ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("bad status")
    clean = dict(proposal)
    clean["arguments"] = dict(arguments)
    return clean


def proposal_fingerprint(proposal):
    """SHA-256 hex digest of the canonical JSON of a valid proposal; ValueError for an invalid one."""
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    if not matches(ID_PATTERN, actor):
        raise ValueError("bad actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("bad approved")
    for digest in approved:
        if not matches(HEX_PATTERN, digest):
            raise ValueError("bad approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if not is_whole_number(state["version"]) or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("bad tickets")
    for ticket, status in tickets.items():
        if not matches(TICKET_PATTERN, ticket) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("bad ticket pair")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("bad completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Apply one approved proposal to state; returns a status dict, ValueError on bad input."""
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dict(row["result"], replayed=True)
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
