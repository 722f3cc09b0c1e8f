# Style: Python 3.11 exception groups: validate_ticket_proposal reports every problem of a proposal at once in an
# InvalidProposal that is both an ExceptionGroup and a ValueError; dispatch_ticket gathers the host-input problems the
# same way in a plain ExceptionGroup (a bad proposal as a nested group) and turns it into one ValueError.
from __future__ import annotations

import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX = re.compile(r"[0-9a-f]{64}")
FIELDS = frozenset({"call_id", "actor", "name", "version", "arguments"})


class InvalidProposal(ExceptionGroup, ValueError):
    """All problems found in one proposal."""


def _is_id(value, pattern=ID):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _proposal_problems(proposal):
    if not isinstance(proposal, dict):
        yield ValueError(f"proposal must be a dict, not {type(proposal).__name__}")
        return
    keys = set(proposal)
    if keys != FIELDS:
        yield ValueError(f"wrong fields: missing {sorted(map(str, FIELDS - keys))}, extra {sorted(map(repr, keys - FIELDS))}")
        return
    for key in ("call_id", "actor", "name"):
        if not _is_id(proposal[key]):
            yield ValueError(f"{key} is not a valid id: {proposal[key]!r}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        yield ValueError(f"version must be a plain int 0..1000000, got {version!r}")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        yield ValueError("arguments must be a dict with exactly ticket and status")
        return
    if not _is_id(arguments["ticket"], TICKET):
        yield ValueError(f"invalid ticket {arguments['ticket']!r}")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        yield ValueError(f"invalid status {arguments['status']!r}")


def validate_ticket_proposal(proposal):
    problems = list(_proposal_problems(proposal))
    if problems:
        raise InvalidProposal(f"{len(problems)} problem(s) in the proposal", problems)
    return {**proposal, "arguments": dict(proposal["arguments"])}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _host_problems(actor, approved, state, completed):
    if not _is_id(actor):
        yield ValueError("host actor is not a valid id")
    if not isinstance(approved, set) or len(approved) > 64:
        yield ValueError("approved must be a set of at most 64 digests")
    elif not all(isinstance(item, str) and HEX.fullmatch(item) for item in approved):
        yield ValueError("approved may only hold SHA-256 hex strings")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        yield ValueError("state must be a dict with version and tickets")
    else:
        version, tickets = state["version"], state["tickets"]
        if type(version) is not int or not 0 <= version <= 1_000_001:
            yield ValueError("state version must be an int 0..1000001")
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            yield ValueError("tickets must be a dict of 1..16 entries")
        else:
            for ticket, status in tickets.items():
                if not _is_id(ticket, TICKET) or not isinstance(status, str) or status not in ("open", "done"):
                    yield ValueError(f"invalid ticket entry {ticket!r}: {status!r}")
    if not isinstance(completed, dict) or len(completed) > 64:
        yield ValueError("completed must be a dict of at most 64 rows")


def _checked_inputs(proposal, actor, approved, state, completed):
    """The validated proposal, or one ExceptionGroup holding every problem (a bad proposal as a nested group)."""
    problems = list(_host_problems(actor, approved, state, completed))
    clean = None
    try:
        clean = validate_ticket_proposal(proposal)
    except InvalidProposal as exc:
        problems.append(exc)
    if problems:
        raise ExceptionGroup(f"{len(problems)} problem(s) in the input of dispatch_ticket", problems)
    return clean


def dispatch_ticket(proposal, actor, approved, state, completed):
    try:
        clean = _checked_inputs(proposal, actor, approved, state, completed)
    except ExceptionGroup as group:
        messages = "; ".join(str(problem) for problem in group.exceptions)
        raise ValueError(f"dispatch_ticket refused its input: {messages}") from None

    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        row = completed[call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return dict(row["result"], replayed=True)
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
    completed[call_id] = {"fingerprint": digest, "result": dict(result)}
    return result


if __name__ == "__main__":
    try:
        validate_ticket_proposal({"call_id": "1", "actor": "", "name": "x", "version": -1,
                                  "arguments": {"ticket": "A", "status": "closed"}})
    except InvalidProposal as problems:
        print(problems)
        for problem in problems.exceptions:
            print("-", problem)
