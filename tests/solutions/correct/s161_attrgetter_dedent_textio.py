# Style: verbose regexes written indented and passed through textwrap.dedent, typed helpers (SupportsIndex,
# TextIO), an audit trail of dataclass entries sorted with operator.attrgetter, and a report printed to a stream
import copy
import hashlib
import json
import operator
import re
import sys
import textwrap
from dataclasses import dataclass
from typing import SupportsIndex, TextIO

IDENTIFIER = re.compile(textwrap.dedent(r"""
    [A-Za-z]            # an ASCII letter first
    [A-Za-z0-9_-]{0,39} # then at most 39 letters, digits, _ or -
"""), re.VERBOSE)
TICKET = re.compile(textwrap.dedent(r"""
    [a-z]               # a lowercase letter first
    [a-z0-9-]{0,31}     # then at most 31 lowercase letters, digits or -
"""), re.VERBOSE)
DIGEST = re.compile(r"[0-9a-f]{64}")
STATUSES = ("open", "done")


@dataclass(order=True)
class AuditEntry:
    """One decision of dispatch_ticket, kept for the report."""
    sequence: int
    call_id: str
    status: str


AUDIT: list[AuditEntry] = []


def remember(call_id: str, status: str) -> None:
    AUDIT.append(AuditEntry(len(AUDIT), call_id, status))
    del AUDIT[:-100]


def report(out: TextIO = sys.stdout, limit: SupportsIndex = 5) -> None:
    """Prints the last decisions, newest first, to out."""
    newest = sorted(AUDIT, key=operator.attrgetter("sequence"), reverse=True)[:operator.index(limit)]
    for entry in newest:
        print(textwrap.shorten(f"{entry.call_id}: {entry.status}", width=60), file=out)


def _text(value, pattern):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("a proposal has exactly five fields")
    if not all(_text(proposal[key], IDENTIFIER) for key in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor and name are identifiers")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("version is an int from 0 to 1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments are ticket and status")
    if not _text(arguments["ticket"], TICKET):
        raise ValueError("ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in STATUSES:
        raise ValueError("status")
    return {key: (dict(value) if key == "arguments" else value) for key, value in proposal.items()}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _text(actor, IDENTIFIER):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_text(d, DIGEST) for d in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(_text(k, TICKET) and isinstance(v, str) and v in STATUSES for k, v in tickets.items()):
        raise ValueError("ticket entries")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def _decide(clean, actor, approved, state, completed):
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
    ticket, status = operator.itemgetter("ticket", "status")(clean["arguments"])
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    result = _decide(clean, actor, approved, state, completed)
    remember(clean["call_id"], result["status"])
    return result


if __name__ == "__main__":
    p = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0,
         "arguments": {"ticket": "lamp", "status": "done"}}
    print(dispatch_ticket(p, "learner", {proposal_fingerprint(p)}, {"version": 0, "tickets": {"lamp": "open"}}, {}))
    report()
