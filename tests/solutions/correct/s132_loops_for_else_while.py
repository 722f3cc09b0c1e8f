# Style: beginner loops: while with an index, for/else, flags, no comprehensions and no regex
import hashlib
import json

UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LOWER = "abcdefghijklmnopqrstuvwxyz"
DIGITS = "0123456789"


def check_chars(text, first_chars, other_chars, max_len):
    if not isinstance(text, str):
        return False
    if len(text) == 0 or len(text) > max_len:
        return False
    if text[0] not in first_chars:
        return False
    i = 1
    while i < len(text):
        if text[i] not in other_chars:
            return False
        i = i + 1
    return True


def is_id(text):
    return check_chars(text, UPPER + LOWER, UPPER + LOWER + DIGITS + "_-", 40)


def is_ticket(text):
    return check_chars(text, LOWER, LOWER + DIGITS + "-", 32)


def is_status(value):
    for s in ["open", "done"]:
        if type(value) == str and value == s:
            return True
    return False


def validate_ticket_proposal(proposal):
    """Check the proposal. Returns a new dict with a copy of the arguments. Raises ValueError if invalid."""
    if type(proposal) != dict:
        raise ValueError("proposal is not a dict")
    needed = ["call_id", "actor", "name", "version", "arguments"]
    if len(proposal) != len(needed):
        raise ValueError("wrong number of fields")
    for key in needed:
        if key not in proposal:
            raise ValueError("missing " + key)
    for key in ["call_id", "actor", "name"]:
        if not is_id(proposal[key]):
            raise ValueError("bad " + key)
    version = proposal["version"]
    if type(version) != int:
        raise ValueError("version must be an int")
    if version < 0 or version > 1000000:
        raise ValueError("version out of range")
    args = proposal["arguments"]
    if type(args) != dict or len(args) != 2:
        raise ValueError("bad arguments")
    for key in ["ticket", "status"]:
        if key not in args:
            raise ValueError("missing " + key)
    if not is_ticket(args["ticket"]):
        raise ValueError("bad ticket")
    if not is_status(args["status"]):
        raise ValueError("bad status")
    result = {}
    for key in needed:
        result[key] = proposal[key]
    result["arguments"] = {"ticket": args["ticket"], "status": args["status"]}
    return result


def proposal_fingerprint(proposal):
    """Returns the SHA-256 hexdigest (str) of the canonical JSON. Raises ValueError if invalid."""
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a dict with a status. Raises ValueError on invalid input. Changes state/completed only on ok."""
    p = validate_ticket_proposal(proposal)
    if not is_id(actor):
        raise ValueError("bad actor")
    if type(approved) != set or len(approved) > 64:
        raise ValueError("bad approved")
    for item in approved:
        if type(item) != str or len(item) != 64:
            raise ValueError("bad approval")
        for ch in item:
            if ch not in DIGITS + "abcdef":
                break
        else:
            continue
        raise ValueError("approval is not hex")
    if type(state) != dict or len(state) != 2 or "version" not in state or "tickets" not in state:
        raise ValueError("bad state")
    if type(state["version"]) != int or state["version"] < 0 or state["version"] > 1000001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if type(tickets) != dict or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError("bad tickets")
    for name in tickets:
        if not is_ticket(name) or not is_status(tickets[name]):
            raise ValueError("bad ticket entry")
    if type(completed) != dict or len(completed) > 64:
        raise ValueError("bad completed")

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(p)
    call_id = p["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] == fingerprint:
            old = completed[call_id]["result"]
            return {"status": old["status"], "version": old["version"], "ticket": old["ticket"],
                    "value": old["value"], "replayed": True}
        return {"status": "call-id-conflict"}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    found = False
    for a in approved:
        if a == fingerprint:
            found = True
    if not found:
        return {"status": "approval-required"}
    ticket = p["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) == 64:
        return {"status": "log-full"}
    tickets[ticket] = p["arguments"]["status"]
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": p["arguments"]["status"], "replayed": False}
    completed[call_id] = {"fingerprint": fingerprint,
                          "result": {"status": "ok", "version": state["version"], "ticket": ticket,
                                     "value": p["arguments"]["status"], "replayed": False}}
    return result
