#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Opdracht 01.02 - Bind toestemming aan de exacte handeling.

Naam: Jan de Vries
Studentnummer: 123456
"""

__author__ = "Jan de Vries"
__copyright__ = "Copyright 2024, Hogeschool"
__credits__ = ["Jan de Vries"]
__license__ = "MIT"
__version__ = "1.0.1"
__maintainer__ = "Jan de Vries"
__email__ = "jan@student.example.nl"
__status__ = "Production"
__date__ = "2024-09-12"

import copy
import hashlib
import json
import logging
import re
import time
from datetime import UTC, datetime

logger: logging.Logger = logging.getLogger(__name__)

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")


def _is_id(value):
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal moet een dict zijn")
    if set(proposal.keys()) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("verkeerde velden")
    for key in ("call_id", "actor", "name"):
        if not _is_id(proposal[key]):
            raise ValueError(f"ongeldig {key}")
    version = proposal["version"]
    if type(version) is not int or version < 0 or version > 1_000_000:
        raise ValueError("ongeldige versie")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        raise ValueError("ongeldige arguments")
    if not isinstance(args["ticket"], str) or not TICKET_RE.fullmatch(args["ticket"]):
        raise ValueError("ongeldig ticket")
    if args["status"] not in ("open", "done"):
        raise ValueError("ongeldige status")
    logger.debug("voorstel %s geldig", proposal["call_id"])
    result = dict(proposal)
    result["arguments"] = dict(args)
    return result


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canon = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canon.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    if not _is_id(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved")
    for a in approved:
        if not isinstance(a, str) or not HEX_RE.fullmatch(a):
            raise ValueError("approved item")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for t, s in tickets.items():
        if not isinstance(t, str) or not TICKET_RE.fullmatch(t) or s not in ("open", "done"):
            raise ValueError("ticket in state")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")

    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fp = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != fp:
            return {"status": "call-id-conflict"}
        replay = copy.deepcopy(row["result"])
        replay["replayed"] = True
        return replay
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if fp not in approved:
        return {"status": "approval-required"}
    ticket = p["arguments"]["ticket"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = p["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {
        "fingerprint": fp,
        "result": dict(result),
        "at": datetime.now(UTC).isoformat(),
        "local": time.strftime("%Y-%m-%d %H:%M:%S", time.localtime()),
    }
    logger.info("uitgevoerd: %s", p["call_id"])
    return result


if __name__ == "__main__":
    p = {"call_id": "c1", "actor": "anna", "name": "set_ticket", "version": 0,
         "arguments": {"ticket": "lamp", "status": "done"}}
    print(proposal_fingerprint(p))
