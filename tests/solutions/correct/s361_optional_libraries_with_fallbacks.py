# Style: a student who tries faster or nicer libraries first and falls back on the standard ones, as snippets online
# do: try: import orjson / except ModuleNotFoundError, try: import regex / except ImportError, and a warning
# category of their own choosing (FutureWarning) for a deprecated helper that is still kept.
import hashlib
import warnings

try:
    import regex as re
except ImportError:
    import re

try:
    import orjson  # noqa: F401 (only when it is installed)
    HAVE_ORJSON = True
except ModuleNotFoundError:
    import json
    HAVE_ORJSON = False

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
SHA = re.compile(r"[0-9a-f]{64}")
FIELDS = frozenset(("call_id", "actor", "name", "version", "arguments"))


def canonical(value):
    """The lesson's canonical JSON text (orjson cannot sort keys with these separators, so json it is)."""
    return json.dumps(value, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def is_valid_id(value):
    """Kept for older code: use matches(ID, value)."""
    warnings.warn("is_valid_id() is deprecated; use matches(ID, value)", FutureWarning, stacklevel=2)
    return matches(ID, value)


def matches(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or proposal.keys() != FIELDS:
        raise ValueError("proposal: exactly call_id, actor, name, version, arguments")
    if not all(matches(ID, proposal[field]) for field in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor and name are ASCII ids")
    version = proposal["version"]
    if isinstance(version, bool) or not isinstance(version, int) or not 0 <= version <= 1000000:
        raise ValueError("version is a plain int 0..1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or arguments.keys() != {"ticket", "status"}:
        raise ValueError("arguments: exactly ticket and status")
    if not matches(TICKET, arguments["ticket"]):
        raise ValueError("ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in {"open", "done"}:
        raise ValueError("status is open or done")
    clean = dict(proposal)
    clean["arguments"] = dict(arguments)
    return clean


def proposal_fingerprint(proposal):
    return hashlib.sha256(canonical(validate_ticket_proposal(proposal)).encode("ascii")).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not matches(ID, actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(matches(SHA, item) for item in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(matches(TICKET, key) and isinstance(value, str) and value in {"open", "done"}
               for key, value in tickets.items()):
        raise ValueError("ticket entries")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _validate_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        replay = dict(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
    return result
