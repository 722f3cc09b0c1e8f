# Style: classes used as namespaces of constants (no enum): the valid statuses, tool names and limits are class
# attributes, and the sets the checks use are built with vars(Class).items(), filtering out the private names, or
# read as Class.__dict__[name].
import hashlib
import json
import re


class Status:
    OPEN = "open"
    DONE = "done"


class Tool:
    SET_TICKET = "set_ticket"


class Limit:
    VERSION = 1_000_000
    STATE_VERSION = 1_000_001
    APPROVALS = 64
    TICKETS = 16
    ROWS = 64


class Pattern:
    ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
    TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
    DIGEST = re.compile(r"[0-9a-f]{64}")


STATUSES = frozenset(value for name, value in vars(Status).items() if not name.startswith("_"))
TOOLS = frozenset(value for name, value in vars(Tool).items() if not name.startswith("_"))
FIELDS = {"call_id", "actor", "name", "version", "arguments"}


def _fits(kind, value):
    return isinstance(value, str) and Pattern.__dict__[kind].fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in STATUSES


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("bad fields")
    if not all(_fits("ID", proposal[field]) for field in ("call_id", "actor", "name")):
        raise ValueError("bad id")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= Limit.VERSION:
        raise ValueError("bad version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not _fits("TICKET", arguments["ticket"]) or not _status(arguments["status"]):
        raise ValueError("bad ticket or status")
    copy = dict(proposal)
    copy["arguments"] = dict(arguments)
    return copy


def proposal_fingerprint(proposal):
    data = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(data, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
                          .encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    if not _fits("ID", actor):
        raise ValueError("bad actor")
    if not isinstance(approved, set) or len(approved) > Limit.APPROVALS:
        raise ValueError("bad approved")
    if not all(_fits("DIGEST", digest) for digest in approved):
        raise ValueError("bad digest")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= Limit.STATE_VERSION:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= Limit.TICKETS:
        raise ValueError("bad tickets")
    if not all(_fits("TICKET", ticket) and _status(status) for ticket, status in tickets.items()):
        raise ValueError("bad ticket entry")
    if not isinstance(completed, dict) or len(completed) > Limit.ROWS:
        raise ValueError("bad completed")

    if proposal["actor"] != actor:
        return {"status": "forbidden"}
    if proposal["name"] not in TOOLS:
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(proposal)
    call_id = proposal["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        result = dict(completed[call_id]["result"])
        result["replayed"] = True
        return result
    if proposal["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = proposal["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= Limit.ROWS:
        return {"status": "log-full"}
    tickets[ticket] = proposal["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": proposal["arguments"]["status"], "replayed": False}
    completed[call_id] = {"fingerprint": fingerprint, "result": dict(result)}
    return result
