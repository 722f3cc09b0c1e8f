# Style: a student who wraps each public function in a decorator (functools.wraps) that turns a stray TypeError or
# KeyError into a ValueError, keeps the bounds as default arguments, and checks at import that the undecorated
# function (__wrapped__) and the bounds (__defaults__, __kwdefaults__) are what they expect.
import functools
import hashlib
import json
import re


def as_value_error(function):
    @functools.wraps(function)
    def guarded(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except (TypeError, KeyError, AttributeError) as error:
            raise ValueError(f"{function.__name__}: invalid input ({type(error).__name__})") from error
    return guarded


def matches(value, pattern=r"[A-Za-z][A-Za-z0-9_-]{0,39}", *, ascii_only=True):
    return type(value) is str and (value.isascii() or not ascii_only) and re.fullmatch(pattern, value) is not None


def in_range(value, low=0, high=1000000):
    return type(value) is int and low <= value <= high


TICKET = r"[a-z][a-z0-9-]{0,31}"
STATUSES = ("open", "done")


@as_value_error
def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or sorted(proposal) != ["actor", "arguments", "call_id", "name", "version"]:
        raise ValueError("a proposal has exactly five fields")
    if not all(matches(proposal[key]) for key in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor and name are ids")
    if not in_range(proposal["version"]):
        raise ValueError("version out of range")
    arguments = proposal["arguments"]
    if type(arguments) is not dict or sorted(arguments) != ["status", "ticket"]:
        raise ValueError("arguments hold ticket and status")
    if not matches(arguments["ticket"], TICKET) or arguments["status"] not in STATUSES:
        raise ValueError("bad ticket or status")
    copy = dict(proposal)
    copy["arguments"] = dict(arguments)
    return copy


@as_value_error
def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _host_inputs_ok(actor, approved, state, completed):
    return (matches(actor)
            and type(approved) is set and len(approved) <= 64
            and all(matches(h, r"[0-9a-f]{64}") for h in approved)
            and type(state) is dict and sorted(state) == ["tickets", "version"]
            and in_range(state["version"], high=1000001)
            and type(state["tickets"]) is dict and 1 <= len(state["tickets"]) <= 16
            and all(matches(t, TICKET) and s in STATUSES for t, s in state["tickets"].items())
            and type(completed) is dict and len(completed) <= 64)


@as_value_error
def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    if not _host_inputs_ok(actor, approved, state, completed):
        raise ValueError("invalid host input")
    if proposal["actor"] != actor:
        return {"status": "forbidden"}
    if proposal["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(proposal)
    if proposal["call_id"] in completed:
        row = completed[proposal["call_id"]]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if proposal["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket = proposal["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) == 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = proposal["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": proposal["arguments"]["status"], "replayed": False}
    completed[proposal["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
    return result


# Import-time self-checks: the bounds in the defaults, and the decorator kept the plain function reachable.
assert matches.__defaults__ == (r"[A-Za-z][A-Za-z0-9_-]{0,39}",) and matches.__kwdefaults__ == {"ascii_only": True}
assert in_range.__defaults__ == (0, 1000000)
assert validate_ticket_proposal.__name__ == "validate_ticket_proposal"
SAMPLE = {"call_id": "c1", "actor": "alice", "name": "set_ticket", "version": 0,
          "arguments": {"ticket": "lamp", "status": "done"}}
assert validate_ticket_proposal.__wrapped__ is not validate_ticket_proposal
assert validate_ticket_proposal.__wrapped__(SAMPLE) == validate_ticket_proposal(SAMPLE) == SAMPLE
