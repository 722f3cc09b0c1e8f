# Style: custom containers built on collections.abc: a read-only Mapping view of the reviewed proposal, a
# MutableMapping that wraps the caller's completed log and refuses a 65th row, a Sequence of field names and a
# typing.Mapping[...] base; mixin methods (get, items, keys, update) do the rest
import copy
import hashlib
import json
import re
import typing
from collections.abc import Mapping, MutableMapping, Sequence, Set

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX = re.compile(r"[0-9a-f]{64}")


class FieldNames(Sequence):
    def __init__(self, *names):
        self._names = tuple(names)

    def __getitem__(self, index):
        return self._names[index]

    def __len__(self):
        return len(self._names)


PROPOSAL_FIELDS = FieldNames("call_id", "actor", "name", "version", "arguments")
ARGUMENT_FIELDS = FieldNames("ticket", "status")


class Reviewed(typing.Mapping[str, object]):
    """A read-only view of a validated proposal."""

    def __init__(self, data):
        self._data = {key: (dict(value) if isinstance(value, dict) else value) for key, value in data.items()}

    def __getitem__(self, key):
        value = self._data[key]
        return dict(value) if isinstance(value, dict) else value

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def as_dict(self):
        return {key: self[key] for key in self}


class BoundedLog(MutableMapping):
    """The caller's completed dict, seen through a limit of 64 rows."""

    LIMIT = 64

    def __init__(self, rows):
        self._rows = rows

    def __getitem__(self, call_id):
        return self._rows[call_id]

    def __setitem__(self, call_id, row):
        if call_id not in self._rows and len(self._rows) >= self.LIMIT:
            raise OverflowError("log full")
        self._rows[call_id] = row

    def __delitem__(self, call_id):
        del self._rows[call_id]

    def __iter__(self):
        return iter(self._rows)

    def __len__(self):
        return len(self._rows)

    @property
    def full(self):
        return len(self) >= self.LIMIT


def _text(value, pattern):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def _exact_keys(value, names):
    return isinstance(value, dict) and set(value) == set(names) and len(value) == len(names)


def _review(proposal):
    if not _exact_keys(proposal, PROPOSAL_FIELDS):
        raise ValueError("exactly the five proposal fields")
    if not all(_text(proposal[key], ID) for key in PROPOSAL_FIELDS[:3]):
        raise ValueError("call_id, actor and name")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1000000:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if not _exact_keys(arguments, ARGUMENT_FIELDS):
        raise ValueError("arguments")
    if not _text(arguments["ticket"], TICKET):
        raise ValueError("ticket")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("status")
    return Reviewed(proposal)


def validate_ticket_proposal(proposal):
    return _review(proposal).as_dict()


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _text(actor, ID):
        raise ValueError("actor")
    if not isinstance(approved, Set) or isinstance(approved, frozenset) or len(approved) > 64:
        raise ValueError("approved")
    if not all(_text(digest, HEX) for digest in approved):
        raise ValueError("approved digests")
    if not _exact_keys(state, ("version", "tickets")):
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(_text(k, TICKET) and isinstance(v, str) and v in ("open", "done") for k, v in tickets.items()):
        raise ValueError("ticket entries")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    reviewed = _review(proposal)
    _check_host(actor, approved, state, completed)
    log = BoundedLog(completed)
    if reviewed["actor"] != actor:
        return {"status": "forbidden"}
    if reviewed["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(reviewed.as_dict())
    row = log.get(reviewed["call_id"])
    if row is not None:
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**copy.deepcopy(row["result"]), "replayed": True}
    if reviewed["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = reviewed["arguments"]["ticket"], reviewed["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if log.full:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    log.update({reviewed["call_id"]: {"fingerprint": digest, "result": dict(result)}})
    return result
