import copy
import hashlib
import json
import re


class Invalid(ValueError):
    pass


def _id(x):
    return isinstance(x, str) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", x) is not None


def _ticket(x):
    return isinstance(x, str) and re.fullmatch(r"[a-z][a-z0-9-]{0,31}", x) is not None


def _status(x):
    return isinstance(x, str) and x in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise Invalid("proposal needs exactly call_id, actor, name, version, arguments")
    if not _id(proposal["call_id"]) or not _id(proposal["actor"]) or not _id(proposal["name"]):
        raise Invalid("bad identifier")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise Invalid("bad version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        raise Invalid("bad arguments")
    if not _ticket(args["ticket"]) or not _status(args["status"]):
        raise Invalid("bad ticket or status")
    out = copy.deepcopy(proposal)
    return out


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    blob = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("ascii")).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not _id(actor):
        raise Invalid("bad host actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise Invalid("bad approved")
    if any(not isinstance(a, str) or re.fullmatch(r"[0-9a-f]{64}", a) is None for a in approved):
        raise Invalid("bad approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise Invalid("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise Invalid("bad state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise Invalid("bad tickets")
    if any(not _ticket(k) or not _status(v) for k, v in tickets.items()):
        raise Invalid("bad ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise Invalid("bad completed log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _validate_host(actor, approved, state, completed)

    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}

    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        again = copy.deepcopy(row["result"])
        again["replayed"] = True
        return again

    if digest not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}

    state["tickets"][ticket] = clean["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": clean["arguments"]["status"], "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
