# Style: a student who collects what is wrong with an input as enum.Flag bits (Problem.BAD_ID | Problem.BAD_VERSION)
# and raises one ValueError naming every problem found; the host's permissions are an IntFlag and each refusal
# is chosen by testing a bit with `in`.
import enum
import hashlib
import json
import re
from enum import Flag, IntFlag, auto


class Problem(Flag):
    NONE = 0
    NOT_A_DICT = auto()
    FIELDS = auto()
    BAD_ID = auto()
    BAD_VERSION = auto()
    BAD_ARGUMENTS = auto()
    BAD_TICKET = auto()
    BAD_STATUS = auto()
    BAD_HOST = auto()


class Allowed(IntFlag):
    READ = 1
    WRITE = 2
    TOOLS = READ | WRITE


ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")
KNOWN_TOOLS = {"set_ticket": Allowed.WRITE}


def matches(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def find_problems(proposal):
    if not isinstance(proposal, dict):
        return Problem.NOT_A_DICT
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        return Problem.FIELDS
    found = Problem.NONE
    if not all(matches(ID, proposal[key]) for key in ("call_id", "actor", "name")):
        found |= Problem.BAD_ID
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        found |= Problem.BAD_VERSION
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        return found | Problem.BAD_ARGUMENTS
    if not matches(TICKET, arguments["ticket"]):
        found |= Problem.BAD_TICKET
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        found |= Problem.BAD_STATUS
    return found


def raise_for(problems):
    if problems:
        names = [problem.name.lower() for problem in Problem if problem in problems]
        raise ValueError("invalid: " + ", ".join(names))


def validate_ticket_proposal(proposal):
    raise_for(find_problems(proposal))
    return dict(proposal, arguments=dict(proposal["arguments"]))


def proposal_fingerprint(proposal):
    body = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def host_problems(actor, approved, state, completed):
    ok = matches(ID, actor) and isinstance(approved, set) and len(approved) <= 64 \
        and all(matches(DIGEST, entry) for entry in approved) \
        and isinstance(state, dict) and set(state) == {"version", "tickets"} \
        and type(state["version"]) is int and 0 <= state["version"] <= 1000001 \
        and isinstance(state["tickets"], dict) and 1 <= len(state["tickets"]) <= 16 \
        and all(matches(TICKET, name) and isinstance(status, str) and status in ("open", "done")
                for name, status in state["tickets"].items()) \
        and isinstance(completed, dict) and len(completed) <= 64
    return Problem.NONE if ok else Problem.BAD_HOST


def dispatch_ticket(proposal, actor, approved, state, completed):
    problems = find_problems(proposal)
    raise_for(problems | (host_problems(actor, approved, state, completed) if not problems else Problem.NONE))
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    needed = KNOWN_TOOLS.get(clean["name"], Allowed(0))
    if not needed or needed not in Allowed.TOOLS:
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


assert Problem.BAD_ID | Problem.BAD_VERSION == Problem(12) and Allowed.TOOLS == 3 and enum.Flag is Flag
