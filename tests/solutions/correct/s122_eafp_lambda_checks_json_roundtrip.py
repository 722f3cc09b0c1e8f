"""EAFP style: read everything, let re/sets raise TypeError/KeyError and turn every such error into a
ValueError with "raise ... from e"; copies through a json round trip; dict(sorted(...)) before dumping;
checks written as a list of (test, message) pairs run in a loop."""
import hashlib
import json
import re

ID_RE = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET_RE = r"[a-z][a-z0-9-]{0,31}"
HEX_RE = r"[0-9a-f]{64}"
STATUSES = {"open", "done"}


def _run(checks):
    for test, message in checks:
        try:
            ok = test()
        except (TypeError, KeyError, AttributeError) as e:
            raise ValueError(message) from e
        if not ok:
            raise ValueError(message)


def _plain_int(value, top):
    return type(value) is int and 0 <= value <= top


def validate_ticket_proposal(proposal):
    _run([
        (lambda: type(proposal) is dict, "proposal is not a dict"),
        (lambda: sorted(proposal) == sorted(["call_id", "actor", "name", "version", "arguments"]), "wrong fields"),
        (lambda: all(re.fullmatch(ID_RE, proposal[k]) and type(proposal[k]) is str
                     for k in ("call_id", "actor", "name")), "bad id"),
        (lambda: _plain_int(proposal["version"], 1000000), "bad version"),
        (lambda: type(proposal["arguments"]) is dict, "arguments is not a dict"),
        (lambda: sorted(proposal["arguments"]) == ["status", "ticket"], "wrong arguments"),
        (lambda: type(proposal["arguments"]["ticket"]) is str
         and re.fullmatch(TICKET_RE, proposal["arguments"]["ticket"]), "bad ticket"),
        (lambda: type(proposal["arguments"]["status"]) is str and proposal["arguments"]["status"] in STATUSES,
         "bad status"),
    ])
    return json.loads(json.dumps(proposal))


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    clean = dict(sorted(clean.items()))
    clean["arguments"] = dict(sorted(clean["arguments"].items()))
    text = json.dumps(clean, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _check_host(actor, approved, state, completed):
    _run([
        (lambda: type(actor) is str and re.fullmatch(ID_RE, actor), "bad host actor"),
        (lambda: type(approved) is set and len(approved) <= 64, "approved must be a set of at most 64"),
        (lambda: all(type(a) is str and re.fullmatch(HEX_RE, a) for a in approved), "bad approval"),
        (lambda: type(state) is dict and sorted(state) == ["tickets", "version"], "bad state"),
        (lambda: _plain_int(state["version"], 1000001), "bad state version"),
        (lambda: type(state["tickets"]) is dict and 1 <= len(state["tickets"]) <= 16, "bad tickets"),
        (lambda: all(type(k) is str and re.fullmatch(TICKET_RE, k) and type(v) is str and v in STATUSES
                     for k, v in state["tickets"].items()), "bad ticket pair"),
        (lambda: type(completed) is dict and len(completed) <= 64, "bad completed"),
    ])


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    try:
        row = completed[p["call_id"]]
    except KeyError:
        row = None
    if row is not None:
        if row["fingerprint"] == digest:
            replay = json.loads(json.dumps(row["result"]))
            replay["replayed"] = True
            return replay
        return {"status": "call-id-conflict"}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": json.loads(json.dumps(result))}
    return result
