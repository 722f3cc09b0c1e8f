# Style: a script with a main() reading argparse options, run through sys.exit(main()) under the main guard
import argparse
import hashlib
import json
import re
import sys

IDENTIFIER = re.compile("[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_ID = re.compile("[a-z][a-z0-9-]{0,31}")
SHA_HEX = re.compile("[0-9a-f]{64}")
STATUSES = ("open", "done")
LOG_LIMIT = 64


def _is(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    """Validate a proposal. Returns a new dict (arguments copied). Raises ValueError when invalid."""
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal shape")
    if not all(_is(IDENTIFIER, proposal[k]) for k in ("call_id", "actor", "name")):
        raise ValueError("identifier")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
        raise ValueError("version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
        raise ValueError("arguments shape")
    if not _is(TICKET_ID, args["ticket"]) or not isinstance(args["status"], str) or args["status"] not in STATUSES:
        raise ValueError("ticket/status")
    return {**proposal, "arguments": {**args}}


def proposal_fingerprint(proposal):
    """Returns the 64-hex SHA-256 of C(p). Raises ValueError when p is invalid."""
    payload = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(payload.encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict. Raises ValueError for invalid input. Changes state/completed only on ok."""
    p = validate_ticket_proposal(proposal)
    if not _is(IDENTIFIER, actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_is(SHA_HEX, a) for a in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(_is(TICKET_ID, k) and isinstance(v, str) and v in STATUSES for k, v in tickets.items()):
        raise ValueError("ticket pairs")
    if not isinstance(completed, dict) or len(completed) > LOG_LIMIT:
        raise ValueError("completed")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        entry = completed[p["call_id"]]
        if entry["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**entry["result"], "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= LOG_LIMIT:
        return {"status": "log-full"}
    tickets[p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result


def main(argv=None):
    parser = argparse.ArgumentParser(description="Try the ticket dispatcher on the lesson example.")
    parser.add_argument("--status", default="done", choices=STATUSES)
    options = parser.parse_args(argv)
    p = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0,
         "arguments": {"ticket": "lamp", "status": options.status}}
    state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
    log = {}
    print(dispatch_ticket(p, "learner", {proposal_fingerprint(p)}, state, log), file=sys.stderr)
    print(state)
    return 0


if __name__ == "__main__":
    sys.exit(main())
