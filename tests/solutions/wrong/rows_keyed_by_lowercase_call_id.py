# D10/D17: rows are stored and looked up under call_id.lower(), so a new call 'C1' after 'c1' is a conflict
import copy
import hashlib
import json
import re

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
FIELDS = {"call_id", "actor", "name", "version", "arguments"}


def _is_id(value):
    return type(value) is str and ID_RE.fullmatch(value) is not None


def _is_ticket(value):
    return type(value) is str and TICKET_RE.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != FIELDS:
        raise ValueError("proposal must have exactly the five fields")
    for key in ("call_id", "actor", "name"):
        if not _is_id(proposal[key]):
            raise ValueError(f"bad {key}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("bad version")
    arguments = proposal["arguments"]
    if type(arguments) is not dict or set(arguments) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not _is_ticket(arguments["ticket"]):
        raise ValueError("bad ticket")
    if type(arguments["status"]) is not str or arguments["status"] not in ("open", "done"):
        raise ValueError("bad status")
    return {
        "call_id": proposal["call_id"],
        "actor": proposal["actor"],
        "name": proposal["name"],
        "version": version,
        "arguments": {"ticket": arguments["ticket"], "status": arguments["status"]},
    }


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _is_id(actor):
        raise ValueError("bad host actor")
    if type(approved) is not set or len(approved) > 64:
        raise ValueError("bad approvals")
    for item in approved:
        if type(item) is not str or HEX_RE.fullmatch(item) is None:
            raise ValueError("bad approval")
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError("bad tickets")
    for key, value in tickets.items():
        if not _is_ticket(key) or type(value) is not str or value not in ("open", "done"):
            raise ValueError("bad ticket pair")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("bad log")

    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"].lower() in completed:
        row = completed[clean["call_id"].lower()]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        result = copy.deepcopy(row["result"])
        result["replayed"] = True
        return result
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = clean["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": clean["arguments"]["status"], "replayed": False}
    completed[clean["call_id"].lower()] = {"fingerprint": digest, "result": dict(result)}
    return result
