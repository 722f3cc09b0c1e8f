"""Table-driven: one rule per field, records checked against rule tables, refusals as (predicate, status) rules.

Lenient readings throughout: any Mapping for the proposal (A1), str subclasses (A2), frozenset approvals (A3),
uppercase hex approvals that never authorise (A4), any int as the state version (A5).
"""
import hashlib
import json
import re
from collections.abc import Mapping, MutableMapping

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-fA-F]{64}")
STATUSES = ("open", "done")
TOOL = "set_ticket"
MAX_VERSION = 1000000
LIMITS = {"approvals": 64, "tickets": 16, "rows": 64}


def matches(pattern):
    def rule(value):
        return isinstance(value, str) and pattern.fullmatch(value) is not None
    return rule


def is_status(value):
    return isinstance(value, str) and value in STATUSES


def in_range(low, high):
    def rule(value):
        return isinstance(value, int) and low <= value <= high
    return rule


def plain_int(rule):
    def checked(value):
        return not isinstance(value, bool) and rule(value)
    return checked


is_id = matches(ID_RE)
is_ticket = matches(TICKET_RE)
is_digest = matches(HEX_RE)


def record(rules, kind=Mapping):
    """A rule for a mapping with exactly the keys of ``rules``, each value passing its rule."""
    def rule(value):
        if not isinstance(value, kind) or set(value) != set(rules):
            return False
        return all(check(value[key]) for key, check in rules.items())
    return rule


def bounded(kind, low, high, item):
    """A rule for a ``kind`` container of ``low``..``high`` items, each passing ``item``."""
    def rule(value):
        if not isinstance(value, kind) or not low <= len(value) <= high:
            return False
        return all(item(entry) for entry in (value.items() if isinstance(value, Mapping) else value))
    return rule


ARGUMENT_RULES = {"ticket": is_ticket, "status": is_status}
PROPOSAL_RULES = {
    "call_id": is_id,
    "actor": is_id,
    "name": is_id,
    "version": plain_int(in_range(0, MAX_VERSION)),
    "arguments": record(ARGUMENT_RULES),
}
is_proposal = record(PROPOSAL_RULES)
is_state = record({
    "version": in_range(0, MAX_VERSION + 1),
    "tickets": bounded(MutableMapping, 1, LIMITS["tickets"], lambda pair: is_ticket(pair[0]) and is_status(pair[1])),
}, MutableMapping)
HOST_RULES = (
    ("actor", is_id),
    ("approved", bounded((set, frozenset), 0, LIMITS["approvals"], is_digest)),
    ("state", is_state),
    ("completed", bounded(MutableMapping, 0, LIMITS["rows"], lambda pair: True)),
)


def validate_ticket_proposal(proposal):
    if not is_proposal(proposal):
        raise ValueError("invalid proposal")
    clean = {key: proposal[key] for key in PROPOSAL_RULES}
    clean["arguments"] = {key: proposal["arguments"][key] for key in ARGUMENT_RULES}
    return clean


def canonical(clean):
    return json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def proposal_fingerprint(proposal):
    return hashlib.sha256(canonical(validate_ticket_proposal(proposal)).encode()).hexdigest()


BEFORE_REPLAY = (
    (lambda call: call["proposal"]["actor"] != call["actor"], "forbidden"),
    (lambda call: call["proposal"]["name"] != TOOL, "unknown-tool"),
)
AFTER_REPLAY = (
    (lambda call: call["proposal"]["version"] != call["state"]["version"], "stale-version"),
    (lambda call: call["digest"] not in call["approved"], "approval-required"),
    (lambda call: call["proposal"]["arguments"]["ticket"] not in call["state"]["tickets"], "missing-ticket"),
    (lambda call: len(call["completed"]) >= LIMITS["rows"], "log-full"),
)


def first_refusal(rules, call):
    for predicate, status in rules:
        if predicate(call):
            return {"status": status}
    return None


def replay(call):
    row = call["completed"][call["proposal"]["call_id"]]
    if row["hash"] != call["digest"]:
        return {"status": "call-id-conflict"}
    answer = dict(row["result"])
    answer["replayed"] = True
    return answer


def apply(call):
    ticket, value = call["proposal"]["arguments"]["ticket"], call["proposal"]["arguments"]["status"]
    state = call["state"]
    state["tickets"][ticket] = value
    state["version"] = state["version"] + 1
    call["completed"][call["proposal"]["call_id"]] = {
        "hash": call["digest"],
        "result": {"status": "ok", "version": state["version"], "ticket": ticket, "value": value},
    }
    return {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}


def dispatch_ticket(proposal, actor, approved, state, completed):
    call = {"proposal": validate_ticket_proposal(proposal), "actor": actor, "approved": approved,
            "state": state, "completed": completed}
    for name, rule in HOST_RULES:
        if not rule(call[name]):
            raise ValueError(f"invalid {name}")
    refusal = first_refusal(BEFORE_REPLAY, call)
    if refusal:
        return refusal
    call["digest"] = proposal_fingerprint(call["proposal"])
    if call["proposal"]["call_id"] in completed:
        return replay(call)
    return first_refusal(AFTER_REPLAY, call) or apply(call)
