"""Typed solution: Protocol validators, TypedDicts, NamedTuple rows."""
from typing import (Any, Callable, ChainMap, Final, Literal, LiteralString, NamedTuple, Protocol, TypedDict,
                    TypeAlias, TypeGuard, runtime_checkable)
import hashlib
import json
import re
import sys
import types

StatusName: TypeAlias = Literal["open", "done"]
STATUSES: Final[tuple[StatusName, ...]] = ("open", "done")
TOOL: Final[LiteralString] = "set_ticket"


class ArgumentsDict(TypedDict):
    ticket: str
    status: StatusName


class ProposalDict(TypedDict):
    call_id: str
    actor: str
    name: str
    version: int
    arguments: ArgumentsDict


class Row(NamedTuple):
    fingerprint: str
    result: dict[str, Any]


@runtime_checkable
class Check(Protocol):
    def __call__(self, value: object, /) -> bool: ...


def pattern_check(pattern: str) -> Check:
    compiled = re.compile(pattern)

    def check(value: object) -> bool:
        return isinstance(value, str) and compiled.fullmatch(value) is not None
    return check


is_id: Final[Check] = pattern_check(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
is_ticket: Final[Check] = pattern_check(r"[a-z][a-z0-9-]{0,31}")
is_digest: Final[Check] = pattern_check(r"[0-9a-f]{64}")


def is_status(value: object) -> TypeGuard[StatusName]:
    return isinstance(value, str) and value in STATUSES


def is_plain_int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def validate_ticket_proposal(proposal: object) -> ProposalDict:
    if not isinstance(proposal, dict) or isinstance(proposal, types.NoneType):
        raise ValueError("proposal")
    if proposal.keys() != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("keys")
    if not (is_id(proposal["call_id"]) and is_id(proposal["actor"]) and is_id(proposal["name"])):
        raise ValueError("ids")
    if not is_plain_int(proposal["version"], 0, 1000000):
        raise ValueError("version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or arguments.keys() != {"ticket", "status"}:
        raise ValueError("arguments")
    if not is_ticket(arguments["ticket"]) or not is_status(arguments["status"]):
        raise ValueError("ticket/status")
    return ProposalDict(call_id=proposal["call_id"], actor=proposal["actor"], name=proposal["name"],
                        version=proposal["version"],
                        arguments=ArgumentsDict(ticket=arguments["ticket"], status=arguments["status"]))


def proposal_fingerprint(proposal: object) -> str:
    clean = validate_ticket_proposal(proposal)
    payload: bytes = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return hashlib.sha256(payload).hexdigest()


def _validate_host(actor: object, approved: object, state: object, completed: object) -> None:
    if not is_id(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(is_digest(a) for a in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"}:
        raise ValueError("state")
    if not is_plain_int(state["version"], 0, 1000001):
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(is_ticket(k) and is_status(v) for k, v in tickets.items()):
        raise ValueError("ticket entries")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


Result: TypeAlias = dict[str, Any]
Step: TypeAlias = Callable[[], "str | None"]


def dispatch_ticket(proposal: object, actor: str, approved: set[str], state: dict[str, Any],
                    completed: dict[str, dict[str, Any]]) -> Result:
    clean = validate_ticket_proposal(proposal)
    _validate_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != TOOL:
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = Row(**completed[clean["call_id"]])
        if row.fingerprint != digest:
            return {"status": "call-id-conflict"}
        return {**row.result, "replayed": True}
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = clean["arguments"]["status"]
    state["version"] += 1
    result: Result = {"status": "ok", "version": state["version"], "ticket": ticket,
                      "value": clean["arguments"]["status"], "replayed": False}
    completed[clean["call_id"]] = Row(digest, dict(result))._asdict()
    return dict(result)


if sys.version_info.major == 3 and __name__ == "__main__":
    print(isinstance(is_id, Check))
