# Style: a small command-line demo behind a main guard joined with `and`: `python main.py proposals.json` reads
# proposals from a file and prints what each would do; without an argument nothing runs. The functions themselves
# are plain helpers with early returns and a tuple of refusal checks.
import hashlib
import json
import re
import sys

_ID = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
_TICKET = r"[a-z][a-z0-9-]{0,31}"


def _is(pattern, value):
    return type(value) is str and re.fullmatch(pattern, value) is not None


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError("not a dict")
    if sorted(proposal, key=repr) != sorted(["call_id", "actor", "name", "version", "arguments"], key=repr):
        raise ValueError("wrong fields")
    if not (_is(_ID, proposal["call_id"]) and _is(_ID, proposal["actor"]) and _is(_ID, proposal["name"])):
        raise ValueError("bad id")
    if type(proposal["version"]) is not int or proposal["version"] not in range(1_000_001):
        raise ValueError("bad version")
    arguments = proposal["arguments"]
    if type(arguments) is not dict or sorted(arguments, key=repr) != sorted(["ticket", "status"], key=repr):
        raise ValueError("bad arguments")
    if not _is(_TICKET, arguments["ticket"]):
        raise ValueError("bad ticket")
    if type(arguments["status"]) is not str or arguments["status"] not in ("open", "done"):
        raise ValueError("bad status")
    copied = dict(proposal)
    copied["arguments"] = dict(arguments)
    return copied


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    return hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
                          .encode("ascii")).hexdigest()


def _host_ok(actor, approved, state, completed):
    return (_is(_ID, actor)
            and type(approved) is set and len(approved) <= 64 and all(_is("[0-9a-f]{64}", a) for a in approved)
            and type(state) is dict and sorted(state, key=repr) == sorted(["version", "tickets"], key=repr)
            and type(state["version"]) is int and state["version"] in range(1_000_002)
            and type(state["tickets"]) is dict and 1 <= len(state["tickets"]) <= 16
            and all(_is(_TICKET, t) and type(s) is str and s in ("open", "done") for t, s in state["tickets"].items())
            and type(completed) is dict and len(completed) <= 64)


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not _host_ok(actor, approved, state, completed):
        raise ValueError("invalid host input")
    digest = proposal_fingerprint(clean)
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    known = completed.get(clean["call_id"])
    refusals = (
        (clean["actor"] != actor, "forbidden"),
        (clean["name"] != "set_ticket", "unknown-tool"),
        (known is not None and known["fingerprint"] != digest, "call-id-conflict"),
    )
    for refused, status in refusals:
        if refused:
            return {"status": status}
    if known is not None:
        return dict(known["result"], replayed=True)
    refusals = (
        (clean["version"] != state["version"], "stale-version"),
        (digest not in approved, "approval-required"),
        (ticket not in state["tickets"], "missing-ticket"),
        (len(completed) >= 64, "log-full"),
    )
    for refused, status in refusals:
        if refused:
            return {"status": status}
    state["tickets"][ticket] = value
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result


if __name__ == "__main__" and len(sys.argv) > 1:
    with open(sys.argv[1], encoding="utf-8") as handle:
        proposals = json.load(handle)
    state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
    completed = {}
    for proposal in proposals:
        approved = {proposal_fingerprint(proposal)}
        print(proposal["call_id"], dispatch_ticket(proposal, proposal["actor"], approved, state, completed))
