# Style: one def per field, found by name on the module itself: getattr(sys.modules[__name__], "check_" + field),
# the loop walking the field names the rest of the code uses too.
import copy
import hashlib
import json
import re
import sys

ID_PATTERN = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET_PATTERN = r"[a-z][a-z0-9-]{0,31}"
ID_FIELDS = ("call_id", "actor", "name")


def make_id_check(field):
    def check(value):
        if not isinstance(value, str) or re.fullmatch(ID_PATTERN, value) is None:
            raise ValueError("ongeldig veld " + field)
    check.__name__ = "check_" + field
    return check


check_call_id = make_id_check("call_id")
check_actor = make_id_check("actor")
check_name = make_id_check("name")
check_host_actor = make_id_check("host actor")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("voorstel moet een dict zijn")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("precies vijf velden")
    this_module = sys.modules[__name__]
    for field in ID_FIELDS:
        getattr(this_module, "check_" + field)(proposal[field])
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError("ongeldige versie")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments: precies ticket en status")
    ticket = arguments["ticket"]
    if not isinstance(ticket, str) or re.fullmatch(TICKET_PATTERN, ticket) is None:
        raise ValueError("ongeldig ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("ongeldige status")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    check_host_actor(actor)
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    for digest in approved:
        if not isinstance(digest, str) or re.fullmatch(r"[0-9a-f]{64}", digest) is None:
            raise ValueError("approved digest")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for ticket, status in tickets.items():
        if not isinstance(ticket, str) or re.fullmatch(TICKET_PATTERN, ticket) is None:
            raise ValueError("ticket key")
        if not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("ticket status")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**completed[call_id]["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    value = clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
