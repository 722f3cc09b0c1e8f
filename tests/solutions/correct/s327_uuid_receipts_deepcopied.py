# Style: every successful change gets a receipt: a uuid.UUID object (not a string) and the local time as
# time.localtime() in the result, the log row also keeps a datetime; results are copied with copy.deepcopy, UUIDs,
# struct_time and all.
import copy
import datetime
import hashlib
import json
import re
import time
import uuid

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
SHA256_HEX = re.compile(r"[0-9a-f]{64}")
RECEIPTS = uuid.UUID("7d4c1e2a-0000-4000-8000-000000000000")  # namespace of our receipts


def _text_matching(value, pattern):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"actor", "arguments", "call_id", "name", "version"}:
        raise ValueError("proposal must have exactly the five fields")
    if not all(_text_matching(proposal[key], ID) for key in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor and name must be ids")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("bad version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must hold ticket and status")
    if not _text_matching(arguments["ticket"], TICKET):
        raise ValueError("bad ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in {"open", "done"}:
        raise ValueError("bad status")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _text_matching(actor, ID):
        raise ValueError("bad host actor")
    if not isinstance(approved, set) or len(approved) > 64 or \
            not all(_text_matching(item, SHA256_HEX) for item in approved):
        raise ValueError("approved must be a set of at most 64 SHA-256 hex strings")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("bad tickets")
    for ticket, status in tickets.items():
        if not _text_matching(ticket, TICKET) or not isinstance(status, str) or status not in {"open", "done"}:
            raise ValueError("bad ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("bad completed log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = copy.deepcopy(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False,
              "receipt": uuid.uuid5(RECEIPTS, f"{call_id}:{fingerprint}"), "local_time": time.localtime()}
    completed[call_id] = {"fingerprint": fingerprint, "result": copy.deepcopy(result),
                          "at": datetime.datetime.now(datetime.timezone.utc)}
    return result
