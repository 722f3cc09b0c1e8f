# Style: the dispatcher is made by a factory closure with nonlocal counters; the three names are bound at module level
import hashlib
import json
import re


def _make_checkers():
    patterns = {"id": re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}"), "ticket": re.compile(r"[a-z][a-z0-9-]{0,31}"),
                "hex": re.compile(r"[0-9a-f]{64}")}

    def check(kind):
        def checker(value):
            return isinstance(value, str) and patterns[kind].fullmatch(value) is not None
        return checker

    return check("id"), check("ticket"), check("hex")


is_id, is_ticket, is_hex = _make_checkers()


def is_status(value):
    return isinstance(value, str) and value in ("open", "done")


def _make_validator():
    calls = 0

    def validate(proposal):
        nonlocal calls
        calls += 1
        if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
            raise ValueError(f"call {calls}: proposal fields")
        if not (is_id(proposal["call_id"]) and is_id(proposal["actor"]) and is_id(proposal["name"])):
            raise ValueError(f"call {calls}: identifiers")
        if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1000000:
            raise ValueError(f"call {calls}: version")
        args = proposal["arguments"]
        if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
            raise ValueError(f"call {calls}: arguments")
        if not is_ticket(args["ticket"]) or not is_status(args["status"]):
            raise ValueError(f"call {calls}: ticket/status")
        return {**proposal, "arguments": dict(args)}

    return validate


validate_ticket_proposal = _make_validator()
validate_ticket_proposal.__doc__ = "Returns a new dict with copied arguments; raises ValueError if invalid."


def proposal_fingerprint(proposal):
    """Returns the hex SHA-256 of the canonical JSON of the proposal; raises ValueError if invalid."""
    encoded = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(encoded.encode("ascii")).hexdigest()


def _make_dispatcher(tool_name, log_limit):
    successes = 0

    def dispatch(proposal, actor, approved, state, completed):
        nonlocal successes
        p = validate_ticket_proposal(proposal)
        if not is_id(actor):
            raise ValueError("actor")
        if not isinstance(approved, set) or len(approved) > 64 or not all(is_hex(a) for a in approved):
            raise ValueError("approved")
        if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
            raise ValueError("state")
        if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
            raise ValueError("state version")
        tickets = state["tickets"]
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            raise ValueError("tickets")
        if not all(is_ticket(t) and is_status(s) for t, s in tickets.items()):
            raise ValueError("ticket entries")
        if not isinstance(completed, dict) or len(completed) > log_limit:
            raise ValueError("completed")
        if p["actor"] != actor:
            return {"status": "forbidden"}
        if p["name"] != tool_name:
            return {"status": "unknown-tool"}
        fingerprint = proposal_fingerprint(p)
        if p["call_id"] in completed:
            row = completed[p["call_id"]]
            if row["fingerprint"] != fingerprint:
                return {"status": "call-id-conflict"}
            return {**row["result"], "replayed": True}
        if p["version"] != state["version"]:
            return {"status": "stale-version"}
        if fingerprint not in approved:
            return {"status": "approval-required"}
        if p["arguments"]["ticket"] not in tickets:
            return {"status": "missing-ticket"}
        if len(completed) >= log_limit:
            return {"status": "log-full"}
        tickets[p["arguments"]["ticket"]] = p["arguments"]["status"]
        state["version"] += 1
        successes += 1
        result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
                  "value": p["arguments"]["status"], "replayed": False}
        completed[p["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
        return result

    return dispatch


dispatch_ticket = _make_dispatcher("set_ticket", 64)
