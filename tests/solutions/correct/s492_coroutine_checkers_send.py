# Checkpoints 1-3: approval bound to the exact action.
# Each field is checked by a small coroutine: it is primed once, then values are sent into it
# and it answers with a problem text (or None). Problems of nested parts come through yield from.
import hashlib
import json
import re

_ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
_TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
_HEX = re.compile(r"[0-9a-f]{64}")


def _coroutine(function):
    def start(*args):
        generator = function(*args)
        next(generator)
        return generator
    start.__name__ = function.__name__
    return start


@_coroutine
def _pattern_checker(pattern, what):
    problem = None
    while True:
        value = yield problem
        if isinstance(value, str) and pattern.fullmatch(value):
            problem = None
        else:
            problem = f"{what}: {value!r} does not match"


@_coroutine
def _range_checker(low, high, what):
    problem = None
    while True:
        value = yield problem
        problem = None if type(value) is int and low <= value <= high else f"{what} out of range: {value!r}"


ID_CHECK = _pattern_checker(_ID, "id")
TICKET_CHECK = _pattern_checker(_TICKET, "ticket")
HEX_CHECK = _pattern_checker(_HEX, "approval")
VERSION_CHECK = _range_checker(0, 1_000_000, "version")
STATE_VERSION_CHECK = _range_checker(0, 1_000_001, "state version")


def _status_problems(value, where):
    if not (isinstance(value, str) and value in ("open", "done")):
        yield f"{where}: status must be open or done"


def _argument_problems(arguments):
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        yield "arguments must be a dict with exactly ticket and status"
        return
    problem = TICKET_CHECK.send(arguments["ticket"])
    if problem:
        yield problem
    yield from _status_problems(arguments["status"], "arguments")


def _proposal_problems(proposal):
    if not isinstance(proposal, dict):
        yield "proposal must be a dict"
        return
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        yield f"proposal has the wrong fields: {sorted(map(repr, proposal))}"
        return
    for field in ("call_id", "actor", "name"):
        problem = ID_CHECK.send(proposal[field])
        if problem:
            yield f"{field}: {problem}"
    problem = VERSION_CHECK.send(proposal["version"])
    if problem:
        yield problem
    yield from _argument_problems(proposal["arguments"])


def _host_problems(actor, approved, state, completed):
    problem = ID_CHECK.send(actor)
    if problem:
        yield f"actor: {problem}"
    if not isinstance(approved, set) or len(approved) > 64:
        yield "approved must be a set of at most 64 entries"
    else:
        for entry in approved:
            problem = HEX_CHECK.send(entry)
            if problem:
                yield problem
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        yield "state must be a dict with version and tickets"
    else:
        problem = STATE_VERSION_CHECK.send(state["version"])
        if problem:
            yield problem
        tickets = state["tickets"]
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            yield "tickets must be a dict of 1..16 entries"
        else:
            for ticket, status in tickets.items():
                problem = TICKET_CHECK.send(ticket)
                if problem:
                    yield problem
                yield from _status_problems(status, f"tickets[{ticket!r}]")
    if not isinstance(completed, dict) or len(completed) > 64:
        yield "completed must be a dict of at most 64 rows"


def _raise_first(problems):
    first = next(problems, None)
    if first is not None:
        raise ValueError(first)


def validate_ticket_proposal(proposal):
    _raise_first(_proposal_problems(proposal))
    copy = dict(proposal)
    copy["arguments"] = dict(proposal["arguments"])
    return copy


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    data = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return hashlib.sha256(data).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    _raise_first(_host_problems(actor, approved, state, completed))
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = dict(completed[call_id]["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[call_id] = {"fingerprint": fingerprint, "result": dict(result)}
    return result
