# Style: static methods of one @final policy class exported under the lesson names; __all__, NoReturn, TYPE_CHECKING
"""Ticket policy for lesson 01.02.

The three public functions are static methods of one policy class, exported under the names the lesson asks
for; helpers that always raise are typed NoReturn; the class is marked @final.
"""
from __future__ import annotations

import hashlib
import json
import re
from typing import TYPE_CHECKING, Final, NoReturn, final

if TYPE_CHECKING:
    from collections.abc import MutableMapping

__all__ = ["validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket"]
__version__ = "1.0"
__author__ = "student"

ID_RE: Final = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE: Final = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE: Final = re.compile(r"[0-9a-f]{64}")


def fail(reason: str) -> NoReturn:
    raise ValueError(reason)


@final
class TicketPolicy:
    @staticmethod
    def matches(regex: re.Pattern[str], value: object) -> bool:
        return isinstance(value, str) and regex.fullmatch(value) is not None

    @staticmethod
    def status_ok(value: object) -> bool:
        return isinstance(value, str) and value in ("open", "done")

    @staticmethod
    def validate(proposal: object) -> dict:
        """Returns a new dict with copied arguments; raises ValueError for an invalid proposal."""
        if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
            fail("proposal fields")
        for key in ("call_id", "actor", "name"):
            if not TicketPolicy.matches(ID_RE, proposal[key]):
                fail(key)
        if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
            fail("version")
        args = proposal["arguments"]
        if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
            fail("arguments")
        if not TicketPolicy.matches(TICKET_RE, args["ticket"]) or not TicketPolicy.status_ok(args["status"]):
            fail("ticket/status")
        return {**proposal, "arguments": dict(args)}

    @staticmethod
    def fingerprint(proposal: object) -> str:
        """Returns the SHA-256 hexdigest of C(p); raises ValueError for an invalid proposal."""
        text = json.dumps(TicketPolicy.validate(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()

    @staticmethod
    def check_host(actor: object, approved: object, state: object, completed: object) -> None:
        if not TicketPolicy.matches(ID_RE, actor):
            fail("actor")
        if not isinstance(approved, set) or len(approved) > 64:
            fail("approved")
        if not all(TicketPolicy.matches(HEX_RE, a) for a in approved):
            fail("approval")
        if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
            fail("state")
        if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
            fail("state version")
        tickets = state["tickets"]
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            fail("tickets")
        if not all(TicketPolicy.matches(TICKET_RE, k) and TicketPolicy.status_ok(v) for k, v in tickets.items()):
            fail("ticket entries")
        if not isinstance(completed, dict) or len(completed) > 64:
            fail("completed")

    @staticmethod
    def dispatch(proposal: object, actor: str, approved: set[str], state: MutableMapping, completed: dict) -> dict:
        """Returns a status dict; raises ValueError for invalid input; success alone mutates state/completed."""
        p = TicketPolicy.validate(proposal)
        TicketPolicy.check_host(actor, approved, state, completed)
        if p["actor"] != actor:
            return {"status": "forbidden"}
        if p["name"] != "set_ticket":
            return {"status": "unknown-tool"}
        digest = TicketPolicy.fingerprint(p)
        if p["call_id"] in completed:
            row = completed[p["call_id"]]
            if row["fingerprint"] != digest:
                return {"status": "call-id-conflict"}
            return {**row["result"], "replayed": True}
        if p["version"] != state["version"]:
            return {"status": "stale-version"}
        if digest not in approved:
            return {"status": "approval-required"}
        if p["arguments"]["ticket"] not in state["tickets"]:
            return {"status": "missing-ticket"}
        if len(completed) >= 64:
            return {"status": "log-full"}
        state["tickets"][p["arguments"]["ticket"]] = p["arguments"]["status"]
        state["version"] += 1
        result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
                  "value": p["arguments"]["status"], "replayed": False}
        completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
        return result


validate_ticket_proposal = TicketPolicy.validate
proposal_fingerprint = TicketPolicy.fingerprint
dispatch_ticket = TicketPolicy.dispatch
