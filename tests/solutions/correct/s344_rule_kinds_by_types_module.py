# Style: a rule table whose entries are of mixed kinds (a compiled pattern, a plain function, a bound method, a
# tuple of allowed values, a type or a union of types); the checker tells them apart with types.FunctionType,
# types.MethodType and types.UnionType, and type(rule) is types.FunctionType for the plain ones.
import copy
import hashlib
import json
import re
import types


class Limits:
    def __init__(self, low, high):
        self.low, self.high = low, high

    def plain_int(self, value):
        return type(value) is int and self.low <= value <= self.high


ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")

PROPOSAL_RULES = {
    "call_id": ID,
    "actor": ID,
    "name": ID,
    "version": Limits(0, 1_000_000).plain_int,
    "arguments": dict | types.MappingProxyType,
}
ARGUMENT_RULES = {"ticket": TICKET, "status": ("open", "done")}


def _text_only(value):
    return isinstance(value, str)


def rule_holds(rule, value):
    """Whether value passes rule, whatever kind of rule it is."""
    if isinstance(rule, re.Pattern):
        return isinstance(value, str) and rule.fullmatch(value) is not None
    if type(rule) is types.FunctionType or isinstance(rule, types.MethodType):
        return rule(value)
    if isinstance(rule, types.UnionType) or isinstance(rule, type):
        return isinstance(value, rule)
    if isinstance(rule, tuple):
        return _text_only(value) and value in rule
    raise TypeError(f"unknown kind of rule: {rule!r}")


def check_fields(mapping, rules, what):
    if not isinstance(mapping, dict):
        raise ValueError(f"{what} must be a dict")
    if set(mapping) != set(rules):
        raise ValueError(f"{what} needs exactly the fields {sorted(rules)}")
    for key, rule in rules.items():
        if not rule_holds(rule, mapping[key]):
            raise ValueError(f"{what}.{key} is invalid")


def validate_ticket_proposal(proposal):
    check_fields(proposal, PROPOSAL_RULES, "proposal")
    check_fields(proposal["arguments"], ARGUMENT_RULES, "arguments")
    clean = copy.copy(proposal)
    clean["arguments"] = dict(proposal["arguments"])
    return clean


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


HOST_RULES = {
    "actor": ID,
    "state version": Limits(0, 1_000_001).plain_int,
}


def check_host(actor, approved, state, completed):
    if not rule_holds(HOST_RULES["actor"], actor):
        raise ValueError("host actor is invalid")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    if not all(rule_holds(DIGEST, entry) for entry in approved):
        raise ValueError("approved holds only SHA-256 hex strings")
    check_fields(state, {"version": HOST_RULES["state version"], "tickets": dict}, "state")
    tickets = state["tickets"]
    if not 1 <= len(tickets) <= 16:
        raise ValueError("state.tickets holds 1 to 16 tickets")
    for ticket, status in tickets.items():
        if not rule_holds(TICKET, ticket) or not rule_holds(ARGUMENT_RULES["status"], status):
            raise ValueError("state.tickets holds an invalid pair")
    if not rule_holds(dict, completed) or len(completed) > 64:
        raise ValueError("completed must be a dict of at most 64 rows")


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
        again = copy.deepcopy(row["result"])
        again["replayed"] = True
        return again
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
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
