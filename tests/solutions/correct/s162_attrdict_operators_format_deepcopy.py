# Style: an attribute-style dict (__getattr__), a Version value type with operators (__add__, __radd__),
# a fingerprint class with __format__, records with their own __deepcopy__/__copy__ and reversed() of a log view
import copy
import hashlib
import json
import re

ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX = re.compile(r"[0-9a-f]{64}")


class AttrDict(dict):
    """A dict whose keys can also be read as attributes: d.ticket is d['ticket']."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class Version:
    """A version number; adding an int gives the next Version."""

    __slots__ = ("number",)

    def __init__(self, number):
        self.number = number

    def __add__(self, other):
        if isinstance(other, int) and not isinstance(other, bool):
            return Version(self.number + other)
        return NotImplemented

    __radd__ = __add__

    def __eq__(self, other):
        return isinstance(other, Version) and self.number == other.number

    def __hash__(self):
        return hash(self.number)


class Fingerprint:
    def __init__(self, hexdigest):
        self.hexdigest = hexdigest

    def __format__(self, spec):
        text = self.hexdigest if spec != "short" else self.hexdigest[:12]
        return text

    def __str__(self):
        return self.hexdigest


class Row:
    def __init__(self, fingerprint, result):
        self.fingerprint = fingerprint
        self.result = result

    def __copy__(self):
        return Row(self.fingerprint, self.result)

    def __deepcopy__(self, memo):
        return Row(self.fingerprint, dict(self.result))


class History:
    """The call ids of successful calls, newest last; reversed() gives the newest first."""

    def __init__(self):
        self.ids = []

    def __reversed__(self):
        return reversed(self.ids)


HISTORY = History()


def _is(value, pattern):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("five fields")
    p = AttrDict(proposal)
    if not (_is(p.call_id, ID) and _is(p.actor, ID) and _is(p.name, ID)):
        raise ValueError("identifiers")
    if type(p.version) is not int or not 0 <= p.version <= 1000000:
        raise ValueError("version")
    if not isinstance(p.arguments, dict) or set(p.arguments) != {"ticket", "status"}:
        raise ValueError("arguments")
    args = AttrDict(p.arguments)
    if not _is(args.ticket, TICKET) or not isinstance(args.status, str) or args.status not in ("open", "done"):
        raise ValueError("ticket or status")
    return {"call_id": p.call_id, "actor": p.actor, "name": p.name, "version": p.version,
            "arguments": {"ticket": args.ticket, "status": args.status}}


def proposal_fingerprint(proposal):
    text = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return f"{Fingerprint(hashlib.sha256(text.encode('ascii')).hexdigest())}"


def _host(actor, approved, state, completed):
    if not _is(actor, ID):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_is(h, HEX) for h in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    for name, status in tickets.items():
        if not _is(name, TICKET) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError("ticket")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = AttrDict(validate_ticket_proposal(proposal))
    _host(actor, approved, state, completed)
    if p.actor != actor:
        return {"status": "forbidden"}
    if p.name != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p.call_id in completed:
        row = completed[p.call_id]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = copy.deepcopy(row["result"])
        replay["replayed"] = True
        return replay
    if Version(p.version) != Version(state["version"]):
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = p.arguments["ticket"], p.arguments["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] = (Version(state["version"]) + 1).number
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    row = copy.deepcopy(Row(digest, result))
    completed[p.call_id] = {"fingerprint": row.fingerprint, "result": row.result}
    HISTORY.ids.append(p.call_id)
    del HISTORY.ids[:-64]
    return result


if __name__ == "__main__":
    print(list(reversed(HISTORY)))
