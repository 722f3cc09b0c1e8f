# Style: a helpful student whose unknown-tool refusal carries a "bedoel je set_ticket?" hint from
# difflib.get_close_matches (A6: extra keys), with format(**locals()) messages and print(locals()) debugging.
import copy
import difflib
import hashlib
import json
import re

ID_PATTERN = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET_PATTERN = r"[a-z][a-z0-9-]{0,31}"
HEX_PATTERN = r"[0-9a-f]{64}"
FIELDS = ("call_id", "actor", "name", "version", "arguments")


def is_text(value, pattern):
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def check_call_id(value):
    return is_text(value, ID_PATTERN)


def check_actor(value):
    return is_text(value, ID_PATTERN)


def check_name(value):
    return is_text(value, ID_PATTERN)


def check_version(value):
    return type(value) is int and 0 <= value <= 1000000


def check_arguments(value):
    if not isinstance(value, dict) or set(value) != {"ticket", "status"}:
        return False
    ticket = value["ticket"]
    status = value["status"]
    return is_text(ticket, TICKET_PATTERN) and isinstance(status, str) and status in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        kind = type(proposal).__name__
        raise ValueError("voorstel moet een dict zijn, geen {kind}".format(**locals()))
    if set(proposal) != set(FIELDS):
        found = sorted(map(repr, proposal))
        raise ValueError("verwacht precies {FIELDS}, kreeg {found}".format(FIELDS=FIELDS, **locals()))
    for field in FIELDS:
        value = proposal[field]
        if not globals()["check_" + field](value):
            raise ValueError("ongeldig veld {field}: {value!r}".format(**locals()))
    return {**proposal, "arguments": dict(proposal["arguments"])}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    digest = hashlib.sha256(canonical.encode("ascii")).hexdigest()
    print("fingerprint:", locals()["digest"][:12])
    return digest


def check_host(actor, approved, state, completed):
    if not is_text(actor, ID_PATTERN):
        raise ValueError("hostactor {actor!r} is ongeldig".format(**locals()))
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved moet een set van hoogstens 64 vingerafdrukken zijn")
    for item in approved:
        if not is_text(item, HEX_PATTERN):
            raise ValueError("geen SHA-256-hexstring in approved: {item!r}".format(**locals()))
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state moet precies version en tickets hebben")
    version = state["version"]
    if type(version) is not int or not 0 <= version <= 1000001:
        raise ValueError("state-versie {version!r} is ongeldig".format(**locals()))
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state['tickets'] moet 1 tot 16 tickets hebben")
    for ticket, status in tickets.items():
        if not is_text(ticket, TICKET_PATTERN) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("ongeldig ticket in state: {ticket!r}: {status!r}".format(**locals()))
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed moet een dict van hoogstens 64 rijen zijn")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    print("dispatch:", sorted(vars()))
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        close = difflib.get_close_matches(clean["name"], ["set_ticket"], n=1)
        hint = f"bedoel je {close[0]}?" if close else "alleen set_ticket bestaat"
        return {"status": "unknown-tool", "hint": hint}
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        again = copy.deepcopy(row["result"])
        again["replayed"] = True
        return again
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    status = clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    print("klaar:", locals())
    return result
