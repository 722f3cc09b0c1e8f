# Style: a module-level logger configured once with the `if not logger.handlers:` guard (so a re-import adds no
# second handler), its level read back with getEffectiveLevel() and logging.getLevelName(), and a debug line per
# refusal; plain loops, str methods instead of regexes, hashlib on the canonical json.
import hashlib
import json
import logging
import string

logger = logging.getLogger(__name__)
if not logger.handlers:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
logger.propagate = False
LEVEL_NAME = logging.getLevelName(logger.getEffectiveLevel())

ID_FIRST = set(string.ascii_letters)
ID_REST = set(string.ascii_letters + string.digits + "_-")
TICKET_FIRST = set(string.ascii_lowercase)
TICKET_REST = set(string.ascii_lowercase + string.digits + "-")
HEX = set("0123456789abcdef")
FIELDS = ["actor", "arguments", "call_id", "name", "version"]


def _refuse(reason):
    logger.debug("refused (%s): %s", LEVEL_NAME, reason)
    raise ValueError(reason)


def _word(value, first, rest, longest):
    if not isinstance(value, str) or not 1 <= len(value) <= longest:
        return False
    if value[0] not in first:
        return False
    for char in value[1:]:
        if char not in rest:
            return False
    return True


def _is_id(value):
    return _word(value, ID_FIRST, ID_REST, 40)


def _is_ticket(value):
    return _word(value, TICKET_FIRST, TICKET_REST, 32)


def _is_status(value):
    return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        _refuse("proposal is not a dict")
    if sorted(key for key in proposal if isinstance(key, str)) != FIELDS or len(proposal) != 5:
        _refuse("proposal needs exactly the five fields")
    for field in ("call_id", "actor", "name"):
        if not _is_id(proposal[field]):
            _refuse(field + " is not a valid id")
    version = proposal["version"]
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= 1000000:
        _refuse("version out of range")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or len(arguments) != 2 or "ticket" not in arguments or "status" not in arguments:
        _refuse("arguments need exactly ticket and status")
    if not _is_ticket(arguments["ticket"]) or not _is_status(arguments["status"]):
        _refuse("bad ticket or status")
    clean = dict(proposal)
    clean["arguments"] = dict(arguments)
    logger.info("valid proposal %s", clean["call_id"])
    return clean


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is_id(actor):
        _refuse("actor")
    if not isinstance(approved, set) or len(approved) > 64:
        _refuse("approved")
    for digest in approved:
        if not isinstance(digest, str) or len(digest) != 64 or not set(digest) <= HEX:
            _refuse("approval")
    if not isinstance(state, dict) or len(state) != 2 or "version" not in state or "tickets" not in state:
        _refuse("state")
    version = state["version"]
    if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version <= 1000001:
        _refuse("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        _refuse("tickets")
    for ticket, status in tickets.items():
        if not _is_ticket(ticket) or not _is_status(status):
            _refuse("ticket pair")
    if not isinstance(completed, dict) or len(completed) > 64:
        _refuse("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
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
    completed[call_id] = {"fingerprint": digest, "result": dict(result)}
    logger.warning("dispatched %s", call_id)
    return result
