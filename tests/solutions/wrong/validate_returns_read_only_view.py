# V9/V10: validate_ticket_proposal returns a read-only MappingProxyType view, not a new dict
import hashlib, json, re
from types import MappingProxyType
ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEXD = re.compile(r"[0-9a-f]{64}")

def _check(proposal):
    if not isinstance(proposal, (dict, MappingProxyType)) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError
    for k in ("call_id", "actor", "name"):
        if type(proposal[k]) is not str or not ID.fullmatch(proposal[k]):
            raise ValueError
    v = proposal["version"]
    if type(v) is not int or not 0 <= v <= 1000000:
        raise ValueError
    a = proposal["arguments"]
    if not isinstance(a, (dict, MappingProxyType)) or set(a) != {"ticket", "status"}:
        raise ValueError
    if type(a["ticket"]) is not str or not TICKET.fullmatch(a["ticket"]):
        raise ValueError
    if type(a["status"]) is not str or a["status"] not in ("open", "done"):
        raise ValueError
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"], "version": v,
            "arguments": {"ticket": a["ticket"], "status": a["status"]}}

def validate_ticket_proposal(proposal):
    return MappingProxyType(_check(proposal))

def proposal_fingerprint(proposal):
    clean = _check(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")).hexdigest()

def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = _check(proposal)
    if type(actor) is not str or not ID.fullmatch(actor):
        raise ValueError
    if type(approved) is not set or len(approved) > 64 or not all(type(h) is str and HEXD.fullmatch(h) for h in approved):
        raise ValueError
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError
    t = state["tickets"]
    if type(t) is not dict or not 1 <= len(t) <= 16 or not all(type(k) is str and TICKET.fullmatch(k) and type(s) is str and s in ("open", "done") for k, s in t.items()):
        raise ValueError
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    h = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != h:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if h not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in t:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    t[ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": h, "result": dict(result)}
    return result
