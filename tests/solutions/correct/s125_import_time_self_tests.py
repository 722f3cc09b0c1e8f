"""Self-testing student: the EAFP solution followed by module-level asserts that run on import (valid and
invalid proposals, the lesson fingerprint, a filled log of 64 rows reaching log-full, replays)."""
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


# ---- eigen tests (draaien bij import) ----
def _voorstel(call_id="c1", version=0, status="done", ticket="lamp"):
    return {"call_id": call_id, "actor": "learner", "name": "set_ticket", "version": version,
            "arguments": {"ticket": ticket, "status": status}}


_p = _voorstel()
assert validate_ticket_proposal(_p) == _p and validate_ticket_proposal(_p) is not _p
assert proposal_fingerprint(_p) == "2740616b46377c575410ef31cc29b1cb8b9d69c3fa283831fca38e0c0627af39"
for _slecht in [None, 1, "x", [], {**_p, "approved": True}, _voorstel(version=True), _voorstel(status="closed"),
                _voorstel(call_id="1c"), _voorstel(ticket="Lamp"), {**_p, "arguments": {"ticket": "lamp"}},
                _voorstel(status=["open"]), _voorstel(call_id="c" * 41)]:
    try:
        validate_ticket_proposal(_slecht)
    except ValueError:
        pass
    else:
        raise AssertionError(f"zou geweigerd moeten worden: {_slecht!r}")

_state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
_log = {}
for _i in range(64):
    _q = _voorstel(call_id=f"f{_i}", version=_i, status="done" if _i % 2 == 0 else "open")
    _r = dispatch_ticket(_q, "learner", {proposal_fingerprint(_q)}, _state, _log)
    assert _r["status"] == "ok" and _r["version"] == _i + 1, _r
_q = _voorstel(call_id="extra", version=64)
assert dispatch_ticket(_q, "learner", {proposal_fingerprint(_q)}, _state, _log) == {"status": "log-full"}
_again = dispatch_ticket(_voorstel(call_id="f0"), "learner", set(), _state, _log)
assert _again["replayed"] is True and _again["version"] == 1
assert dispatch_ticket(_voorstel(call_id="f0", status="open"), "learner", set(), _state, _log) == {
    "status": "call-id-conflict"}
assert dispatch_ticket(_p, "mallory", set(), _state, _log) == {"status": "forbidden"}
print("alle eigen tests geslaagd")
