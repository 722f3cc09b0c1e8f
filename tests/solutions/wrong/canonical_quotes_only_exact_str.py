# Violates F1 (and so D12) under the reading of A2 it takes: validation accepts any str (isinstance), a StrEnum status
# or a str subclass as an id included, but the hand-written canonical JSON quotes only values whose type is exactly
# str and writes every other value with str(), numbers in mind. Status.DONE becomes done without quotes, so the
# fingerprint is not H(p), and the host's approval H(p) of that proposal is never found.
import hashlib
import json
import re

SCHEMA = {
    "call_id": "id", "actor": "id", "name": "id", "version": "version",
    "arguments": {"ticket": "ticket", "status": "status"},
}


def freeze(value):
    """Nested dicts become sorted tuples of pairs; other values stay."""
    if isinstance(value, dict):
        return tuple(sorted((key, freeze(item)) for key, item in value.items()))
    return value


def thaw(value):
    """The inverse of freeze: tuples of pairs become new dicts."""
    if isinstance(value, tuple):
        return {key: thaw(item) for key, item in value}
    return value


def conforms(value, schema):
    """True when value follows the schema (recursively for nested dicts)."""
    if isinstance(schema, dict):
        return isinstance(value, dict) and value.keys() == schema.keys() and all(
            conforms(value[key], schema[key]) for key in schema)
    if schema == "version":
        return type(value) is int and 0 <= value <= 1000000
    if schema == "status":
        return isinstance(value, str) and value in ("open", "done")
    pattern = {"id": r"[A-Za-z][A-Za-z0-9_-]{0,39}", "ticket": r"[a-z][a-z0-9-]{0,31}"}[schema]
    return isinstance(value, str) and re.fullmatch(pattern, value) is not None


def canon(value):
    """C(p) written by hand: sorted keys, no spaces, strings quoted and escaped, numbers as str() writes them."""
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k) + ":" + canon(value[k]) for k in sorted(value)) + "}"
    if type(value) is str:
        return json.dumps(value, ensure_ascii=True)
    return str(value)


def validate_ticket_proposal(proposal):
    """Returns a fresh dict rebuilt from the valid proposal; raises ValueError if it breaks the schema."""
    if not conforms(proposal, SCHEMA):
        raise ValueError("proposal does not follow the contract")
    return thaw(freeze(proposal))


def proposal_fingerprint(proposal):
    """Returns the SHA-256 hexdigest of the canonical text; raises ValueError for an invalid proposal."""
    return hashlib.sha256(canon(validate_ticket_proposal(proposal)).encode("ascii")).hexdigest()


def dispatch_ticket(proposal, actor, approved, state, completed):
    """Returns a status dict; raises ValueError for invalid input; only success changes state/completed."""
    p = validate_ticket_proposal(proposal)
    if not conforms(actor, "id"):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(
            isinstance(a, str) and re.fullmatch(r"[0-9a-f]{64}", a) for a in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16 or not all(
            conforms(k, "ticket") and conforms(v, "status") for k, v in tickets.items()):
        raise ValueError("tickets")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = thaw(freeze(row["result"]))
        replay["replayed"] = True
        return replay
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    if p["arguments"]["ticket"] not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[p["arguments"]["ticket"]] = p["arguments"]["status"]
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": p["arguments"]["ticket"],
              "value": p["arguments"]["status"], "replayed": False}
    completed[p["call_id"]] = {"fingerprint": digest, "result": thaw(freeze(result))}
    return result
