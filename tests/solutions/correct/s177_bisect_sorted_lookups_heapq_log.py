# Style: an algorithms student: membership in sorted tuples found by binary search (bisect), the approvals sorted
# once per call and searched the same way, the fields compared as sorted lists, and a debug summary of the most
# recent dispatches kept with heapq.nlargest over (version, call_id) pairs.
import bisect
import hashlib
import heapq
import json
import re

STATUSES = ("done", "open")  # sorted, for bisect
FIELDS = sorted(["call_id", "actor", "name", "version", "arguments"])
ARGUMENT_FIELDS = sorted(["ticket", "status"])
ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")
recent = []  # (version, call_id) of successful dispatches, a min-heap


def contains(sorted_items, item):
    index = bisect.bisect_left(sorted_items, item)
    return index < len(sorted_items) and sorted_items[index] == item


def same_keys(mapping, expected):
    keys = list(mapping)
    if not all(isinstance(key, str) for key in keys):
        return False
    return sorted(keys) == expected


def is_status(value):
    return isinstance(value, str) and contains(STATUSES, value)


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or not same_keys(proposal, FIELDS):
        raise ValueError("fields")
    for field in ("call_id", "actor", "name"):
        if not isinstance(proposal[field], str) or not ID.fullmatch(proposal[field]):
            raise ValueError(field)
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or not same_keys(arguments, ARGUMENT_FIELDS):
        raise ValueError("arguments")
    if not isinstance(arguments["ticket"], str) or not TICKET.fullmatch(arguments["ticket"]):
        raise ValueError("ticket")
    if not is_status(arguments["status"]):
        raise ValueError("status")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    if not isinstance(actor, str) or not ID.fullmatch(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    if not all(isinstance(digest, str) and DIGEST.fullmatch(digest) for digest in approved):
        raise ValueError("digest")
    if not isinstance(state, dict) or not same_keys(state, ["tickets", "version"]):
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for ticket, status in tickets.items():
        if not isinstance(ticket, str) or not TICKET.fullmatch(ticket) or not is_status(status):
            raise ValueError("ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if proposal["actor"] != actor:
        return {"status": "forbidden"}
    if proposal["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(proposal)
    call_id = proposal["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if proposal["version"] != state["version"]:
        return {"status": "stale-version"}
    if not contains(sorted(approved), digest):
        return {"status": "approval-required"}
    ticket, status = proposal["arguments"]["ticket"], proposal["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": dict(result)}
    heapq.heappush(recent, (state["version"], call_id))
    if len(recent) > 10:
        heapq.heappop(recent)
    print("latest:", heapq.nlargest(3, recent))
    return result
