# Opdracht 01.02 - ingeleverd voor de deadline?
# Style: a header that parses the assignment's deadline with datetime.strptime and prints how many days are left,
# rows of the completed log stamped with the time of dispatch (strftime), plain functions and regexes.
import hashlib
import json
import re
from datetime import datetime

DEADLINE = datetime.strptime("15-01-2026 23:59", "%d-%m-%Y %H:%M")
print("deadline:", DEADLINE.strftime("%A %d %B %Y"), "- dagen over:", (DEADLINE - datetime.now()).days)

ID_PATTERN = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET_PATTERN = r"[a-z][a-z0-9-]{0,31}"
STAMP = "%Y-%m-%d %H:%M:%S"


def is_id(value):
    return isinstance(value, str) and re.fullmatch(ID_PATTERN, value) is not None


def is_ticket(value):
    return isinstance(value, str) and re.fullmatch(TICKET_PATTERN, value) is not None


def is_status(value):
    return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("wrong fields")
    if not (is_id(proposal["call_id"]) and is_id(proposal["actor"]) and is_id(proposal["name"])):
        raise ValueError("bad id")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("bad version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not is_ticket(args["ticket"]) or not is_status(args["status"]):
        raise ValueError("bad ticket or status")
    result = dict(proposal)
    result["arguments"] = {"ticket": args["ticket"], "status": args["status"]}
    return result


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not is_id(actor):
        raise ValueError("bad actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("bad approved")
    for item in approved:
        if not isinstance(item, str) or re.fullmatch(r"[0-9a-f]{64}", item) is None:
            raise ValueError("bad approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("bad state version")
    if not isinstance(state["tickets"], dict) or not 1 <= len(state["tickets"]) <= 16:
        raise ValueError("bad tickets")
    for ticket, status in state["tickets"].items():
        if not is_ticket(ticket) or not is_status(status):
            raise ValueError("bad ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("bad completed")

    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = clean["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": clean["arguments"]["status"], "replayed": False}
    stamp = datetime.now().strftime(STAMP)
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": dict(result), "at": stamp}
    assert datetime.strptime(stamp, STAMP) <= datetime.now()
    return result
