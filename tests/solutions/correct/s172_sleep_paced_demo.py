# Style: a beginner's module that shows its work when run: a demo at the top level (no __main__ guard) that prints
# each step with a short time.sleep pause between them, a simulated slow "database write" (time.sleep) in the
# dispatcher, and time.time() to print how long a call took; plain if-chains and a regex per field.
import hashlib
import json
import re
import time

DELAY = 0.2
WRITE_DELAY = 0.001


def validate_ticket_proposal(proposal):
    if type(proposal) != dict:
        raise ValueError("proposal must be a dict")
    if sorted(proposal.keys(), key=str) != ["actor", "arguments", "call_id", "name", "version"]:
        raise ValueError("wrong fields")
    for key in ["call_id", "actor", "name"]:
        value = proposal[key]
        if type(value) != str or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value):
            raise ValueError("bad " + key)
    version = proposal["version"]
    if type(version) != int or version < 0 or version > 1000000:
        raise ValueError("bad version")
    arguments = proposal["arguments"]
    if type(arguments) != dict or sorted(arguments.keys(), key=str) != ["status", "ticket"]:
        raise ValueError("bad arguments")
    ticket = arguments["ticket"]
    if type(ticket) != str or not re.fullmatch(r"[a-z][a-z0-9-]{0,31}", ticket):
        raise ValueError("bad ticket")
    if type(arguments["status"]) != str or arguments["status"] not in ["open", "done"]:
        raise ValueError("bad status")
    new_proposal = {}
    for key in proposal:
        new_proposal[key] = proposal[key]
    new_proposal["arguments"] = {"ticket": ticket, "status": arguments["status"]}
    return new_proposal


def proposal_fingerprint(proposal):
    proposal = validate_ticket_proposal(proposal)
    text = json.dumps(proposal, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def save_slowly(state, completed, call_id, row, ticket, status):
    time.sleep(WRITE_DELAY)  # pretend the host's database is slow
    state["tickets"][ticket] = status
    state["version"] = state["version"] + 1
    row["result"]["version"] = state["version"]
    completed[call_id] = row


def dispatch_ticket(proposal, actor, approved, state, completed):
    started = time.time()
    proposal = validate_ticket_proposal(proposal)
    if type(actor) != str or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", actor):
        raise ValueError("bad actor")
    if type(approved) != set or len(approved) > 64:
        raise ValueError("bad approved")
    for digest in approved:
        if type(digest) != str or not re.fullmatch(r"[0-9a-f]{64}", digest):
            raise ValueError("bad approval")
    if type(state) != dict or sorted(state.keys(), key=str) != ["tickets", "version"]:
        raise ValueError("bad state")
    if type(state["version"]) != int or state["version"] < 0 or state["version"] > 1000001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if type(tickets) != dict or len(tickets) < 1 or len(tickets) > 16:
        raise ValueError("bad tickets")
    for name in tickets:
        if type(name) != str or not re.fullmatch(r"[a-z][a-z0-9-]{0,31}", name):
            raise ValueError("bad ticket name")
        if type(tickets[name]) != str or tickets[name] not in ["open", "done"]:
            raise ValueError("bad ticket status")
    if type(completed) != dict or len(completed) > 64:
        raise ValueError("bad completed")

    if proposal["actor"] != actor:
        return {"status": "forbidden"}
    if proposal["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(proposal)
    call_id = proposal["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        again = dict(completed[call_id]["result"])
        again["replayed"] = True
        return again
    if proposal["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = proposal["arguments"]["ticket"]
    status = proposal["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    row = {"fingerprint": fingerprint,
           "result": {"status": "ok", "version": None, "ticket": ticket, "value": status, "replayed": False}}
    save_slowly(state, completed, call_id, row, ticket, status)
    result = dict(row["result"])
    print("dispatch took", round(time.time() - started, 3), "seconds")
    return result


print("Stap 1: een voorstel valideren")
time.sleep(DELAY)
p = {"call_id": "c1", "actor": "anna", "name": "set_ticket", "version": 0,
     "arguments": {"ticket": "lamp", "status": "done"}}
clean = validate_ticket_proposal(p)
print(clean)
time.sleep(DELAY)
print("Stap 2: de vingerafdruk")
print(proposal_fingerprint(clean))
time.sleep(DELAY)
print("Stap 3: uitvoeren")
state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
completed = {}
print(dispatch_ticket(clean, "anna", {proposal_fingerprint(clean)}, state, completed))
print(state)
