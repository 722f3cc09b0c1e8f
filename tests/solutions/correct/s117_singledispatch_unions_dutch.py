"""Type-dispatch style: one functools.singledispatch function per concern (is this a valid id, a valid
version, a copy of this value), implementations registered by annotation, unions included (int | float,
list | tuple | set), bool registered apart from int; checks otherwise plain."""
import hashlib
import json
import re
from functools import singledispatch

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


@singledispatch
def is_text(value, pattern):
    return False  # anything that is not a str


@is_text.register
def _(value: str, pattern):
    return pattern.fullmatch(value) is not None


@singledispatch
def in_range(value, top):
    return False


@in_range.register
def _(value: int, top):
    return 0 <= value <= top


@in_range.register
def _(value: bool, top):
    return False  # True/False are no versions


@in_range.register
def _(value: float | complex, top):
    return False  # 1.0 is no plain int


@singledispatch
def copied(value):
    return value  # str, int: immutable


@copied.register
def _(value: dict):
    return {key: copied(item) for key, item in value.items()}


@copied.register
def _(value: list | tuple | set):
    return type(value)(copied(item) for item in value)


def is_status(value):
    return is_text(value, re.compile(r"open|done"))


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("een voorstel is een dict met precies vijf velden")
    if not all(is_text(proposal[key], ID) for key in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor en name moeten geldige ID's zijn")
    if not in_range(proposal["version"], 1_000_000):
        raise ValueError("version moet een gewone int 0..1000000 zijn")
    arguments = proposal["arguments"]
    if type(arguments) is not dict or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments moet precies ticket en status hebben")
    if not is_text(arguments["ticket"], TICKET) or not is_status(arguments["status"]):
        raise ValueError("ongeldig ticket of status")
    return copied(proposal)


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not is_text(actor, ID):
        raise ValueError("ongeldige hostactor")
    if type(approved) is not set or len(approved) > 64 or not all(is_text(a, DIGEST) for a in approved):
        raise ValueError("approved moet een set van hoogstens 64 vingerafdrukken zijn")
    if type(state) is not dict or set(state) != {"version", "tickets"} or not in_range(state["version"], 1_000_001):
        raise ValueError("ongeldige state")
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError("ongeldige tickets")
    if not all(is_text(name, TICKET) and is_status(status) for name, status in tickets.items()):
        raise ValueError("ongeldig ticketpaar")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("ongeldig log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**copied(row["result"]), "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": copied(result)}
    return result
