"""Debug output switched on from the environment (DEBUG=1 python main.py), as in the student's other projects:
os.environ.get and os.getenv at import time pick the logging level and whether every refusal is printed; the
module also imports os.path for a demo that is never run."""
import hashlib
import json
import logging
import os
import os.path
import re

DEBUG = os.environ.get("DEBUG", "") == "1" or os.getenv("TICKETS_DEBUG", "0").lower() in ("1", "true", "yes")
LOG_LEVEL = os.getenv("LOG_LEVEL", "DEBUG" if DEBUG else "WARNING")
logging.basicConfig(level=LOG_LEVEL)
log = logging.getLogger("tickets")

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def refuse(message):
    if DEBUG:
        print("refused:", message)
    log.debug("refused: %s", message)
    raise ValueError(message)


def need(condition, message):
    if not condition:
        refuse(message)


def fits(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    need(isinstance(proposal, dict), "not a dict")
    need(set(proposal) == {"call_id", "actor", "name", "version", "arguments"}, "fields")
    need(all(fits(ID, proposal[key]) for key in ("call_id", "actor", "name")), "ids")
    need(type(proposal["version"]) is int and 0 <= proposal["version"] <= 1000000, "version")
    arguments = proposal["arguments"]
    need(isinstance(arguments, dict) and set(arguments) == {"ticket", "status"}, "arguments")
    need(fits(TICKET, arguments["ticket"]), "ticket")
    need(isinstance(arguments["status"], str) and arguments["status"] in ("open", "done"), "status")
    return {**proposal, "arguments": {**arguments}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, separators=(",", ":")).encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    need(fits(ID, actor), "actor")
    need(isinstance(approved, set) and len(approved) <= 64 and all(fits(DIGEST, a) for a in approved), "approved")
    need(isinstance(state, dict) and set(state) == {"version", "tickets"}, "state")
    need(type(state["version"]) is int and 0 <= state["version"] <= 1000001, "state version")
    tickets = state["tickets"]
    need(isinstance(tickets, dict) and 1 <= len(tickets) <= 16, "tickets")
    need(all(fits(TICKET, t) and isinstance(s, str) and s in ("open", "done") for t, s in tickets.items()), "pairs")
    need(isinstance(completed, dict) and len(completed) <= 64, "completed")
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    log.info("dispatched %s", clean["call_id"])
    return result


if __name__ == "__main__":
    with open(os.path.join(os.path.dirname(__file__), "voorbeeld.json")) as handle:
        print(proposal_fingerprint(json.load(handle)))
