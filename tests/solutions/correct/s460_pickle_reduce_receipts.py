"""Each successful call leaves a Receipt in an archive of the dispatcher's own: a class with __reduce__ so that
pickle.loads(pickle.dumps(receipt)) makes an independent copy (the textbook way to make an object picklable), and
whose row for `completed` is built from receipt.__reduce__() itself."""
import hashlib
import json
import pickle
import re


def rebuild_receipt(call_id, fingerprint, result):
    return Receipt(call_id, fingerprint, result)


class Receipt:
    def __init__(self, call_id, fingerprint, result):
        self.call_id = call_id
        self.fingerprint = fingerprint
        self.result = dict(result)

    def __reduce__(self):
        return (Receipt, (self.call_id, self.fingerprint, dict(self.result)))

    def as_row(self):
        _, (call_id, fingerprint, result) = self.__reduce__()
        return {"fingerprint": fingerprint, "result": result}


class Tag:
    def __init__(self, name):
        self.name = name

    def __reduce__(self):
        return (rebuild_tag, (self.name,))


def rebuild_tag(name):
    return Tag(name.lower())


ARCHIVE = {}
_sample = Receipt("c0", "0" * 64, {"status": "ok", "version": 1})
_pair = pickle.loads(pickle.dumps([_sample, _sample, Tag("X")], protocol=pickle.HIGHEST_PROTOCOL))
assert type(_pair[0]) is Receipt and _pair[0] is _pair[1] and _pair[0] is not _sample
assert _pair[0].result == _sample.result and _pair[0].result is not _sample.result and _pair[2].name == "x"
assert _sample.__reduce__() == (Receipt, ("c0", "0" * 64, {"status": "ok", "version": 1}))

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
FIELDS = {"call_id", "actor", "name", "version", "arguments"}


def is_id(value):
    return isinstance(value, str) and ID_RE.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or set(proposal) != FIELDS:
        raise ValueError("proposal must have exactly five fields")
    for key in ("call_id", "actor", "name"):
        if not is_id(proposal[key]):
            raise ValueError(f"invalid {key}")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("invalid version")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("invalid arguments")
    ticket, status = arguments["ticket"], arguments["status"]
    if type(ticket) is not str or TICKET_RE.fullmatch(ticket) is None:
        raise ValueError("invalid ticket")
    if type(status) is not str or status not in ("open", "done"):  # exact str: a Receipt pickles plain values
        raise ValueError("invalid status")
    return {"call_id": proposal["call_id"], "actor": proposal["actor"], "name": proposal["name"],
            "version": version, "arguments": {"ticket": ticket, "status": status}}


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def check_host(actor, approved, state, completed):
    if not is_id(actor):
        raise ValueError("invalid actor")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("invalid approvals")
    for digest in approved:
        if not isinstance(digest, str) or HEX_RE.fullmatch(digest) is None:
            raise ValueError("invalid approval")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("invalid state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("invalid state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("invalid tickets")
    for key, value in tickets.items():
        if not isinstance(key, str) or TICKET_RE.fullmatch(key) is None or not isinstance(value, str) \
                or value not in ("open", "done"):
            raise ValueError("invalid ticket entry")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("invalid log")


def dispatch_ticket(proposal, actor, approved, state, completed):
    p = validate_ticket_proposal(proposal)
    check_host(actor, approved, state, completed)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    receipt = Receipt(p["call_id"], digest, result)
    ARCHIVE[p["call_id"]] = pickle.loads(pickle.dumps(receipt))
    completed[p["call_id"]] = receipt.as_row()
    return result
