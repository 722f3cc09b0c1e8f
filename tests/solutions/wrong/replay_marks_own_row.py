# D18: a replay sets replayed = True on the stored result in place, with completed rows of its own class (A7)
import re, json, hashlib, copy
_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
_T = re.compile(r"[a-z][a-z0-9-]{0,31}")
_H = re.compile(r"[0-9a-f]{64}")

def _idok(v):
    return type(v) is str and v.isascii() and _ID.fullmatch(v) is not None

class Row:
    def __init__(self, fingerprint, result):
        self.fingerprint = fingerprint
        self.result = result

    def __getitem__(self, key):
        return {"fingerprint": self.fingerprint, "result": self.result}[key]


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("bad proposal")
    for k in ("call_id", "actor", "name"):
        if not _idok(proposal[k]):
            raise ValueError(k)
    v = proposal["version"]
    if type(v) is not int or not 0 <= v <= 1000000:
        raise ValueError("version")
    a = proposal["arguments"]
    if type(a) is not dict or set(a) != {"ticket", "status"}:
        raise ValueError("arguments")
    t = a["ticket"]
    if type(t) is not str or not t.isascii() or _T.fullmatch(t) is None:
        raise ValueError("ticket")
    if type(a["status"]) is not str or a["status"] not in ("open", "done"):
        raise ValueError("status")
    out = dict(proposal)
    out["arguments"] = dict(a)
    return out

def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    s = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(s.encode("ascii")).hexdigest()

def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not _idok(actor):
        raise ValueError("actor")
    if type(approved) is not set or len(approved) > 64:
        raise ValueError("approved")
    for h in approved:
        if type(h) is not str or not h.isascii() or _H.fullmatch(h) is None:
            raise ValueError("approved item")
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    sv = state["version"]
    if type(sv) is not int or not 0 <= sv <= 1000001:
        raise ValueError("state version")
    tk = state["tickets"]
    if type(tk) is not dict or not 1 <= len(tk) <= 16:
        raise ValueError("tickets")
    for k, v in tk.items():
        if type(k) is not str or not k.isascii() or _T.fullmatch(k) is None or type(v) is not str or v not in ("open", "done"):
            raise ValueError("ticket entry")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        row["result"]["replayed"] = True  # BUG: changes the stored row
        return dict(row["result"])
    if p["version"] != sv:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    t = p["arguments"]["ticket"]
    if t not in tk:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tk[t] = p["arguments"]["status"]
    state["version"] = sv + 1
    result = {"status": "ok", "version": sv + 1, "ticket": t, "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = Row(fp, copy.deepcopy(result))
    return result
