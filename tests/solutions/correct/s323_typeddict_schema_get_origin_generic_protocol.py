# Style: the proposal's shape written once as TypedDicts with Annotated metadata (a compiled regex, a range) and
# Literal statuses; one recursive conforms() walks any annotation with typing.get_origin/get_args; small generic
# Protocol[T] checks for the host inputs.
import hashlib
import json
import re
from typing import Annotated, Any, Literal, Protocol, TypedDict, TypeVar, get_args, get_origin

T_contra = TypeVar("T_contra", contravariant=True)


class Check(Protocol[T_contra]):
    """Anything that can say yes or no about a value."""

    def __call__(self, value: T_contra, /) -> bool: ...


Id = Annotated[str, re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")]
TicketName = Annotated[str, re.compile(r"[a-z][a-z0-9-]{0,31}")]
Digest = Annotated[str, re.compile(r"[0-9a-f]{64}")]
ProposalVersion = Annotated[int, range(0, 1_000_001)]
StateVersion = Annotated[int, range(0, 1_000_002)]
Status = Literal["open", "done"]


class Arguments(TypedDict):
    ticket: TicketName
    status: Status


class Proposal(TypedDict):
    call_id: Id
    actor: Id
    name: Id
    version: ProposalVersion
    arguments: Arguments


class State(TypedDict):
    version: StateVersion
    tickets: dict[TicketName, Status]


def _meets(value: Any, rule: Any) -> bool:
    if isinstance(rule, re.Pattern):
        return rule.fullmatch(value) is not None
    if isinstance(rule, range):
        return value in rule
    raise TypeError(f"unknown rule {rule!r}")


def conforms(value: Any, annotation: Any) -> bool:
    """Whether value has exactly the shape the annotation describes."""
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *rules = get_args(annotation)
        return conforms(value, base) and all(_meets(value, rule) for rule in rules)
    if origin is Literal:
        return type(value) is str and value in get_args(annotation)
    if origin is dict:
        key_type, value_type = get_args(annotation)
        return type(value) is dict and all(conforms(k, key_type) and conforms(v, value_type)
                                           for k, v in value.items())
    if annotation in (str, int):
        return type(value) is annotation  # exact: no bool for int
    if isinstance(annotation, type) and issubclass(annotation, dict):  # a TypedDict
        fields = annotation.__annotations__
        return (type(value) is dict and set(value) == set(fields)
                and all(conforms(value[key], field) for key, field in fields.items()))
    raise TypeError(f"unsupported annotation {annotation!r}")


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise ValueError(message)


def validate_ticket_proposal(proposal: Any) -> Proposal:
    _require(conforms(proposal, Proposal), "proposal does not match the Proposal schema")
    return {**proposal, "arguments": {**proposal["arguments"]}}


def proposal_fingerprint(proposal: Any) -> str:
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _is_id(value: object) -> bool:
    return conforms(value, Id)


def _is_approvals(value: object) -> bool:
    return type(value) is set and len(value) <= 64 and all(conforms(item, Digest) for item in value)


def _is_state(value: object) -> bool:
    return conforms(value, State) and 1 <= len(value["tickets"]) <= 16


def _is_log(value: object) -> bool:
    return type(value) is dict and len(value) <= 64


HOST_CHECKS: list[tuple[str, Check[Any]]] = [
    ("actor", _is_id), ("approved", _is_approvals), ("state", _is_state), ("completed", _is_log),
]


def dispatch_ticket(proposal: Any, actor: Any, approved: Any, state: Any, completed: Any) -> dict[str, Any]:
    clean = validate_ticket_proposal(proposal)
    host = {"actor": actor, "approved": approved, "state": state, "completed": completed}
    for label, check in HOST_CHECKS:
        _require(check(host[label]), f"invalid {label}")

    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
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
