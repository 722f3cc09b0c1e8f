# Style: a student whose helpers print their verdicts (print-debugging kept in), while dispatch_ticket captures
# those lines with contextlib.redirect_stdout into an io.StringIO and keeps them as an audit trail in the stored
# row (A7: an extra row key); warnings about refusals go to sys.stderr through redirect_stderr.
import contextlib
import hashlib
import io
import json
import re
import sys

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")


def ok_text(value, pattern):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def ok_status(value):
    return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("not a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("wrong fields")
    for key in ("call_id", "actor", "name"):
        if not ok_text(proposal[key], ID_RE):
            raise ValueError("bad " + key)
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError("bad version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("bad arguments")
    if not ok_text(arguments["ticket"], TICKET_RE) or not ok_status(arguments["status"]):
        raise ValueError("bad ticket or status")
    print("valid:", proposal["call_id"])
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    digest = hashlib.sha256(json.dumps(clean, sort_keys=True, ensure_ascii=True,
                                       separators=(",", ":")).encode("ascii")).hexdigest()
    print("fingerprint:", digest[:12])
    return digest


def check_host(actor, approved, state, completed):
    if not ok_text(actor, ID_RE):
        raise ValueError("bad host actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(ok_text(a, HEX_RE) for a in approved):
        raise ValueError("bad approvals")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("bad state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("bad tickets")
    if not all(ok_text(t, TICKET_RE) and ok_status(s) for t, s in tickets.items()):
        raise ValueError("bad ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("bad log")
    print("host input ok")


def refuse(status):
    with contextlib.redirect_stderr(io.StringIO()) as warnings:
        print("refused:", status, file=sys.stderr)
    assert warnings.getvalue() == "refused: " + status + "\n"
    return {"status": status}


def decide(clean, actor, approved, state, completed):
    if clean["actor"] != actor:
        return refuse("forbidden"), None
    if clean["name"] != "set_ticket":
        return refuse("unknown-tool"), None
    digest = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
        if row["fingerprint"] != digest:
            return refuse("call-id-conflict"), None
        print("replay of", clean["call_id"])
        return {**row["result"], "replayed": True}, None
    if clean["version"] != state["version"]:
        return refuse("stale-version"), None
    if digest not in approved:
        return refuse("approval-required"), None
    if clean["arguments"]["ticket"] not in state["tickets"]:
        return refuse("missing-ticket"), None
    if len(completed) >= 64:
        return refuse("log-full"), None
    print("approved and applied")
    return None, digest


def dispatch_ticket(proposal, actor, approved, state, completed):
    trail = io.StringIO()
    with contextlib.redirect_stdout(trail):
        clean = validate_ticket_proposal(proposal)
        check_host(actor, approved, state, completed)
        answer, digest = decide(clean, actor, approved, state, completed)
    if answer is not None:
        return answer
    assert trail.getvalue().startswith("valid:"), trail.getvalue()
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result),
                                   "trail": trail.getvalue().splitlines()}
    return result
