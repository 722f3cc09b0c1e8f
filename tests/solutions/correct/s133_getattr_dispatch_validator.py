# Style: a validator class that looks up check_<field> methods with getattr/hasattr
import hashlib
import json
import re


class ProposalValidator:
    """Validates proposals field by field through check_<field> methods."""

    fields = ("call_id", "actor", "name", "version", "arguments")

    def validate(self, proposal):
        if not isinstance(proposal, dict) or len(proposal) != len(self.fields):
            raise ValueError("proposal must be a dict with five fields")
        clean = {}
        for field in proposal:
            method_name = "check_" + field if isinstance(field, str) else ""
            if field not in self.fields or not hasattr(self, method_name):
                raise ValueError("unexpected field %r" % (field,))
            clean[field] = getattr(self, method_name)(proposal[field])
        return clean

    def identifier(self, value):
        if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value):
            raise ValueError("invalid identifier")
        return value

    check_call_id = identifier
    check_actor = identifier
    check_name = identifier

    def check_version(self, value):
        if type(value) is not int or not 0 <= value <= 1000000:
            raise ValueError("invalid version")
        return value

    def check_arguments(self, value):
        if not isinstance(value, dict) or set(value) != {"ticket", "status"}:
            raise ValueError("invalid arguments")
        return {"ticket": self.ticket(value["ticket"]), "status": self.status(value["status"])}

    @staticmethod
    def ticket(value):
        if not isinstance(value, str) or not re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value):
            raise ValueError("invalid ticket")
        return value

    @staticmethod
    def status(value):
        if not isinstance(value, str) or value not in ("open", "done"):
            raise ValueError("invalid status")
        return value


VALIDATOR = ProposalValidator()


def validate_ticket_proposal(proposal):
    """Returns a new validated dict (arguments copied); raises ValueError otherwise."""
    return VALIDATOR.validate(proposal)


def proposal_fingerprint(proposal):
    """Returns SHA-256 hex of the canonical JSON of the valid proposal; raises ValueError otherwise."""
    blob = json.dumps(VALIDATOR.validate(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns the status dict; ValueError on invalid input; state and completed change only on success."""
    p = VALIDATOR.validate(proposal)
    VALIDATOR.identifier(actor)
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("invalid approved")
    for entry in approved:
        if not isinstance(entry, str) or not re.fullmatch(r"[0-9a-f]{64}", entry):
            raise ValueError("invalid approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("invalid state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("invalid state version")
    if not isinstance(state["tickets"], dict) or not 1 <= len(state["tickets"]) <= 16:
        raise ValueError("invalid tickets")
    for name, status in state["tickets"].items():
        VALIDATOR.ticket(name)
        VALIDATOR.status(status)
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("invalid completed")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        if completed[p["call_id"]]["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dict(completed[p["call_id"]]["result"], replayed=True)
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
