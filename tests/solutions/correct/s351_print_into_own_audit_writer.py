# Style: a student who prints every decision into an AuditTrail object of their own (it has a write method, so
# print(..., file=trail) works as with a file) and keeps the trail's lines of a call in the completed row
# (A7: an extra row key).
import hashlib
import json
import re

ID_RE = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET_RE = r"[a-z][a-z0-9-]{0,31}"
HEX_RE = r"[0-9a-f]{64}"


class AuditTrail:
    """A file-like collector: print(..., file=trail) appends to it."""

    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)
        return len(text)

    def flush(self):
        pass

    def lines(self):
        return "".join(self.parts).splitlines()


def valid_text(value, pattern):
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("wrong proposal shape")
    if not all(valid_text(proposal[key], ID_RE) for key in ("call_id", "actor", "name")):
        raise ValueError("invalid id")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("invalid version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("wrong arguments shape")
    if not valid_text(arguments["ticket"], TICKET_RE):
        raise ValueError("invalid ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("invalid status")
    return {**proposal, "arguments": {**arguments}}


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                           separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed, trail):
    if not valid_text(actor, ID_RE):
        raise ValueError("invalid host actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(valid_text(a, HEX_RE) for a in approved):
        raise ValueError("invalid approvals")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("invalid state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("invalid tickets")
    for name, status in tickets.items():
        if not valid_text(name, TICKET_RE) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("invalid ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("invalid completed log")
    print("host input accepted:", len(tickets), "tickets,", len(completed), "rows", file=trail, flush=True)


def refuse(status, trail):
    print("refused", status, sep=": ", file=trail)
    return {"status": status}


def dispatch_ticket(proposal, actor, approved, state, completed):
    trail = AuditTrail()
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed, trail)
    if clean["actor"] != actor:
        return refuse("forbidden", trail)
    if clean["name"] != "set_ticket":
        return refuse("unknown-tool", trail)
    digest = proposal_fingerprint(clean)
    print("fingerprint", digest, file=trail)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return refuse("call-id-conflict", trail)
        return {**row["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return refuse("stale-version", trail)
    if digest not in approved:
        return refuse("approval-required", trail)
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return refuse("missing-ticket", trail)
    if len(completed) >= 64:
        return refuse("log-full", trail)
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    print("applied", ticket, "->", value, file=trail)
    lines = trail.lines()
    if len(lines) != 3 or not lines[-1].startswith("applied"):
        raise RuntimeError("the audit trail lost a line: " + repr(lines))
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result), "audit": lines}
    return result
