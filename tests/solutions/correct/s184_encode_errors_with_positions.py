# Style: ASCII checked by encoding ("ascii" codec) and the UnicodeEncodeError's own details in the message
# (e.reason, e.start), the canonical text checked by decoding it again with json.loads and reporting e.msg/e.pos
# of a JSONDecodeError, and str methods instead of regexes.
import hashlib
import json
import string

ID_REST = set(string.ascii_letters + string.digits + "_-")
TICKET_REST = set(string.ascii_lowercase + string.digits + "-")


def ascii_text(value, what):
    if not isinstance(value, str):
        raise ValueError(f"{what} must be a str")
    try:
        value.encode("ascii")
    except UnicodeEncodeError as error:
        raise ValueError(f"{what}: {error.reason} at position {error.start}") from error
    return value


def check_id(value, what):
    ascii_text(value, what)
    if not 1 <= len(value) <= 40 or not value[0].isalpha() or not set(value) <= ID_REST:
        raise ValueError(f"{what} is not a valid id")


def check_ticket(value):
    ascii_text(value, "ticket")
    if not 1 <= len(value) <= 32 or not value[0].islower() or not set(value) <= TICKET_REST:
        raise ValueError("ticket is not valid")


def check_status(value):
    if not isinstance(value, str) or value not in ("open", "done"):
        raise ValueError("status is open or done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("a proposal has exactly five fields")
    for field in ("call_id", "actor", "name"):
        check_id(proposal[field], field)
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments")
    check_ticket(arguments["ticket"])
    check_status(arguments["status"])
    return {**proposal, "arguments": dict(arguments)}


def canonical_text(clean):
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    try:
        if json.loads(text) != clean:
            raise ValueError("the canonical text does not read back as the proposal")
    except json.JSONDecodeError as error:
        raise ValueError(f"canonical text broken: {error.msg} at {error.pos}") from error
    return text


def proposal_fingerprint(proposal):
    return hashlib.sha256(canonical_text(validate_ticket_proposal(proposal)).encode("ascii")).hexdigest()


def check_digest(value):
    ascii_text(value, "approval")
    if len(value) != 64 or not set(value) <= set("0123456789abcdef"):
        raise ValueError("approval is not a sha256 hex digest")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_id(actor, "actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    for digest in approved:
        check_digest(digest)
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    if not isinstance(state["tickets"], dict) or not 1 <= len(state["tickets"]) <= 16:
        raise ValueError("tickets")
    for ticket, status in state["tickets"].items():
        check_ticket(ticket)
        check_status(status)
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")
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
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
