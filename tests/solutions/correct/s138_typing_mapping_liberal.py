# Style: liberal A1/A3 reading through typing.Mapping / typing.MutableMapping / typing.AbstractSet isinstance checks
import hashlib
import json
import re
import typing

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX = re.compile(r"[0-9a-f]{64}")


def _ok(regex, value):
    return isinstance(value, str) and regex.fullmatch(value) is not None


def _status(value):
    return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    """Accepts any Mapping; returns a plain new dict with a plain copied arguments dict; ValueError otherwise."""
    if not isinstance(proposal, typing.Mapping) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("bad proposal")
    if not all(_ok(ID, proposal[k]) for k in ("call_id", "actor", "name")):
        raise ValueError("bad identifier")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError("bad version")
    args = proposal["arguments"]
    if not isinstance(args, typing.Mapping) or set(args) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not _ok(TICKET, args["ticket"]) or not _status(args["status"]):
        raise ValueError("bad ticket or status")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": args["ticket"], "status": args["status"]}}


def proposal_fingerprint(proposal):
    """Returns hex SHA-256 of the canonical JSON; raises ValueError for an invalid proposal."""
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; ValueError for invalid input; mutates state/completed in place on success."""
    p = validate_ticket_proposal(proposal)
    if not _ok(ID, actor):
        raise ValueError("bad actor")
    if not isinstance(approved, typing.AbstractSet) or len(approved) > 64 or not all(_ok(HEX, a) for a in approved):
        raise ValueError("bad approvals")
    if not isinstance(state, typing.MutableMapping) or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if not isinstance(tickets, typing.MutableMapping) or not 1 <= len(tickets) <= 16:
        raise ValueError("bad tickets")
    if not all(_ok(TICKET, k) and _status(v) for k, v in tickets.items()):
        raise ValueError("bad ticket entries")
    if not isinstance(completed, typing.MutableMapping) or len(completed) > 64:
        raise ValueError("bad log")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket = p["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = p["arguments"]["status"]
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": p["arguments"]["status"],
              "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
