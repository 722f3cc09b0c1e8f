"""Context-manager style: the dispatcher changes the host's state inside a Transaction (a class with
__enter__/__exit__ that puts the state back when the change fails) and reports input errors through a
contextlib.contextmanager that turns any lookup error into ValueError."""
import hashlib
import json
import re
from contextlib import contextmanager

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
STATUSES = ("open", "done")
KEYS = {"call_id", "actor", "name", "version", "arguments"}


@contextmanager
def input_shape(what):
    """Any KeyError, TypeError or AttributeError while reading an input is a wrong input shape."""
    try:
        yield
    except (KeyError, TypeError, AttributeError) as error:
        raise ValueError(f"{what}: wrong shape ({type(error).__name__})") from error


class Transaction:
    """Changes to the host's state that are undone when the block fails."""

    def __init__(self, state):
        self.state = state
        self.saved = None

    def __enter__(self):
        self.saved = (self.state["version"], dict(self.state["tickets"]))
        return self.state

    def __exit__(self, kind, error, traceback):
        if kind is not None:
            version, tickets = self.saved
            self.state["version"] = version
            self.state["tickets"].clear()
            self.state["tickets"].update(tickets)
        return False


def _match(pattern, value):
    return type(value) is str and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    with input_shape("proposal"):
        if type(proposal) is not dict or proposal.keys() != KEYS:
            raise ValueError("a proposal has exactly the five fields")
        if not all(_match(ID_RE, proposal[key]) for key in ("call_id", "actor", "name")):
            raise ValueError("call_id, actor and name are short ASCII identifiers")
        version = proposal["version"]
        if type(version) is not int or not 0 <= version <= 1_000_000:
            raise ValueError("version is an int from 0 to 1000000")
        arguments = proposal["arguments"]
        if type(arguments) is not dict or arguments.keys() != {"ticket", "status"}:
            raise ValueError("arguments are ticket and status")
        if not _match(TICKET_RE, arguments["ticket"]):
            raise ValueError("ticket")
        if type(arguments["status"]) is not str or arguments["status"] not in STATUSES:
            raise ValueError("status is open or done")
        copy = dict(proposal)
        copy["arguments"] = dict(arguments)
        return copy


def proposal_fingerprint(proposal):
    checked = validate_ticket_proposal(proposal)
    blob = json.dumps(checked, sort_keys=True, ensure_ascii=True, separators=(",", ":")).encode("ascii")
    return hashlib.sha256(blob).hexdigest()


def _validate_host(actor, approved, state, completed):
    with input_shape("host"):
        if not _match(ID_RE, actor):
            raise ValueError("actor")
        if type(approved) is not set or len(approved) > 64 or not all(_match(HEX_RE, item) for item in approved):
            raise ValueError("approved")
        if type(state) is not dict or state.keys() != {"version", "tickets"}:
            raise ValueError("state")
        version = state["version"]
        if type(version) is not int or not 0 <= version <= 1_000_001:
            raise ValueError("state version")
        tickets = state["tickets"]
        if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
            raise ValueError("tickets")
        for name, status in tickets.items():
            if not _match(TICKET_RE, name) or type(status) is not str or status not in STATUSES:
                raise ValueError("ticket entry")
        if type(completed) is not dict or len(completed) > 64:
            raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    checked = validate_ticket_proposal(proposal)
    _validate_host(actor, approved, state, completed)
    if checked["actor"] != actor:
        return {"status": "forbidden"}
    if checked["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    fingerprint = proposal_fingerprint(checked)
    if checked["call_id"] in completed:
        earlier = completed[checked["call_id"]]
        if earlier["fingerprint"] != fingerprint:
            return {"status": "call-id-conflict"}
        return {**earlier["result"], "replayed": True}
    if checked["version"] != state["version"]:
        return {"status": "stale-version"}
    if fingerprint not in approved:
        return {"status": "approval-required"}
    ticket, status = checked["arguments"]["ticket"], checked["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    with Transaction(state) as live:
        live["tickets"][ticket] = status
        live["version"] += 1
        result = {"status": "ok", "version": live["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[checked["call_id"]] = {"fingerprint": fingerprint, "result": dict(result)}
    return result
