# Style: a student who double-checks the canonical text: it is decoded again with a json.JSONDecoder whose
# object_pairs_hook refuses duplicate keys (a subclass of their own), and must give back the validated proposal.
import hashlib
import json
import re


class StrictDecoder(json.JSONDecoder):
    """A decoder that refuses an object with the same key twice."""

    def __init__(self):
        super().__init__(object_pairs_hook=self.unique)

    @staticmethod
    def unique(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(pairs)


DECODER = StrictDecoder()
PLAIN = json.JSONDecoder()
ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}\Z")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}\Z")
HEX_RE = re.compile(r"[0-9a-f]{64}\Z")


def _match(regex, value):
    return type(value) is str and value.isascii() and regex.match(value) is not None


def validate_ticket_proposal(proposal):
    if type(proposal) is not dict:
        raise ValueError("not a dict")
    if set(proposal.keys()) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("fields")
    if not (_match(ID_RE, proposal["call_id"]) and _match(ID_RE, proposal["actor"])
            and _match(ID_RE, proposal["name"])):
        raise ValueError("ids")
    version = proposal["version"]
    if type(version) is not int or version < 0 or version > 1000000:
        raise ValueError("version")
    arguments = proposal["arguments"]
    if type(arguments) is not dict or set(arguments.keys()) != {"ticket", "status"}:
        raise ValueError("arguments")
    if not _match(TICKET_RE, arguments["ticket"]):
        raise ValueError("ticket")
    if arguments["status"] != "open" and arguments["status"] != "done" or type(arguments["status"]) is not str:
        raise ValueError("status")
    return {**proposal, "arguments": {**arguments}}


def _canonical(proposal):
    return json.dumps(proposal, sort_keys=True, ensure_ascii=True, separators=(",", ":"))


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = _canonical(clean)
    decoded, end = PLAIN.raw_decode(text)
    if DECODER.decode(text) != clean or decoded != clean or end != len(text):
        raise ValueError("canonical text does not round-trip")
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _match(ID_RE, actor):
        raise ValueError("actor")
    if type(approved) is not set or len(approved) > 64 or not all(_match(HEX_RE, item) for item in approved):
        raise ValueError("approved")
    if type(state) is not dict or set(state.keys()) != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if type(tickets) is not dict or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(_match(TICKET_RE, key) and type(value) is str and value in ("open", "done")
               for key, value in tickets.items()):
        raise ValueError("ticket entries")
    if type(completed) is not dict or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    _check_host(actor, approved, state, completed)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    stored = completed.get(clean["call_id"])
    if stored is not None:
        if stored["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        again = dict(stored["result"])
        again["replayed"] = True
        return again
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket = clean["arguments"]["ticket"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = clean["arguments"]["status"]
    state["version"] = state["version"] + 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket,
              "value": clean["arguments"]["status"], "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": dict(result)}
    return result


try:
    DECODER.decode('{"a": 1, "a": 2}')
except ValueError as error:
    print("strict decoder:", error)
