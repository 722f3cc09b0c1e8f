"""Checks are registered by the name of the function they wrap (functools.wraps keeps it)."""
import functools
import hashlib
import json
import re

CHECKS = {}


def check(func):
    """Register ``func`` under its own name; a TypeError or KeyError inside becomes a ValueError."""
    @functools.wraps(func)
    def guarded(*args):
        try:
            ok = func(*args)
        except (TypeError, KeyError, AttributeError) as error:
            raise ValueError(f"{func.__name__}: {error}") from None
        if not ok:
            raise ValueError(f"{func.__name__} failed")
        return ok
    CHECKS[guarded.__name__] = guarded
    return guarded


@check
def identifier(value):
    """ASCII id of 1..40 characters."""
    return type(value) is str and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value) is not None


@check
def ticket_name(value):
    return type(value) is str and re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value) is not None


@check
def status(value):
    return type(value) is str and value in ("open", "done")


@check
def version(value, top):
    return type(value) is int and 0 <= value <= top


@check
def digest(value):
    return type(value) is str and re.fullmatch(r"[0-9a-f]{64}", value) is not None


@check
def exact_keys(value, keys):
    return type(value) is dict and set(value) == set(keys)


@check
def sized(value, kind, low, high):
    return type(value) is kind and low <= len(value) <= high


def run(name, *args):
    return CHECKS[name](*args)


def validate_ticket_proposal(proposal):
    run("exact_keys", proposal, ("call_id", "actor", "name", "version", "arguments"))
    for field in ("call_id", "actor", "name"):
        run("identifier", proposal[field])
    run("version", proposal["version"], 1000000)
    run("exact_keys", proposal["arguments"], ("ticket", "status"))
    run("ticket_name", proposal["arguments"]["ticket"])
    run("status", proposal["arguments"]["status"])
    return {**proposal, "arguments": dict(proposal["arguments"])}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    run("identifier", actor)
    run("sized", approved, set, 0, 64)
    for item in approved:
        run("digest", item)
    run("exact_keys", state, ("version", "tickets"))
    run("version", state["version"], 1000001)
    run("sized", state["tickets"], dict, 1, 16)
    for name, value in state["tickets"].items():
        run("ticket_name", name)
        run("status", value)
    run("sized", completed, dict, 0, 64)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    ticket, value = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": fp, "result": dict(result)}
    return result


assert sorted(CHECKS) == ["digest", "exact_keys", "identifier", "sized", "status", "ticket_name", "version"]
assert identifier.__doc__ == "ASCII id of 1..40 characters."
