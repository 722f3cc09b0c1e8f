# Style: (?a) inline flag with \w and \d classes, f-string "=" debug messages, re.match with \Z
import hashlib
import json
import re

ID_RE = r"(?a)[^\W\d_][\w-]{0,39}\Z"
TICKET_RE = r"(?a)[a-z][a-z\d-]{0,31}\Z"
HEX_RE = r"(?a)[\da-f]{64}\Z"


def _text(value, pattern):
    return type(value) is str and re.match(pattern, value) is not None


def validate_ticket_proposal(proposal):
    """Returns a new dict with copied arguments for a valid proposal; ValueError otherwise."""
    if type(proposal) is not dict:
        raise ValueError(f"{type(proposal)=} is not dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError(f"{sorted(map(str, proposal))=}")
    call_id, actor, name, version, arguments = (proposal[k] for k in ("call_id", "actor", "name", "version", "arguments"))
    for value in (call_id, actor, name):
        if not _text(value, ID_RE):
            raise ValueError(f"bad identifier {value!r}")
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError(f"{version=}")
    if type(arguments) is not dict or set(arguments) != {"ticket", "status"}:
        raise ValueError(f"{arguments=}")
    if not _text(arguments["ticket"], TICKET_RE):
        raise ValueError(f"{arguments['ticket']=}")
    if arguments["status"] not in ["open", "done"] or type(arguments["status"]) is not str:
        raise ValueError(f"{arguments['status']=}")
    return {"call_id": call_id, "actor": actor, "name": name, "version": version,
            "arguments": {"ticket": arguments["ticket"], "status": arguments["status"]}}


def proposal_fingerprint(proposal):
    """Returns the hexdigest of sha256 over C(p); ValueError for invalid proposals."""
    c = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(c.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; ValueError for invalid host input or proposal; mutates only on success."""
    p = validate_ticket_proposal(proposal)
    if not _text(actor, ID_RE):
        raise ValueError(f"{actor=}")
    if type(approved) is not set or len(approved) > 64 or not all(_text(a, HEX_RE) for a in approved):
        raise ValueError(f"{approved=}")
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError("state shape")
    v, tickets = state["version"], state["tickets"]
    if type(v) is not int or not 0 <= v <= 1_000_001:
        raise ValueError(f"{v=}")
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError(f"{tickets=}")
    for t, s in tickets.items():
        if not _text(t, TICKET_RE) or s not in ["open", "done"] or type(s) is not str:
            raise ValueError(f"{t=} {s=}")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed shape")

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    h = proposal_fingerprint(p)
    if p["call_id"] in completed:
        if completed[p["call_id"]]["fingerprint"] != h:
            return {"status": "call-id-conflict"}
        return {**completed[p["call_id"]]["result"], "replayed": True}
    if p["version"] != v:
        return {"status": "stale-version"}
    if h not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] = v + 1
    result = {"status": "ok", "version": v + 1, "ticket": p["arguments"]["ticket"],
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": h, "result": {**result}}
    return result
