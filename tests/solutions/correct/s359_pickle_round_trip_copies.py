# Style: a student who copies with a pickle round trip, pickle.loads(pickle.dumps(x)) (a "fast deep copy" found
# online), for the validated proposal, the stored result and every replay, and who checks the fingerprint's
# bytes length after pickling it (HIGHEST_PROTOCOL).
import hashlib
import json
import pickle
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
SHA = re.compile(r"[0-9a-f]{64}")


def clone(value):
    """Een volledig losse kopie."""
    return pickle.loads(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))


def matches(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("ongeldig voorstel")
    if not all(matches(ID, proposal[key]) for key in ("call_id", "actor", "name")):
        raise ValueError("ongeldig ID")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("ongeldige versie")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("ongeldige arguments")
    if not matches(TICKET, arguments["ticket"]):
        raise ValueError("ongeldig ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("ongeldige status")
    try:
        return clone(proposal)
    except pickle.PicklingError as error:
        raise ValueError("niet te kopiëren") from error


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    if not matches(ID, actor):
        raise ValueError("ongeldige actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(matches(SHA, h) for h in approved):
        raise ValueError("ongeldige goedkeuringen")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("ongeldige state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("ongeldige state-versie")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("ongeldige tickets")
    for ticket, status in tickets.items():
        if not matches(TICKET, ticket) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("ongeldig ticket in state")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("ongeldig log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = clone(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = clean["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": clean["arguments"]["status"], "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": clone(result)}
    return result
