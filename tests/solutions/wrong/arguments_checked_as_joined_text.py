"""Wrong: V7: ticket and status are checked together as one text f'{ticket}-{status}' against
[a-z][a-z0-9-]{0,31}-(open|done), so the hyphen of an invalid status is read as part of the ticket:
{**p, 'arguments': {'ticket': 'lamp', 'status': 're-open'}} is accepted."""
import copy
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
# ticket and status in one go, as the tracker writes them: lamp-done
TICKET_AND_STATUS = re.compile(r"[a-z][a-z0-9-]{0,31}-(open|done)")
DIGEST = re.compile(r"[0-9a-f]{64}")


def _id(value):
    return isinstance(value, str) and ID.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal must have exactly the five fields")
    if not (_id(proposal["call_id"]) and _id(proposal["actor"]) and _id(proposal["name"])):
        raise ValueError("call_id, actor and name must be ids")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError("version must be an int from 0 to 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must have exactly ticket and status")
    ticket, status = arguments["ticket"], arguments["status"]
    if not isinstance(ticket, str) or not isinstance(status, str):
        raise ValueError("ticket and status must be text")
    if TICKET_AND_STATUS.fullmatch(f"{ticket}-{status}") is None:
        raise ValueError("invalid ticket or status")
    result = dict(proposal)
    result["arguments"] = dict(arguments)
    return result


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _id(actor):
        raise ValueError("invalid host actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    for digest in approved:
        if not isinstance(digest, str) or DIGEST.fullmatch(digest) is None:
            raise ValueError("invalid approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("invalid state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("invalid tickets")
    for ticket, status in tickets.items():
        if not isinstance(ticket, str) or TICKET.fullmatch(ticket) is None or status not in ("open", "done") \
                or not isinstance(status, str):
            raise ValueError("invalid ticket in state")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("invalid completed log")

    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = copy.deepcopy(row["result"])
        replay["replayed"] = True
        return replay
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
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
