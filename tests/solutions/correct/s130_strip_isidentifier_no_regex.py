# Style: no regex: str.strip with a character set, isidentifier after replacing '-', string constants
import hashlib
import json
import string

ID_TAIL = string.ascii_letters + string.digits + "_-"
TICKET_TAIL = string.ascii_lowercase + string.digits + "-"


def is_id(value):
    """ASCII letter, then up to 39 letters/digits/_/-."""
    if not isinstance(value, str) or not 1 <= len(value) <= 40 or not value.isascii():
        return False
    return value[0] in string.ascii_letters and value.replace("-", "_").isidentifier()


def is_ticket(value):
    if not isinstance(value, str) or not 1 <= len(value) <= 32:
        return False
    return value[0] in string.ascii_lowercase and value[1:].strip(TICKET_TAIL) == ""


def is_hex64(value):
    return isinstance(value, str) and len(value) == 64 and value.strip(string.digits + "abcdef") == ""


def is_status(value):
    return isinstance(value, str) and (value == "open" or value == "done")


def validate_ticket_proposal(proposal):
    """Returns a fresh dict equal to the proposal; raises ValueError when any field is wrong."""
    if not isinstance(proposal, dict):
        raise ValueError("not a dict")
    if len(proposal) != 5 or any(k not in proposal for k in ("call_id", "actor", "name", "version", "arguments")):
        raise ValueError("need the five fields")
    for key in ("call_id", "actor", "name"):
        if not is_id(proposal[key]):
            raise ValueError("bad " + key)
    v = proposal["version"]
    if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > 10 ** 6:
        raise ValueError("bad version")
    a = proposal["arguments"]
    if not isinstance(a, dict) or len(a) != 2 or "ticket" not in a or "status" not in a:
        raise ValueError("bad arguments")
    if not is_ticket(a["ticket"]) or not is_status(a["status"]):
        raise ValueError("bad ticket or status")
    new = {}
    for key in proposal:
        new[key] = proposal[key]
    new["arguments"] = {"ticket": a["ticket"], "status": a["status"]}
    return new


def proposal_fingerprint(proposal):
    """Returns the hex SHA-256 of the sorted, compact JSON; ValueError for invalid input."""
    clean = validate_ticket_proposal(proposal)
    encoded = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(bytes(encoded, "ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; invalid input raises ValueError; success mutates state and completed."""
    p = validate_ticket_proposal(proposal)
    if not is_id(actor):
        raise ValueError("bad actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("bad approved")
    for item in approved:
        if not is_hex64(item):
            raise ValueError("bad approval")
    if not isinstance(state, dict) or len(state) != 2 or "version" not in state or "tickets" not in state:
        raise ValueError("bad state")
    sv = state["version"]
    if isinstance(sv, bool) or not isinstance(sv, int) or sv < 0 or sv > 10 ** 6 + 1:
        raise ValueError("bad state version")
    if not isinstance(state["tickets"], dict) or len(state["tickets"]) < 1 or len(state["tickets"]) > 16:
        raise ValueError("bad tickets")
    for t in state["tickets"]:
        if not is_ticket(t) or not is_status(state["tickets"][t]):
            raise ValueError("bad ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("bad completed")

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    cid = p["call_id"]
    if cid in completed:
        if completed[cid]["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        out = {}
        for key in completed[cid]["result"]:
            out[key] = completed[cid]["result"][key]
        out["replayed"] = True
        return out
    if p["version"] != sv:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] = sv + 1
    result = {"status": "ok", "version": sv + 1, "ticket": p["arguments"]["ticket"],
              "value": p["arguments"]["status"], "replayed": False}
    completed[cid] = {"fingerprint": fp, "result": {"status": "ok", "version": sv + 1,
                                                    "ticket": result["ticket"], "value": result["value"],
                                                    "replayed": False}}
    return result
