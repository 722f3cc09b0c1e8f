# Style: a student who tries the functions on random proposals at import (no main guard): a seeded
# random.Random(2026) of its own makes reproducible call ids, tickets and statuses, and the outcomes are printed.
from __future__ import annotations

import copy
import hashlib
import json
import random
import re

from typing import Final, Literal, Self, TypedDict

Status = Literal["open", "done"]
STATUSES: Final = ("open", "done")
MAX_VERSION: Final = 1_000_000
MAX_ROWS: Final = 64
ID_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE: Final = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE: Final = re.compile(r"[0-9a-f]{64}")


class Arguments(TypedDict):
    ticket: str
    status: Status


class Rule:
    """One check of one value; the subclasses say what holds."""

    def __init__(self, field: str) -> None:
        self.field = field

    def check(self, value: object) -> bool:
        raise NotImplementedError

    def enforce(self, value: object) -> Self:
        if not self.check(value):
            raise ValueError(f"ongeldige waarde voor {self.field}: {value!r}")
        return self


class PatternRule(Rule):
    def __init__(self, field: str, pattern: re.Pattern[str]) -> None:
        super().__init__(field)
        self.pattern = pattern

    def check(self, value: object) -> bool:
        return isinstance(value, str) and self.pattern.fullmatch(value) is not None


class VersionRule(Rule):
    def __init__(self, field: str, highest: int) -> None:
        super().__init__(field)
        self.highest = highest

    def check(self, value: object) -> bool:
        return type(value) is int and 0 <= value <= self.highest


class StatusRule(Rule):
    def check(self, value: object) -> bool:
        return isinstance(value, str) and value in STATUSES


PROPOSAL_RULES: Final = {
    "call_id": PatternRule("call_id", ID_RE),
    "actor": PatternRule("actor", ID_RE),
    "name": PatternRule("name", ID_RE),
    "version": VersionRule("version", MAX_VERSION),
}
TICKET_RULE: Final = PatternRule("ticket", TICKET_RE)
STATUS_RULE: Final = StatusRule("status")


def validate_ticket_proposal(proposal: object) -> dict:
    if not isinstance(proposal, dict) or set(proposal) != {*PROPOSAL_RULES, "arguments"}:
        raise ValueError("een voorstel heeft precies call_id, actor, name, version en arguments")
    for field, rule in PROPOSAL_RULES.items():
        rule.enforce(proposal[field])
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments heeft precies ticket en status")
    TICKET_RULE.enforce(arguments["ticket"])
    STATUS_RULE.enforce(arguments["status"])
    copied: Arguments = {"ticket": arguments["ticket"], "status": arguments["status"]}
    return {**proposal, "arguments": copied}


def proposal_fingerprint(proposal: object) -> str:
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor: object, approved: object, state: object, completed: object) -> None:
    PatternRule("actor", ID_RE).enforce(actor)
    if not isinstance(approved, set) or len(approved) > MAX_ROWS:
        raise ValueError("approved is een set van hoogstens 64 vingerafdrukken")
    digest_rule = PatternRule("approved", HEX_RE)
    for digest in approved:
        digest_rule.enforce(digest)
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state heeft precies version en tickets")
    VersionRule("state['version']", MAX_VERSION + 1).enforce(state["version"])
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state['tickets'] heeft 1 tot 16 tickets")
    for ticket, status in tickets.items():
        TICKET_RULE.enforce(ticket)
        STATUS_RULE.enforce(status)
    if not isinstance(completed, dict) or len(completed) > MAX_ROWS:
        raise ValueError("completed heeft hoogstens 64 rijen")


def dispatch_ticket(proposal: object, actor: object, approved: object, state: dict, completed: dict) -> dict:
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
        return {**copy.deepcopy(row["result"]), "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= MAX_ROWS:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result


RNG = random.Random(2026)


def random_proposal(version: int) -> dict:
    ticket = RNG.choice(["lamp", "sensor", "pomp"])
    return {"call_id": f"c{RNG.randint(1, 99)}", "actor": "learner", "name": "set_ticket", "version": version,
            "arguments": {"ticket": ticket, "status": RNG.choice(STATUSES)}}


demo_state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
demo_log: dict = {}
for _ in range(5):
    demo = random_proposal(demo_state["version"])
    outcome = dispatch_ticket(demo, "learner", {proposal_fingerprint(demo)}, demo_state, demo_log)
    print(demo["call_id"], demo["arguments"], "->", outcome["status"])
print("demo:", demo_state)
