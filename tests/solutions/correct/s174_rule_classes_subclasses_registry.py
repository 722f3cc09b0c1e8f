"""Rule classes found through Rule.__subclasses__() (a plugin-style registry without a decorator): every rule
is a subclass with a `check` classmethod; the validator runs every rule of a kind in definition order. The
dispatcher's status checks are subclasses of another base, found the same way."""
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def _matches(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


class Rule:
    """A proposal rule: check(proposal) raises ValueError when the proposal breaks it."""

    @classmethod
    def all(cls):
        found = []
        for sub in cls.__subclasses__():
            found.append(sub)
            found.extend(sub.all())
        return found


class ShapeRule(Rule):
    @classmethod
    def check(cls, proposal):
        if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
            raise ValueError("a proposal has exactly five fields")


class IdRule(Rule):
    @classmethod
    def check(cls, proposal):
        for field in ("call_id", "actor", "name"):
            if not _matches(ID, proposal[field]):
                raise ValueError(f"{field} is not a valid id")


class VersionRule(Rule):
    @classmethod
    def check(cls, proposal):
        if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
            raise ValueError("version is not an int from 0 to 1000000")


class ArgumentsRule(Rule):
    @classmethod
    def check(cls, proposal):
        arguments = proposal["arguments"]
        if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
            raise ValueError("arguments has exactly ticket and status")
        if not _matches(TICKET, arguments["ticket"]):
            raise ValueError("ticket is not valid")
        if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
            raise ValueError("status is open or done")


def validate_ticket_proposal(proposal):
    for rule in Rule.all():
        rule.check(proposal)
    return {**proposal, "arguments": dict(proposal["arguments"])}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


class Gate:
    """A status check after replay handling: refuses(ctx) gives a status or None. Order = definition order."""


class StaleVersion(Gate):
    status = "stale-version"

    @staticmethod
    def refuses(ctx):
        return ctx["proposal"]["version"] != ctx["state"]["version"]


class ApprovalRequired(Gate):
    status = "approval-required"

    @staticmethod
    def refuses(ctx):
        return ctx["digest"] not in ctx["approved"]


class MissingTicket(Gate):
    status = "missing-ticket"

    @staticmethod
    def refuses(ctx):
        return ctx["proposal"]["arguments"]["ticket"] not in ctx["state"]["tickets"]


class LogFull(Gate):
    status = "log-full"

    @staticmethod
    def refuses(ctx):
        return len(ctx["completed"]) >= 64


def _check_host(actor, approved, state, completed):
    if not _matches(ID, actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_matches(DIGEST, a) for a in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for ticket, status in tickets.items():
        if not _matches(TICKET, ticket) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("ticket pair")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
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
    ctx = {"proposal": clean, "state": state, "approved": approved, "completed": completed, "digest": digest}
    for gate in Gate.__subclasses__():
        if gate.refuses(ctx):
            return {"status": gate.status}
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
