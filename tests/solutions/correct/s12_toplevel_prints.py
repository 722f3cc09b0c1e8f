import hashlib, json, re

def validate_ticket_proposal(proposal):
    if type(proposal) != dict or sorted(proposal, key=str) != sorted(['call_id', 'actor', 'name', 'version', 'arguments']):
        raise ValueError("need exactly call_id, actor, name, version, arguments")
    for k in ["call_id", "actor", "name"]:
        v = proposal[k]
        if type(v) != str or not re.fullmatch("[A-Za-z][A-Za-z0-9_-]{0,39}", v):
            raise ValueError("bad " + k)
    v = proposal["version"]
    if type(v) != int or v < 0 or v > 1000000:
        raise ValueError("bad version")
    a = proposal["arguments"]
    if type(a) != dict or sorted(a, key=str) != ["status", "ticket"]:
        raise ValueError("bad arguments")
    if type(a["ticket"]) != str or not re.fullmatch("[a-z][a-z0-9-]{0,31}", a["ticket"]):
        raise ValueError("bad ticket")
    if a["status"] != "open" and a["status"] != "done" or type(a["status"]) != str:
        raise ValueError("bad status")
    new = dict(proposal)
    new["arguments"] = dict(a)
    return new

def proposal_fingerprint(proposal):
    p = validate_ticket_proposal(proposal)
    s = json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(s.encode("ascii")).hexdigest()

def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if type(actor) != str or not re.fullmatch("[A-Za-z][A-Za-z0-9_-]{0,39}", actor):
        raise ValueError("bad actor")
    if type(approved) != set or len(approved) > 64:
        raise ValueError("bad approved")
    for x in approved:
        if type(x) != str or not re.fullmatch("[0-9a-f]{64}", x):
            raise ValueError("bad approval")
    if type(state) != dict or sorted(state, key=str) != ["tickets", "version"]:
        raise ValueError("bad state")
    if type(state["version"]) != int or state["version"] < 0 or state["version"] > 1000001:
        raise ValueError("bad state version")
    t = state["tickets"]
    if type(t) != dict or len(t) < 1 or len(t) > 16:
        raise ValueError("bad tickets")
    for k in t:
        if type(k) != str or not re.fullmatch("[a-z][a-z0-9-]{0,31}", k):
            raise ValueError("bad ticket name")
        if type(t[k]) != str or t[k] not in ("open", "done"):
            raise ValueError("bad ticket status")
    if type(completed) != dict or len(completed) > 64:
        raise ValueError("bad log")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    h = proposal_fingerprint(p)
    if p["call_id"] in completed:
        old = completed[p["call_id"]]
        if old["fingerprint"] != h:
            return {"status": "call-id-conflict"}
        r = dict(old["result"])
        r["replayed"] = True
        return r
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if h not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in t:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    t[p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] = state["version"] + 1
    r = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"], "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": h, "result": dict(r)}
    return r

# testen met de voorbeelden uit de les
p = {
    'call_id': 'c1', 'actor': 'learner',
    'name': 'set_ticket', 'version': 0,
    'arguments': {
        'ticket': 'lamp',
        'status': 'done'}
}
clean = validate_ticket_proposal(p)
p['arguments']['status'] = 'open'
print(clean['arguments']['status'])
p = clean

encoded = json.dumps(
    p, sort_keys=True,
    ensure_ascii=True,
    separators=(',', ':'))
print(','.join(json.loads(encoded)))
print(len(proposal_fingerprint(p)))
other = dict(reversed(list(p.items())))
print(proposal_fingerprint(p) ==
      proposal_fingerprint(other))

approved = {proposal_fingerprint(p)}
state = {'version': 0, 'tickets': {
    'lamp': 'open', 'sensor': 'open'}}
log = {}
r = dispatch_ticket(
    p, 'learner', approved, state, log)
print(r['status'], state['version'])
print(state['tickets']['lamp'],
      state['tickets']['sensor'])

r = dispatch_ticket(
    p, 'learner', set(), state, log)
print(r['replayed'], state['version'])
r['version'] = 900
print(log['c1']['result']['version'])
r = dispatch_ticket(
    p, 'other', set(), state, log)
print(r['status'])

changed = {**p, 'arguments': {
    'ticket': 'lamp', 'status': 'open'}}
r = dispatch_ticket(
    changed, 'learner', approved,
    state, log)
print(r['status'])
new = {**p, 'call_id': 'c2'}
r = dispatch_ticket(
    new, 'learner', approved,
    state, log)
print(r['status'], state['version'])
