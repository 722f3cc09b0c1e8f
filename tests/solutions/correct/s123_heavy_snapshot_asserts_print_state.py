"""Careful-and-heavy beginner: prints the whole state and log on every call, deep-copies state/completed/
approved as a snapshot and compares afterwards (asserting nothing else changed), stores the validated
proposal in each row next to the fingerprint and result, checks every row of the log on each call,
recomputes fingerprints instead of keeping them in variables."""
import copy
import hashlib
import json
import re


def is_id(x):
    return isinstance(x, str) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", x) is not None


def is_ticket(x):
    return isinstance(x, str) and re.fullmatch(r"[a-z][a-z0-9-]{0,31}", x) is not None


def is_status(x):
    return isinstance(x, str) and x in ["open", "done"]


def validate_ticket_proposal(proposal):
    print("validate_ticket_proposal called with", proposal)
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict, got " + type(proposal).__name__)
    expected = ["actor", "arguments", "call_id", "name", "version"]
    found = []
    for key in proposal:
        if not isinstance(key, str):
            raise ValueError("keys must be strings")
        found.append(key)
    found.sort()
    if found != expected:
        raise ValueError("expected keys " + str(expected) + " but got " + str(found))
    for key in ["call_id", "actor", "name"]:
        if not is_id(proposal[key]):
            raise ValueError("bad " + key)
    v = proposal["version"]
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError("version must be an int")
    if v < 0 or v > 1000000:
        raise ValueError("version out of range")
    a = proposal["arguments"]
    if not isinstance(a, dict):
        raise ValueError("arguments must be a dict")
    if len(a) != 2 or "ticket" not in a or "status" not in a:
        raise ValueError("arguments must have ticket and status")
    if not is_ticket(a["ticket"]):
        raise ValueError("bad ticket")
    if not is_status(a["status"]):
        raise ValueError("bad status")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    s = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    print("canonical:", s)
    return hashlib.sha256(s.encode("ascii")).hexdigest()


def check_row(call_id, row):
    # the log is written by this dispatcher only, but check it anyway
    if not isinstance(row, dict) or "fingerprint" not in row or "result" not in row:
        raise ValueError("strange row in completed: " + repr(call_id))


def dispatch_ticket(proposal, actor, approved, state, completed):
    print("=" * 40)
    print("state:", state)
    print("completed:", completed)
    if not is_id(actor):
        raise ValueError("bad actor")
    if not isinstance(approved, set):
        raise ValueError("approved must be a set")
    if len(approved) > 64:
        raise ValueError("too many approvals")
    for h in approved:
        if not isinstance(h, str) or len(h) != 64 or re.fullmatch(r"[0-9a-f]+", h) is None:
            raise ValueError("bad approval " + repr(h))
    if not isinstance(state, dict) or len(state) != 2 or "version" not in state or "tickets" not in state:
        raise ValueError("bad state")
    sv = state["version"]
    if isinstance(sv, bool) or not isinstance(sv, int) or sv < 0 or sv > 1000001:
        raise ValueError("bad state version")
    t = state["tickets"]
    if not isinstance(t, dict) or len(t) < 1 or len(t) > 16:
        raise ValueError("bad tickets")
    for k in t:
        if not is_ticket(k) or not is_status(t[k]):
            raise ValueError("bad ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("bad completed")
    for call_id in completed:
        check_row(call_id, completed[call_id])

    p = validate_ticket_proposal(proposal)
    before = (copy.deepcopy(state), copy.deepcopy(completed), copy.deepcopy(approved))
    result = decide(p, actor, approved, state, completed)
    print("result:", result)
    if result["status"] != "ok" or result["replayed"]:
        assert (state, completed, approved) == before, "a refusal or replay changed something"
    return result


def decide(p, actor, approved, state, completed):
    if p["actor"] != actor:
        return {"status": "forbidden", "replayed": False}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool", "replayed": False}
    if p["call_id"] in completed:
        if completed[p["call_id"]]["fingerprint"] == proposal_fingerprint(p):
            r = copy.deepcopy(completed[p["call_id"]]["result"])
            r["replayed"] = True
            return r
        return {"status": "call-id-conflict", "replayed": False}
    if p["version"] != state["version"]:
        return {"status": "stale-version", "replayed": False}
    if proposal_fingerprint(p) not in approved:
        return {"status": "approval-required", "replayed": False}
    if p["arguments"]["ticket"] not in state["tickets"]:
        return {"status": "missing-ticket", "replayed": False}
    if len(completed) >= 64:
        return {"status": "log-full", "replayed": False}
    state["tickets"][p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] = state["version"] + 1
    r = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
         "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": proposal_fingerprint(p), "result": copy.deepcopy(r),
                               "proposal": copy.deepcopy(p)}
    return r
