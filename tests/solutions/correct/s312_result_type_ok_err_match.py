# Style: "errors as values" borrowed from Rust: every check returns Ok(value) or Err(message), generic frozen
# dataclasses matched with class patterns, and_then() chaining through a helper, a Union type alias over a TypeVar;
# only the three public functions turn an Err into the ValueError the contract asks for.
from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from typing import Callable, Generic, TypeVar, Union

T = TypeVar("T")
U = TypeVar("U")


@dataclass(frozen=True, slots=True)
class Ok(Generic[T]):
    value: T


@dataclass(frozen=True, slots=True)
class Err:
    message: str


Outcome = Union[Ok[T], Err]


def and_then(outcome: Outcome, step: Callable[[object], Outcome]) -> Outcome:
    match outcome:
        case Ok(value):
            return step(value)
        case Err():
            return outcome
    raise TypeError(f"not an outcome: {outcome!r}")


def unwrap(outcome: Outcome):
    match outcome:
        case Ok(value):
            return value
        case Err(message):
            raise ValueError(message)
    raise TypeError(f"not an outcome: {outcome!r}")


IDENT = re.compile(r"(?a)[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"(?a)[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"(?a)[0-9a-f]{64}")


def matches(pattern: re.Pattern[str], label: str) -> Callable[[object], Outcome]:
    def check(value: object) -> Outcome:
        if isinstance(value, str) and pattern.fullmatch(value):
            return Ok(value)
        return Err(f"{label}: {value!r} does not match {pattern.pattern}")
    return check


def bounded_int(label: str, high: int) -> Callable[[object], Outcome]:
    def check(value: object) -> Outcome:
        if type(value) is int and 0 <= value <= high:
            return Ok(value)
        return Err(f"{label}: expected an int in 0..{high}, got {value!r}")
    return check


def one_of(label: str, *allowed: str) -> Callable[[object], Outcome]:
    def check(value: object) -> Outcome:
        if type(value) is str and value in allowed:
            return Ok(value)
        return Err(f"{label}: expected one of {allowed}")
    return check


def exact_dict(label: str, keys: frozenset[str]) -> Callable[[object], Outcome]:
    def check(value: object) -> Outcome:
        if not isinstance(value, dict):
            return Err(f"{label}: expected a dict")
        if value.keys() != keys:
            return Err(f"{label}: expected exactly the keys {sorted(keys)}")
        return Ok(value)
    return check


PROPOSAL_RULES = {"call_id": matches(IDENT, "call_id"), "actor": matches(IDENT, "actor"),
                  "name": matches(IDENT, "name"), "version": bounded_int("version", 1_000_000)}
ARGUMENT_RULES = {"ticket": matches(TICKET, "ticket"), "status": one_of("status", "open", "done")}


def all_fields(rules: dict[str, Callable[[object], Outcome]]) -> Callable[[object], Outcome]:
    def check(record: object) -> Outcome:
        checked = {}
        for key, rule in rules.items():
            match rule(record[key]):
                case Ok(value):
                    checked[key] = value
                case Err() as failure:
                    return failure
        return Ok(checked)
    return check


def check_proposal(raw: object) -> Outcome:
    fields = and_then(exact_dict("proposal", frozenset({*PROPOSAL_RULES, "arguments"}))(raw),
                      all_fields(PROPOSAL_RULES))
    if isinstance(fields, Err):
        return fields
    arguments = and_then(exact_dict("arguments", frozenset(ARGUMENT_RULES))(raw["arguments"]),
                         all_fields(ARGUMENT_RULES))
    return and_then(arguments, lambda args: Ok({**fields.value, "arguments": args}))


def check_state(raw: object) -> Outcome:
    def tickets_ok(state: dict) -> Outcome:
        tickets = state["tickets"]
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            return Err("state: 1..16 tickets")
        for name, status in tickets.items():
            for outcome in (ARGUMENT_RULES["ticket"](name), ARGUMENT_RULES["status"](status)):
                if isinstance(outcome, Err):
                    return outcome
        return Ok(state)
    state = and_then(exact_dict("state", frozenset({"version", "tickets"}))(raw),
                     lambda s: and_then(bounded_int("state version", 1_000_001)(s["version"]), lambda _: Ok(s)))
    return and_then(state, tickets_ok)


def check_host(actor: object, approved: object, state: object, completed: object) -> Outcome:
    if isinstance(outcome := matches(IDENT, "actor")(actor), Err):
        return outcome
    if not isinstance(approved, set) or len(approved) > 64:
        return Err("approved: a set of at most 64 digests")
    for digest in approved:
        if isinstance(outcome := matches(DIGEST, "approval")(digest), Err):
            return outcome
    if isinstance(outcome := check_state(state), Err):
        return outcome
    if not isinstance(completed, dict) or len(completed) > 64:
        return Err("completed: a dict of at most 64 rows")
    return Ok(None)


def validate_ticket_proposal(proposal):
    return unwrap(check_proposal(proposal))


def proposal_fingerprint(proposal):
    clean = unwrap(check_proposal(proposal))
    return hashlib.sha256(json.dumps(clean, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    unwrap(check_host(actor, approved, state, completed))
    clean = validate_ticket_proposal(proposal)
    digest = proposal_fingerprint(clean)
    ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
    row = completed.get(clean["call_id"])
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    if row is not None:
        return {**row["result"], "replayed": True} if row["fingerprint"] == digest else {"status": "call-id-conflict"}
    for status, refused in (("stale-version", clean["version"] != state["version"]),
                            ("approval-required", digest not in approved),
                            ("missing-ticket", ticket not in state["tickets"]),
                            ("log-full", len(completed) >= 64)):
        if refused:
            return {"status": status}
    state["tickets"][ticket] = value
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": {**result}}
    return result
