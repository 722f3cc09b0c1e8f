# Style: a cautious student who seals every completed row with hmac.new under a module key and checks the seal
# with hmac.compare_digest before trusting a replay (A7: an extra row key); the fingerprint itself is the plain
# SHA-256 of the lesson.
import hashlib
import hmac
import json
import re

_ROW_KEY = b"les-01-02-logsleutel"
_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
_TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
_HEX = re.compile(r"[0-9a-f]{64}")
_TOP = frozenset(["call_id", "actor", "name", "version", "arguments"])


def _matches(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _seal(fingerprint, result):
    message = (fingerprint + json.dumps(result, sort_keys=True)).encode("ascii")
    return hmac.new(_ROW_KEY, message, hashlib.sha256).hexdigest()


def _seal_holds(row):
    expected = hmac.new(_ROW_KEY, digestmod="sha256")
    expected.update((row["fingerprint"] + json.dumps(row["result"], sort_keys=True)).encode("ascii"))
    return hmac.compare_digest(expected.hexdigest(), row["seal"])


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != _TOP:
        raise ValueError("a proposal is a dict with exactly five fields")
    for key in ("call_id", "actor", "name"):
        if not _matches(_ID, proposal[key]):
            raise ValueError(f"{key} is not a valid id")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("version must be a plain int from 0 to 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments hold exactly ticket and status")
    if not _matches(_TICKET, arguments["ticket"]):
        raise ValueError("ticket is not a valid ticket name")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("status is open or done")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": arguments["ticket"], "status": arguments["status"]}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _host_inputs(actor, approved, state, completed):
    if not _matches(_ID, actor):
        raise ValueError("host actor is not a valid id")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved is a set of at most 64 digests")
    if not all(_matches(_HEX, digest) for digest in approved):
        raise ValueError("approved holds SHA-256 hex digests only")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state holds version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version out of range")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state tickets hold 1 to 16 entries")
    for ticket, status in tickets.items():
        if not _matches(_TICKET, ticket) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("state tickets hold valid ticket/status pairs")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed is a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _host_inputs(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
        if not hmac.compare_digest(row["fingerprint"], fingerprint) or not _seal_holds(row):
            return {"status": "call-id-conflict"}
        return dict(row["result"], replayed=True)
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
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": dict(result),
                                   "seal": _seal(fingerprint, result)}
    return result
