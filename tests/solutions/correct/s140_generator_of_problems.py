# Style: generators that yield every problem found; the first one (next(..., None)) becomes the ValueError
import hashlib
import json
import re

ID = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET = r"[a-z][a-z0-9-]{0,31}"


def _matches(pattern, value):
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def proposal_problems(proposal):
    """Yields a description of every problem of the proposal (nothing for a valid one)."""
    if not isinstance(proposal, dict):
        yield "not a dict"
        return
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        yield "wrong fields"
        return
    for key in ("call_id", "actor", "name"):
        if not _matches(ID, proposal[key]):
            yield f"bad {key}"
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        yield "bad version"
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        yield "bad arguments"
        return
    if not _matches(TICKET, args["ticket"]):
        yield "bad ticket"
    if not isinstance(args["status"], str) or args["status"] not in ("open", "done"):
        yield "bad status"


def host_problems(actor, approved, state, completed):
    """Yields a description of every problem of the host's inputs."""
    if not _matches(ID, actor):
        yield "bad actor"
    if not isinstance(approved, set) or len(approved) > 64:
        yield "bad approved"
    else:
        yield from (f"bad approval {a!r}" for a in approved if not _matches(r"[0-9a-f]{64}", a))
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        yield "bad state"
    else:
        if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
            yield "bad state version"
        tickets = state["tickets"]
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            yield "bad tickets"
        else:
            for key, value in tickets.items():
                if not _matches(TICKET, key) or not isinstance(value, str) or value not in ("open", "done"):
                    yield f"bad ticket entry {key!r}"
    if not isinstance(completed, dict) or len(completed) > 64:
        yield "bad completed"


def _raise_first(problems):
    problem = next(problems, None)
    if problem is not None:
        raise ValueError(problem)


def validate_ticket_proposal(proposal):
    """Returns a new dict with copied arguments; raises ValueError with the first problem."""
    _raise_first(proposal_problems(proposal))
    return {**proposal, "arguments": {**proposal["arguments"]}}


def proposal_fingerprint(proposal):
    """Returns sha256(C(p)).hexdigest(); raises ValueError for an invalid proposal."""
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; raises ValueError for any invalid input; mutates state/completed on success only."""
    p = validate_ticket_proposal(proposal)
    _raise_first(host_problems(actor, approved, state, completed))
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(p)
    if p["call_id"] in completed:
        if completed[p["call_id"]]["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        return {**completed[p["call_id"]]["result"], "replayed": True}
    checks = (
        (p["version"] != state["version"], "stale-version"),
        (fingerprint not in approved, "approval-required"),
        (p["arguments"]["ticket"] not in state["tickets"], "missing-ticket"),
        (len(completed) >= 64, "log-full"),
    )
    for failed, status in checks:
        if failed:
            return {"status": status}
    state["tickets"][p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": fingerprint, "result": {**result}}
    return result
