# Style: a student who avoids regular expressions and builds every text check from operator.methodcaller
# (str methods called by name) and all() over small predicate lists; replay results rebuilt with dict(row, ...).
import hashlib
import json
from operator import itemgetter, methodcaller

is_ascii = methodcaller("isascii")
is_alpha = methodcaller("isalpha")
is_lower = methodcaller("islower")
without_dashes = methodcaller("replace", "-", "")
without_marks = methodcaller("translate", str.maketrans("", "", "-_"))


def bounded(length):
    return lambda text: 1 <= len(text) <= length


def ident(text):
    checks = [bounded(40), is_ascii, lambda t: is_alpha(t[0]), lambda t: without_marks(t).isalnum()]
    return isinstance(text, str) and all(check(text) for check in checks)


def ticket_name(text):
    checks = [bounded(32), is_ascii, lambda t: is_alpha(t[0]) and is_lower(t[0]),
              lambda t: without_dashes(t).isalnum(), lambda t: t == methodcaller("lower")(t)]
    return isinstance(text, str) and all(check(text) for check in checks)


def status_word(value):
    return isinstance(value, str) and methodcaller("count", value)(("open", "done")) == 1


def hex_digest(value):
    return isinstance(value, str) and len(value) == 64 and is_ascii(value) and \
        all(char in "0123456789abcdef" for char in value)


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError("proposal is not a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal fields are wrong")
    if not all(map(ident, itemgetter("call_id", "actor", "name")(proposal))):
        raise ValueError("an id field is invalid")
    version = proposal["version"]
    if type(version) is not int or version < 0 or version > 1000000:
        raise ValueError("version is invalid")
    arguments = proposal["arguments"]
    if type(arguments) is not dict or set(arguments) != {"status", "ticket"}:
        raise ValueError("arguments are wrong")
    if not ticket_name(arguments["ticket"]) or not status_word(arguments["status"]):
        raise ValueError("ticket or status is invalid")
    copied = dict(proposal)
    copied["arguments"] = dict(arguments)
    return copied


def proposal_fingerprint(proposal):
    body = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return methodcaller("hexdigest")(hashlib.sha256(body.encode("ascii")))


def host_problem(actor, approved, state, completed):
    if not ident(actor):
        return "actor"
    if type(approved) is not set or len(approved) > 64 or not all(map(hex_digest, approved)):
        return "approved"
    if type(state) is not dict or set(state) != {"tickets", "version"}:
        return "state"
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        return "state version"
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        return "tickets"
    if not all(ticket_name(key) and status_word(value) for key, value in tickets.items()):
        return "ticket entry"
    if type(completed) is not dict or len(completed) > 64:
        return "completed"
    return None


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    problem = host_problem(actor, approved, state, completed)
    if problem is not None:
        raise ValueError("invalid host input: " + problem)
    call_id, version, arguments = itemgetter("call_id", "version", "arguments")(clean)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        return dict(row["result"], replayed=True)
    if version != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, value = itemgetter("ticket", "status")(arguments)
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) == 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[call_id] = {"fingerprint": fingerprint, "result": dict(result)}
    return result
