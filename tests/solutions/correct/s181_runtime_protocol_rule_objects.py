"""Rule objects checked against a @runtime_checkable Protocol: the rules are small classes that do not inherit from
it, registered only when isinstance(rule, Rule) holds (a structural check, as typing defines it); the checker
functions in the table are checked against a callable protocol the same way."""
from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Protocol, runtime_checkable

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


@runtime_checkable
class Rule(Protocol):
    field: str

    def check(self, value: Any) -> bool: ...


@runtime_checkable
class Predicate(Protocol):
    def __call__(self, value: Any) -> bool: ...


class Matches:
    def __init__(self, field: str, pattern: re.Pattern[str]) -> None:
        self.field = field
        self.pattern = pattern

    def check(self, value: Any) -> bool:
        return isinstance(value, str) and self.pattern.fullmatch(value) is not None


class PlainInt:
    def __init__(self, field: str, high: int) -> None:
        self.field, self.high = field, high

    def check(self, value: Any) -> bool:
        return type(value) is int and 0 <= value <= self.high


RULES: list[Rule] = []


def register(rule: object) -> None:
    if not isinstance(rule, Rule):
        raise TypeError(f"{rule!r} is not a Rule")
    RULES.append(rule)


for _rule in (Matches("call_id", ID), Matches("actor", ID), Matches("name", ID), PlainInt("version", 1_000_000)):
    register(_rule)


def is_status(value: Any) -> bool:
    return isinstance(value, str) and value in ("open", "done")


ARGUMENT_CHECKS = {"ticket": Matches("ticket", TICKET).check, "status": is_status}
assert all(isinstance(check, Predicate) for check in ARGUMENT_CHECKS.values())


def validate_ticket_proposal(proposal: Any) -> dict[str, Any]:
    if not isinstance(proposal, dict) or set(proposal) != {rule.field for rule in RULES} | {"arguments"}:
        raise ValueError("proposal fields")
    for rule in RULES:
        if not rule.check(proposal[rule.field]):
            raise ValueError(f"invalid {rule.field}")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != set(ARGUMENT_CHECKS):
        raise ValueError("arguments fields")
    for key, check in ARGUMENT_CHECKS.items():
        if not check(arguments[key]):
            raise ValueError(f"invalid {key}")
    return {**proposal, "arguments": dict(arguments)}


def proposal_fingerprint(proposal: Any) -> str:
    data = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("ascii")).hexdigest()


def _host(actor: Any, approved: Any, state: Any, completed: Any) -> None:
    if not Matches("actor", ID).check(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(map(Matches("d", DIGEST).check, approved)):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"} \
            or not PlainInt("version", 1_000_001).check(state["version"]):
        raise ValueError("state")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(ARGUMENT_CHECKS["ticket"](t) and is_status(s) for t, s in tickets.items()):
        raise ValueError("ticket pairs")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal: Any, actor: Any, approved: Any, state: Any, completed: Any) -> dict[str, Any]:
    clean = validate_ticket_proposal(proposal)
    _host(actor, approved, state, completed)
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
