# Style: a student who learned json.dump for files and writes the canonical form into an io.StringIO (json.load
# reads a stored result's copy back from one for a replay); every problem found is collected and raised at once as one
# ValueError whose lines are joined with os.linesep.
import hashlib
import io
import json
import os
import string

ID_FIRST = set(string.ascii_letters)
ID_REST = set(string.ascii_letters + string.digits + "_-")
TICKET_FIRST = set(string.ascii_lowercase)
TICKET_REST = set(string.ascii_lowercase + string.digits + "-")
HEX = set("0123456789abcdef")


def looks_like(value, first, rest, longest):
    return isinstance(value, str) and 1 <= len(value) <= longest and value[0] in first and set(value[1:]) <= rest


def fail_if(problems):
    if problems:
        raise ValueError(os.linesep.join(["invalid input:"] + ["- " + problem for problem in problems]))


def proposal_problems(proposal):
    if not isinstance(proposal, dict):
        return ["the proposal is not a dict"]
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        return ["the proposal has other fields than call_id, actor, name, version and arguments"]
    problems = [f"{key} is no valid id" for key in ("call_id", "actor", "name")
                if not looks_like(proposal[key], ID_FIRST, ID_REST, 40)]
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        problems.append("version is no plain int from 0 to 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        return problems + ["arguments has other keys than ticket and status"]
    if not looks_like(arguments["ticket"], TICKET_FIRST, TICKET_REST, 32):
        problems.append("ticket is no valid ticket name")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        problems.append("status is neither open nor done")
    return problems


def validate_ticket_proposal(proposal):
    fail_if(proposal_problems(proposal))
    return {**proposal, "arguments": dict(proposal["arguments"])}


def canonical_text(value):
    buffer = io.StringIO()
    json.dump(value, buffer, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return buffer.getvalue()


def proposal_fingerprint(proposal):
    return hashlib.sha256(canonical_text(validate_ticket_proposal(proposal)).encode("ascii")).hexdigest()


def host_problems(actor, approved, state, completed):
    problems = []
    if not looks_like(actor, ID_FIRST, ID_REST, 40):
        problems.append("the host actor is no valid id")
    if not isinstance(approved, set) or len(approved) > 64:
        problems.append("approved is no set of at most 64 entries")
    elif not all(isinstance(entry, str) and len(entry) == 64 and set(entry) <= HEX for entry in approved):
        problems.append("approved holds something else than SHA-256 hex strings")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        problems.append("state has other keys than version and tickets")
    else:
        if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
            problems.append("state version is no int from 0 to 1000001")
        tickets = state["tickets"]
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            problems.append("state tickets is no dict of 1 to 16 tickets")
        elif not all(looks_like(name, TICKET_FIRST, TICKET_REST, 32) and isinstance(status, str)
                     and status in ("open", "done") for name, status in tickets.items()):
            problems.append("state tickets holds an invalid ticket or status")
    if not isinstance(completed, dict) or len(completed) > 64:
        problems.append("completed is no dict of at most 64 rows")
    return problems


def dispatch_ticket(proposal, actor, approved, state, completed):
    fail_if(proposal_problems(proposal) + host_problems(actor, approved, state, completed))
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = json.load(io.StringIO(canonical_text(row["result"])))
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
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": json.loads(canonical_text(result))}
    return result
