# Style: declarative dataclasses: every field carries its rule in field(metadata=...) (a compiled pattern or a
# range) and __post_init__ walks dataclasses.fields() generically; the canonical JSON is a functools.cached_property
# of a frozen record; statuses use enum.StrEnum with a fallback for Pythons before 3.11; replays are made with
# dataclasses.replace on a frozen Result rebuilt from the stored row.
import hashlib
import json
import re
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cached_property

try:
    from enum import StrEnum
except ImportError:  # Python < 3.11
    from enum import Enum

    class StrEnum(str, Enum):
        pass


class Status(StrEnum):
    OPEN = "open"
    DONE = "done"


ID_RULE = {"pattern": re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}", re.ASCII)}
TICKET_RULE = {"pattern": re.compile(r"[a-z][a-z0-9-]{0,31}", re.ASCII)}
DIGEST_RULE = re.compile(r"[0-9a-f]{64}")


def _check_field(owner, spec, value):
    rule = spec.metadata
    where = f"{owner}.{spec.name}"
    if "pattern" in rule:
        if not isinstance(value, str) or rule["pattern"].fullmatch(value) is None:
            raise ValueError(f"{where}: {value!r} does not match {rule['pattern'].pattern}")
    elif "range" in rule:
        low, high = rule["range"]
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{where}: expected an int in {low}..{high}")
    elif "choices" in rule:
        if type(value) is not str or value not in rule["choices"]:
            raise ValueError(f"{where}: expected one of {sorted(rule['choices'])}")


class Checked:
    """Mixin: validate every dataclass field against the rule in its metadata."""

    def __post_init__(self):
        for spec in fields(self):
            _check_field(type(self).__name__, spec, getattr(self, spec.name))


@dataclass(frozen=True)
class Arguments(Checked):
    ticket: str = field(metadata=TICKET_RULE)
    status: str = field(metadata={"choices": frozenset(member.value for member in Status)})


@dataclass(frozen=True)
class Proposal(Checked):
    call_id: str = field(metadata=ID_RULE)
    actor: str = field(metadata=ID_RULE)
    name: str = field(metadata=ID_RULE)
    version: int = field(metadata={"range": (0, 1_000_000)})
    arguments: Arguments = field(metadata={})

    @classmethod
    def parse(cls, raw):
        names = [spec.name for spec in fields(cls)]
        if not isinstance(raw, dict) or set(raw) != set(names):
            raise ValueError(f"a proposal needs exactly the fields {names}")
        arguments = raw["arguments"]
        if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
            raise ValueError("arguments need exactly ticket and status")
        return cls(**{**raw, "arguments": Arguments(**arguments)})

    @cached_property
    def canonical(self):
        return json.dumps(asdict(self), sort_keys=True, ensure_ascii=True, separators=(",", ":"))

    @cached_property
    def digest(self):
        return hashlib.sha256(self.canonical.encode("ascii")).hexdigest()


@dataclass(frozen=True)
class Result:
    version: int
    ticket: str
    value: str
    replayed: bool = False
    status: str = "ok"

    def to_dict(self):
        return asdict(self)


def validate_ticket_proposal(proposal):
    return asdict(Proposal.parse(proposal))


def proposal_fingerprint(proposal):
    return Proposal.parse(proposal).digest


def _validate_host(actor, approved, state, completed):
    if not isinstance(actor, str) or not ID_RULE["pattern"].fullmatch(actor):
        raise ValueError("host actor is not a valid id")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    if not all(isinstance(item, str) and DIGEST_RULE.fullmatch(item) for item in approved):
        raise ValueError("approved must hold lowercase SHA-256 hex digests")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state needs exactly version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version out of range")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("state needs 1..16 tickets")
    for ticket, status in tickets.items():
        Arguments(ticket=ticket, status=status)  # the same rules as a proposal's arguments
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _validate_host(actor, approved, state, completed)
    request = Proposal.parse(proposal)
    if request.actor != actor:
        return {"status": "forbidden"}
    if request.name != "set_ticket":
        return {"status": "unknown-tool"}
    if request.call_id in completed:
        row = completed[request.call_id]
        if row["fingerprint"] != request.digest:
            return {"status": "call-id-conflict"}
        return replace(Result(**row["result"]), replayed=True).to_dict()
    if request.version != state["version"]:
        return {"status": "stale-version"}
    if request.digest not in approved:
        return {"status": "approval-required"}
    if request.arguments.ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][request.arguments.ticket] = request.arguments.status
    state["version"] += 1
    result = Result(version=state["version"], ticket=request.arguments.ticket, value=request.arguments.status)
    completed[request.call_id] = {"fingerprint": request.digest, "result": result.to_dict()}
    return result.to_dict()
