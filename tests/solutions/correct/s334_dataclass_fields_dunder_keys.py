# Style: dataclasses as the schema: the exact key sets are read off the classes' __dataclass_fields__ (as many
# tutorials show), and the validated proposal is built as frozen dataclass objects, turned back with asdict().
import copy
import hashlib
import json
import re
from dataclasses import asdict, dataclass

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST = re.compile(r"[0-9a-f]{64}")


def _is(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


@dataclass(frozen=True)
class Arguments:
    ticket: str
    status: str

    def __post_init__(self):
        if not _is(TICKET, self.ticket):
            raise ValueError(f"ongeldig ticket {self.ticket!r}")
        if not isinstance(self.status, str) or self.status not in ("open", "done"):
            raise ValueError(f"ongeldige status {self.status!r}")


@dataclass(frozen=True)
class Proposal:
    call_id: str
    actor: str
    name: str
    version: int
    arguments: Arguments

    def __post_init__(self):
        for field_name in ("call_id", "actor", "name"):
            if not _is(ID, getattr(self, field_name)):
                raise ValueError(f"ongeldig {field_name}")
        if type(self.version) is not int or not 0 <= self.version <= 1_000_000:
            raise ValueError(f"ongeldige versie {self.version!r}")


PROPOSAL_KEYS = set(Proposal.__dataclass_fields__)
ARGUMENT_KEYS = set(Arguments.__dataclass_fields__.keys())


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != PROPOSAL_KEYS:
        raise ValueError("een voorstel heeft precies de velden " + ", ".join(sorted(PROPOSAL_KEYS)))
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != ARGUMENT_KEYS:
        raise ValueError("arguments heeft precies ticket en status")
    checked = Proposal(**{**proposal, "arguments": Arguments(**arguments)})
    return asdict(checked)


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _is(ID, actor):
        raise ValueError("ongeldige hostactor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_is(DIGEST, item) for item in approved):
        raise ValueError("ongeldig goedkeuringsregister")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("ongeldige state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("ongeldige state-versie")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("ongeldige tickets")
    for ticket, status in tickets.items():
        if not _is(TICKET, ticket) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("ongeldig ticket in state")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("ongeldig completed-log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
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
    if len(completed) == 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
