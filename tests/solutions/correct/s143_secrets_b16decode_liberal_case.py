# Style: approvals checked with base64.b16decode(casefold=True) (A4: any case accepted) and compared with secrets.compare_digest
import base64
import binascii
import hashlib
import json
import re
import secrets

ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")


def _is_sha256_hex(value):
    if not isinstance(value, str) or len(value) != 64 or not value.isascii():
        return False
    try:
        base64.b16decode(value, casefold=True)
    except binascii.Error:
        return False
    return True


def _ident(value):
    return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None


def _ticket(value):
    return isinstance(value, str) and TICKET_PATTERN.fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    """Returns a new dict with copied arguments; raises ValueError for an invalid proposal."""
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal shape")
    if not (_ident(proposal["call_id"]) and _ident(proposal["actor"]) and _ident(proposal["name"])):
        raise ValueError("identifiers")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"} or not _ticket(args["ticket"]) \
            or not _status(args["status"]):
        raise ValueError("arguments")
    return {**proposal, "arguments": {**args}}


def proposal_fingerprint(proposal):
    """Returns the lowercase SHA-256 hexdigest of C(p); raises ValueError for an invalid proposal."""
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _approved(digest, approved):
    found = False
    for candidate in approved:
        if secrets.compare_digest(candidate, digest):
            found = True
    return found


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; raises ValueError for invalid input; success alone mutates state/completed."""
    p = validate_ticket_proposal(proposal)
    if not _ident(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_is_sha256_hex(a) for a in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16 or \
            not all(_ticket(k) and _status(v) for k, v in tickets.items()):
        raise ValueError("tickets")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if not secrets.compare_digest(row["fingerprint"], digest):
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if not _approved(digest, approved):
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": {**result}}
    return result
