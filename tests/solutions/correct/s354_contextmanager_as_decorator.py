# Style: a student who writes one @contextmanager that turns a stray TypeError or KeyError into a ValueError and
# uses it as a decorator on each public function (@invalid_input_as_value_error()), as contextlib allows.
import hashlib
import json
import re
from contextlib import contextmanager

ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST_PATTERN = re.compile(r"[0-9a-f]{64}")


@contextmanager
def invalid_input_as_value_error():
    try:
        yield
    except (TypeError, KeyError, AttributeError) as error:
        raise ValueError(f"invalid input: {error!r}") from error


def _require(condition, message):
    if not condition:
        raise ValueError(message)


def _is_id(value, pattern=ID_PATTERN):
    return isinstance(value, str) and value.isascii() and pattern.fullmatch(value) is not None


@invalid_input_as_value_error()
def validate_ticket_proposal(proposal):
    _require(isinstance(proposal, dict), "proposal must be a dict")
    _require(proposal.keys() == {"call_id", "actor", "name", "version", "arguments"}, "wrong proposal keys")
    _require(all(_is_id(proposal[key]) for key in ("call_id", "actor", "name")), "bad id")
    version = proposal["version"]
    _require(type(version) is int and 0 <= version <= 1_000_000, "bad version")
    arguments = proposal["arguments"]
    _require(isinstance(arguments, dict) and arguments.keys() == {"ticket", "status"}, "wrong argument keys")
    _require(_is_id(arguments["ticket"], TICKET_PATTERN), "bad ticket")
    _require(arguments["status"] in {"open", "done"} and isinstance(arguments["status"], str), "bad status")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": arguments["ticket"], "status": arguments["status"]}}


@invalid_input_as_value_error()
def proposal_fingerprint(proposal):
    payload = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True,
                         separators=(",", ":"))
    return hashlib.sha256(payload.encode("ascii")).hexdigest()


@invalid_input_as_value_error()
def dispatch_ticket(proposal, actor, approved, state, completed):
    proposal = validate_ticket_proposal(proposal)
    _require(_is_id(actor), "bad host actor")
    _require(isinstance(approved, set) and len(approved) <= 64, "approved must be a small set")
    _require(all(_is_id(item, DIGEST_PATTERN) for item in approved), "approved holds hex digests")
    _require(isinstance(state, dict) and state.keys() == {"version", "tickets"}, "bad state")
    _require(type(state["version"]) is int and 0 <= state["version"] <= 1_000_001, "bad state version")
    tickets = state["tickets"]
    _require(isinstance(tickets, dict) and 1 <= len(tickets) <= 16, "bad tickets")
    _require(all(_is_id(key, TICKET_PATTERN) and value in ("open", "done") and isinstance(value, str)
                 for key, value in tickets.items()), "bad ticket entry")
    _require(isinstance(completed, dict) and len(completed) <= 64, "bad completed log")

    if proposal["actor"] != actor:
        return {"status": "forbidden"}
    if proposal["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(proposal)
    call_id = proposal["call_id"]
    if call_id in completed:
        if completed[call_id]["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        return dict(completed[call_id]["result"], replayed=True)
    if proposal["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, status = proposal["arguments"]["ticket"], proposal["arguments"]["status"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    tickets[ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[call_id] = {"fingerprint": fingerprint, "result": dict(result)}
    return result


try:
    validate_ticket_proposal({"call_id": "c1", "actor": "a", "name": "n", "version": 0,
                              "arguments": {"ticket": "lamp", "status": ["open"]}})
except ValueError as error:
    print("refused:", error)
