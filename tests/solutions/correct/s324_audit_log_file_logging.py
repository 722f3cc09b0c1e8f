# Style: an audit trail in a log file next to the script: logging.basicConfig(filename=...) at the top, a named
# logger with an extra FileHandler for refusals only, and one log line per decision of the dispatcher
# (%-style logging arguments, never f-strings in the logging calls).
import copy
import hashlib
import json
import logging
import re

logging.basicConfig(
    filename="ticket_audit.log",
    level=logging.INFO,
    format="%(asctime)s %(levelname)-8s %(name)s: %(message)s",
    encoding="utf-8",
)
log = logging.getLogger("ticket_policy")
refusals = logging.FileHandler("ticket_refusals.log", mode="a", encoding="utf-8")
refusals.setLevel(logging.WARNING)
refusals.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
log.addHandler(refusals)

ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST_PATTERN = re.compile(r"[0-9a-f]{64}")
PROPOSAL_KEYS = frozenset({"call_id", "actor", "name", "version", "arguments"})
ALLOWED_STATUSES = ("open", "done")


def _fail(message, *args):
    log.warning("invalid input: " + message, *args)
    raise ValueError(message % args)


def _valid_id(value, pattern=ID_PATTERN):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        _fail("proposal is a %s, not a dict", type(proposal).__name__)
    if set(proposal) != PROPOSAL_KEYS:
        _fail("proposal fields are %r", sorted(map(repr, proposal)))
    for key in ("call_id", "actor", "name"):
        if not _valid_id(proposal[key]):
            _fail("%s is not a valid id", key)
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1_000_000:
        _fail("version %r is not an int from 0 to 1000000", proposal["version"])
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        _fail("arguments must hold exactly ticket and status")
    if not _valid_id(arguments["ticket"], TICKET_PATTERN):
        _fail("ticket %r is not a valid ticket name", arguments["ticket"])
    if not isinstance(arguments["status"], str) or arguments["status"] not in ALLOWED_STATUSES:
        _fail("status %r is not open or done", arguments["status"])
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("ascii")).hexdigest()
    log.debug("fingerprint of %s is %s", clean["call_id"], digest)
    return digest


def _check_host(actor, approved, state, completed):
    if not _valid_id(actor):
        _fail("host actor is not a valid id")
    if not isinstance(approved, set) or len(approved) > 64:
        _fail("approved must be a set of at most 64 digests")
    for digest in approved:
        if not isinstance(digest, str) or DIGEST_PATTERN.fullmatch(digest) is None:
            _fail("approved holds something that is not a SHA-256 hex digest")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        _fail("state must hold exactly version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        _fail("state version is out of range")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        _fail("state tickets must be a dict of 1 to 16 tickets")
    for name, status in tickets.items():
        if not _valid_id(name, TICKET_PATTERN) or not isinstance(status, str) or status not in ALLOWED_STATUSES:
            _fail("state holds an invalid ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        _fail("completed must be a dict of at most 64 rows")


def _refuse(call_id, status):
    log.warning("call %s refused: %s", call_id, status)
    return {"status": status}


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    call_id = clean["call_id"]
    if clean["actor"] != actor:
        return _refuse(call_id, "forbidden")
    if clean["name"] != "set_ticket":
        return _refuse(call_id, "unknown-tool")
    digest = proposal_fingerprint(clean)
    if call_id in completed:
        if completed[call_id]["fingerprint"] != digest:
            return _refuse(call_id, "call-id-conflict")
        log.info("call %s replayed", call_id)
        replay = copy.deepcopy(completed[call_id]["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return _refuse(call_id, "stale-version")
    if digest not in approved:
        return _refuse(call_id, "approval-required")
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return _refuse(call_id, "missing-ticket")
    if len(completed) >= 64:
        return _refuse(call_id, "log-full")
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    log.info("call %s by %s: %s -> %s (state version %d)", call_id, actor, ticket, value, state["version"])
    return result
