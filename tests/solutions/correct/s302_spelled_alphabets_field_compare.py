"""Character loops over spelled-out alphabets, try/except turning slips into ValueError, rows compared field by field."""
import hashlib
import json

LOWER = "abcdefghijklmnopqrstuvwxyz"
UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"
HEX = DIGITS + "abcdef"


def spelled(text, first, rest, longest):
    if not isinstance(text, str) or len(text) < 1 or len(text) > longest:
        return False
    if text[0] not in first:
        return False
    for index in range(1, len(text)):
        if text[index] not in rest:
            return False
    return True


def check_id(text):
    if not spelled(text, LOWER + UPPER, LOWER + UPPER + DIGITS + "_-", 40):
        raise ValueError("id")
    return text


def check_ticket(text):
    if not spelled(text, LOWER, LOWER + DIGITS + "-", 32):
        raise ValueError("ticket")
    return text


def check_status(value):
    if value != "open" and value != "done" or not isinstance(value, str):
        raise ValueError("status")
    return value


def validate_ticket_proposal(proposal):
    try:
        if len(proposal) != 5 or len(proposal["arguments"]) != 2:
            raise ValueError("fields")
        version = proposal["version"]
        if type(version) != int or version < 0 or version > 1000000:
            raise ValueError("version")
        arguments = {"ticket": check_ticket(proposal["arguments"]["ticket"]),
                     "status": check_status(proposal["arguments"]["status"])}
        return {"call_id": check_id(proposal["call_id"]), "actor": check_id(proposal["actor"]),
                "name": check_id(proposal["name"]), "version": version, "arguments": arguments}
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError("shape") from error


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(p, sort_keys=True, separators=(",", ":")).encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    check_id(actor)
    if type(approved) != set or len(approved) > 64:
        raise ValueError("approved")
    for digest in approved:
        if not spelled(digest, HEX, HEX, 64) or len(digest) != 64:
            raise ValueError("approved")
    if type(state) != dict or sorted(state, key=str) != ["tickets", "version"]:
        raise ValueError("state")
    if type(state["version"]) != int or not -1 < state["version"] < 1000002:
        raise ValueError("state")
    tickets = state["tickets"]
    if type(tickets) != dict or len(tickets) == 0 or len(tickets) > 16:
        raise ValueError("tickets")
    for ticket in tickets:
        check_ticket(ticket)
        check_status(tickets[ticket])
    if type(completed) != dict or len(completed) > 64:
        raise ValueError("completed")


def same_call(row, p):
    stored = row["proposal"]
    return (stored["actor"] == p["actor"] and stored["version"] == p["version"]
            and stored["arguments"]["ticket"] == p["arguments"]["ticket"]
            and stored["arguments"]["status"] == p["arguments"]["status"])


def dispatch_ticket(proposal, actor, approved, state, completed):
    check_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if not same_call(row, p):
            return {"status": "call-id-conflict"}
        return dict(row["result"], replayed=True)
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if proposal_fingerprint(p) not in approved:
        return {"status": "approval-required"}
    ticket, value = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) == 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] = p["version"] + 1
    completed[p["call_id"]] = {"proposal": p, "result": {"status": "ok", "version": p["version"] + 1,
                                                         "ticket": ticket, "value": value}}
    return dict(completed[p["call_id"]]["result"], replayed=False)
