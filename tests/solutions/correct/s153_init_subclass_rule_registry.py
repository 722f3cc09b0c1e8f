# Style: rule classes that register themselves through __init_subclass__, run in registration order
import hashlib
import json
import re


class Rule:
    """Base of every proposal rule; subclasses register themselves."""
    registry = []

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        Rule.registry.append(cls)

    def check(self, proposal):
        raise NotImplementedError


class IsDict(Rule):
    def check(self, proposal):
        return isinstance(proposal, dict)


class ExactFields(Rule):
    def check(self, proposal):
        return set(proposal) == {"call_id", "actor", "name", "version", "arguments"}


class Identifiers(Rule):
    def check(self, proposal):
        return all(is_identifier(proposal[k]) for k in ("call_id", "actor", "name"))


class Version(Rule):
    def check(self, proposal):
        v = proposal["version"]
        return type(v) is int and 0 <= v <= 1000000


class ArgumentFields(Rule):
    def check(self, proposal):
        a = proposal["arguments"]
        return isinstance(a, dict) and set(a) == {"ticket", "status"}


class ArgumentValues(Rule):
    def check(self, proposal):
        a = proposal["arguments"]
        return is_ticket(a["ticket"]) and is_status(a["status"])


def is_identifier(value):
    return isinstance(value, str) and bool(re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value))


def is_ticket(value):
    return isinstance(value, str) and bool(re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value))


def is_status(value):
    return value == "open" or value == "done"


def validate_ticket_proposal(proposal):
    """Run every registered rule; returns a fresh copy or raises ValueError naming the rule."""
    for rule in Rule.registry:
        if not rule().check(proposal):
            raise ValueError(f"rule {rule.__name__} failed")
    copy = {key: value for key, value in proposal.items() if key != "arguments"}
    copy["arguments"] = {"ticket": proposal["arguments"]["ticket"], "status": proposal["arguments"]["status"]}
    return copy


def proposal_fingerprint(proposal):
    """Hex SHA-256 of the canonical JSON of the validated proposal; ValueError when invalid."""
    data = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("ascii")).hexdigest()


def _valid_host(actor, approved, state, completed):
    if not is_identifier(actor):
        return False
    if not isinstance(approved, set) or len(approved) > 64:
        return False
    if any(not isinstance(a, str) or not re.fullmatch(r"[0-9a-f]{64}", a) for a in approved):
        return False
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        return False
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        return False
    t = state["tickets"]
    if not isinstance(t, dict) or not 1 <= len(t) <= 16:
        return False
    if any(not is_ticket(k) or not is_status(v) for k, v in t.items()):
        return False
    return isinstance(completed, dict) and len(completed) <= 64


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict (ok/refusal/replay); ValueError on invalid input shape."""
    p = validate_ticket_proposal(proposal)
    if not _valid_host(actor, approved, state, completed):
        raise ValueError("invalid host input")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    row = completed.get(p["call_id"])
    if row is not None:
        if row["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    ticket = p["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = p["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": fp, "result": dict(result)}
    return result
