# Style: match statements over strings and a Literal outcome type, typing.assert_never in the default branch
from __future__ import annotations

import hashlib
import json
import re
from typing import Literal, assert_never

Refusal = Literal["forbidden", "unknown-tool", "call-id-conflict", "stale-version", "approval-required",
                  "missing-ticket", "log-full"]


def _kind_ok(kind: str, value: object) -> bool:
    match kind:
        case "id":
            return isinstance(value, str) and re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]{0,39}", value) is not None
        case "ticket":
            return isinstance(value, str) and re.fullmatch(r"[a-z][a-z0-9-]{0,31}", value) is not None
        case "status":
            match value:
                case "open" | "done":
                    return isinstance(value, str)
                case _:
                    return False
        case "hex":
            return isinstance(value, str) and re.fullmatch(r"[0-9a-f]{64}", value) is not None
        case _:
            raise ValueError(f"unknown kind {kind}")


def validate_ticket_proposal(proposal: object) -> dict:
    """Returns a new dict with copied arguments for a valid proposal; raises ValueError otherwise."""
    match proposal:
        case dict() if set(proposal) == {"call_id", "actor", "name", "version", "arguments"}:
            pass
        case _:
            raise ValueError("proposal must be a dict with exactly five fields")
    if not all(_kind_ok("id", proposal[k]) for k in ("call_id", "actor", "name")):
        raise ValueError("bad identifier")
    match proposal["version"]:
        case bool():
            raise ValueError("bool version")
        case int() as v if 0 <= v <= 1000000 and type(v) is int:
            pass
        case _:
            raise ValueError("bad version")
    match proposal["arguments"]:
        case dict() as a if set(a) == {"ticket", "status"} and _kind_ok("ticket", a["ticket"]) and _kind_ok("status", a["status"]):
            arguments = {"ticket": a["ticket"], "status": a["status"]}
        case _:
            raise ValueError("bad arguments")
    return {**proposal, "arguments": arguments}


def proposal_fingerprint(proposal: object) -> str:
    """Returns the SHA-256 hex digest of C(p); raises ValueError for an invalid proposal."""
    data = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("ascii")).hexdigest()


def _refusal(kind: Refusal) -> dict:
    match kind:
        case "forbidden" | "unknown-tool" | "call-id-conflict" | "stale-version":
            return {"status": kind}
        case "approval-required" | "missing-ticket" | "log-full":
            return {"status": kind}
        case _:
            assert_never(kind)


def _check_host(actor, approved, state, completed) -> None:
    if not _kind_ok("id", actor):
        raise ValueError("bad actor")
    match approved:
        case set() if len(approved) <= 64 and all(_kind_ok("hex", a) for a in approved):
            pass
        case _:
            raise ValueError("bad approved")
    match state:
        case dict() if set(state) == {"version", "tickets"}:
            pass
        case _:
            raise ValueError("bad state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("bad state version")
    match state["tickets"]:
        case dict() as t if 1 <= len(t) <= 16 and all(_kind_ok("ticket", k) and _kind_ok("status", v) for k, v in t.items()):
            pass
        case _:
            raise ValueError("bad tickets")
    match completed:
        case dict() if len(completed) <= 64:
            pass
        case _:
            raise ValueError("bad completed")


def dispatch_ticket(proposal, actor, approved, state, completed) -> dict:
    """Returns a status dict; raises ValueError for invalid input; changes state/completed only on success."""
    p = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if p["actor"] != actor:
        return _refusal("forbidden")
    if p["name"] != "set_ticket":
        return _refusal("unknown-tool")
    digest = proposal_fingerprint(p)
    match completed.get(p["call_id"]):
        case None:
            pass
        case row if row["fingerprint"] == digest:
            return {**row["result"], "replayed": True}
        case _:
            return _refusal("call-id-conflict")
    if p["version"] != state["version"]:
        return _refusal("stale-version")
    if digest not in approved:
        return _refusal("approval-required")
    if p["arguments"]["ticket"] not in state["tickets"]:
        return _refusal("missing-ticket")
    if len(completed) >= 64:
        return _refusal("log-full")
    state["tickets"][p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result
