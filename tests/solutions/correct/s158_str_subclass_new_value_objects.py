# Style: value objects as str subclasses validated in __new__, an int subclass for versions
import copy
import hashlib
import json
import re


class Identifier(str):
    """A validated identifier."""
    PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")

    def __new__(cls, value):
        if not isinstance(value, str) or cls.PATTERN.fullmatch(value) is None:
            raise ValueError(f"bad identifier: {value!r}")
        return super().__new__(cls, value)


class TicketName(Identifier):
    PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")


class Version(int):
    LIMIT = 1000000

    def __new__(cls, value):
        if type(value) is not int or not 0 <= value <= cls.LIMIT:
            raise ValueError("bad version")
        return super().__new__(cls, value)


class HostVersion(Version):
    LIMIT = 1000001


FIELDS = frozenset({"call_id", "actor", "name", "version", "arguments"})


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("exact five fields")
    for key in ("call_id", "actor", "name"):
        Identifier(proposal[key])
    Version(proposal["version"])
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        raise ValueError("arguments")
    TicketName(args["ticket"])
    if not isinstance(args["status"], str) or args["status"] not in ("open", "done"):
        raise ValueError("status")
    return {**proposal, "arguments": dict(args)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    Identifier(actor)
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    for h in approved:
        if not isinstance(h, str) or re.fullmatch(r"[0-9a-f]{64}", h) is None:
            raise ValueError("approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    HostVersion(state["version"])
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for k, v in tickets.items():
        TicketName(k)
        if not isinstance(v, str) or v not in ("open", "done"):
            raise ValueError("ticket status")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        result = copy.deepcopy(row["result"])
        result["replayed"] = True
        return result
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
