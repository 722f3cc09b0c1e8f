# Style: a security-minded student: unicodedata.normalize refuses look-alike characters before the regex,
# a dict subclass with __missing__ for lookups that may fail, a singleton policy object made in __new__
import copy
import hashlib
import json
import re
import unicodedata

ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST_PATTERN = re.compile(r"[0-9a-f]{64}")


class Refusals(dict):
    """Status name -> refusal dict; an unknown name is a programming error."""

    def __missing__(self, key):
        raise KeyError(f"no refusal called {key!r}")

    def result(self, key):
        return dict(self[key])


REFUSALS = Refusals({name: {"status": name} for name in (
    "forbidden", "unknown-tool", "call-id-conflict", "stale-version",
    "approval-required", "missing-ticket", "log-full")})


class Policy:
    """One shared policy object (a singleton): the limits of the lesson."""

    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            cls._instance.max_rows = 64
            cls._instance.max_approvals = 64
            cls._instance.max_tickets = 16
            cls._instance.max_version = 1000000
        return cls._instance


POLICY = Policy()
assert Policy() is POLICY


def plain_text(value, pattern):
    """True when value is a str in NFKC form that the pattern matches entirely."""
    if not isinstance(value, str):
        return False
    if unicodedata.normalize("NFKC", value) != value or not value.isascii():
        return False
    return pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("exact fields")
    for field in ("call_id", "actor", "name"):
        if not plain_text(proposal[field], ID_PATTERN):
            raise ValueError(field)
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= POLICY.max_version:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"status", "ticket"}:
        raise ValueError("arguments")
    if not plain_text(arguments["ticket"], TICKET_PATTERN):
        raise ValueError("ticket")
    if arguments["status"] not in ("open", "done") or not isinstance(arguments["status"], str):
        raise ValueError("status")
    clean = dict(proposal)
    clean["arguments"] = copy.deepcopy(arguments)
    return clean


def proposal_fingerprint(proposal):
    canonical = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    if not plain_text(actor, ID_PATTERN):
        raise ValueError("actor")
    if type(approved) is not set or len(approved) > POLICY.max_approvals:
        raise ValueError("approved")
    for digest in approved:
        if not plain_text(digest, DIGEST_PATTERN):
            raise ValueError("digest")
    if type(state) is not dict or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= POLICY.max_version + 1:
        raise ValueError("state version")
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= POLICY.max_tickets:
        raise ValueError("tickets")
    for name, status in tickets.items():
        if not plain_text(name, TICKET_PATTERN) or status not in ("open", "done") or type(status) is not str:
            raise ValueError("ticket")
    if type(completed) is not dict or len(completed) > POLICY.max_rows:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return REFUSALS.result("forbidden")
    if clean["name"] != "set_ticket":
        return REFUSALS.result("unknown-tool")
    digest = proposal_fingerprint(clean)
    row = completed.get(clean["call_id"])
    if row is not None:
        if row["fingerprint"] != digest:
            return REFUSALS.result("call-id-conflict")
        replay = copy.deepcopy(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return REFUSALS.result("stale-version")
    if digest not in approved:
        return REFUSALS.result("approval-required")
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return REFUSALS.result("missing-ticket")
    if len(completed) >= POLICY.max_rows:
        return REFUSALS.result("log-full")
    state["tickets"][ticket] = clean["arguments"]["status"]
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": clean["arguments"]["status"], "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
