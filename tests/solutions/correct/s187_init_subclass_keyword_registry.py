"""Field rules registered with class keywords (PEP 487): `class CallId(Rule, field="call_id", pattern=ID)`; the
base's __init_subclass__ stores each rule under its field, and the validator runs the registry."""
import hashlib
import json
import re

ID = r"[A-Za-z][A-Za-z0-9_-]{0,39}"
TICKET = r"[a-z][a-z0-9-]{0,31}"
DIGEST = re.compile(r"[0-9a-f]{64}")


class Rule:
    fields = {}
    arguments = {}

    def __init_subclass__(cls, field, pattern=None, group="fields", **options):
        super().__init_subclass__(**options)
        cls.field = field
        cls.pattern = re.compile(pattern) if pattern else None
        getattr(Rule, group)[field] = cls

    @classmethod
    def accepts(cls, value):
        return isinstance(value, str) and cls.pattern.fullmatch(value) is not None


class CallId(Rule, field="call_id", pattern=ID):
    pass


class Actor(Rule, field="actor", pattern=ID):
    pass


class Name(Rule, field="name", pattern=ID):
    pass


class Version(Rule, field="version"):
    @classmethod
    def accepts(cls, value):
        return type(value) is int and 0 <= value <= 1000000


class Arguments(Rule, field="arguments"):
    @classmethod
    def accepts(cls, value):
        return isinstance(value, dict) and set(value) == set(Rule.arguments) and all(
            rule.accepts(value[key]) for key, rule in Rule.arguments.items())


class Ticket(Rule, field="ticket", pattern=TICKET, group="arguments"):
    pass


class Status(Rule, field="status", group="arguments"):
    @classmethod
    def accepts(cls, value):
        return isinstance(value, str) and value in ("open", "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != set(Rule.fields):
        raise ValueError("a proposal has exactly the fields " + ", ".join(Rule.fields))
    for field, rule in Rule.fields.items():
        if not rule.accepts(proposal[field]):
            raise ValueError(f"invalid {field}")
    return {**proposal, "arguments": dict(proposal["arguments"])}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    if not Actor.accepts(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    if not all(isinstance(a, str) and DIGEST.fullmatch(a) for a in approved):
        raise ValueError("approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(Ticket.accepts(t) and Status.accepts(s) for t, s in tickets.items()):
        raise ValueError("ticket pairs")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
