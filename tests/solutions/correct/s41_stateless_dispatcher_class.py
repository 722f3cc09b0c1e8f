# Style: a per-call dispatcher object (no state kept between calls), a pipeline of step methods, host inputs validated before the proposal
import hashlib
import json
import string

LETTERS = frozenset(string.ascii_letters)
ID_REST = LETTERS | frozenset(string.digits) | frozenset("_-")
LOWER = frozenset(string.ascii_lowercase)
TICKET_REST = LOWER | frozenset(string.digits) | frozenset("-")
HEXLOW = frozenset("0123456789abcdef")
FIELD_NAMES = frozenset(("call_id", "actor", "name", "version", "arguments"))
ARG_NAMES = frozenset(("ticket", "status"))


def _ident(value):
    return (isinstance(value, str) and 1 <= len(value) <= 40 and value[0] in LETTERS
            and all(ch in ID_REST for ch in value))


def _ticket(value):
    return (isinstance(value, str) and 1 <= len(value) <= 32 and value[0] in LOWER
            and all(ch in TICKET_REST for ch in value))


def _status(value):
    return isinstance(value, str) and (value == "open" or value == "done")


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal is not a dict")
    if frozenset(proposal.keys()) != FIELD_NAMES:
        raise ValueError("wrong fields")
    for field in ("call_id", "actor", "name"):
        if not _ident(proposal[field]):
            raise ValueError(field)
    version = proposal["version"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 0 or version > 10**6:
        raise ValueError("version")
    args = proposal["arguments"]
    if not isinstance(args, dict) or frozenset(args.keys()) != ARG_NAMES:
        raise ValueError("arguments")
    if not _ticket(args["ticket"]) or not _status(args["status"]):
        raise ValueError("ticket/status")
    result = {}
    for field in ("call_id", "actor", "name", "version"):
        result[field] = proposal[field]
    result["arguments"] = {"ticket": args["ticket"], "status": args["status"]}
    return result


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    h = hashlib.new("sha256")
    for chunk in json.JSONEncoder(sort_keys=True, ensure_ascii=True, separators=(",", ":")).iterencode(clean):
        h.update(chunk.encode("ascii"))
    return h.hexdigest()


class _Call:
    def __init__(self, proposal, actor, approved, state, completed):
        self.raw = (proposal, actor, approved, state, completed)

    def check_host(self):
        _, actor, approved, state, completed = self.raw
        if not isinstance(completed, dict) or len(completed) > 64:
            raise ValueError("completed")
        if not isinstance(state, dict) or frozenset(state) != frozenset(("version", "tickets")):
            raise ValueError("state")
        v = state["version"]
        if type(v) is not int or not (0 <= v <= 1000001):
            raise ValueError("state version")
        tickets = state["tickets"]
        if not isinstance(tickets, dict) or len(tickets) == 0 or len(tickets) > 16:
            raise ValueError("tickets")
        if not all(_ticket(k) and _status(s) for k, s in tickets.items()):
            raise ValueError("ticket pair")
        if not isinstance(approved, set) or len(approved) > 64:
            raise ValueError("approved")
        for d in approved:
            if not isinstance(d, str) or len(d) != 64 or not frozenset(d) <= HEXLOW:
                raise ValueError("approval")
        if not _ident(actor):
            raise ValueError("actor")

    def run(self):
        self.check_host()
        self.p = validate_ticket_proposal(self.raw[0])
        self.digest = proposal_fingerprint(self.p)
        for step in (self.actor_step, self.tool_step, self.log_step, self.version_step,
                     self.approval_step, self.ticket_step, self.room_step):
            answer = step()
            if answer is not None:
                return answer
        return self.apply()

    def actor_step(self):
        if self.p["actor"] != self.raw[1]:
            return {"status": "forbidden"}

    def tool_step(self):
        if self.p["name"] != "set_ticket":
            return {"status": "unknown-tool"}

    def log_step(self):
        completed = self.raw[4]
        if self.p["call_id"] in completed:
            row = completed[self.p["call_id"]]
            if row["fingerprint"] == self.digest:
                r = row["result"]
                return {"status": r["status"], "version": r["version"], "ticket": r["ticket"],
                        "value": r["value"], "replayed": True}
            return {"status": "call-id-conflict"}

    def version_step(self):
        if self.p["version"] != self.raw[3]["version"]:
            return {"status": "stale-version"}

    def approval_step(self):
        if self.digest not in self.raw[2]:
            return {"status": "approval-required"}

    def ticket_step(self):
        if self.p["arguments"]["ticket"] not in self.raw[3]["tickets"]:
            return {"status": "missing-ticket"}

    def room_step(self):
        if len(self.raw[4]) == 64:
            return {"status": "log-full"}

    def apply(self):
        _, _, _, state, completed = self.raw
        t, s = self.p["arguments"]["ticket"], self.p["arguments"]["status"]
        state["tickets"][t] = s
        state["version"] = state["version"] + 1
        completed[self.p["call_id"]] = {"fingerprint": self.digest,
                                        "result": {"status": "ok", "version": state["version"], "ticket": t,
                                                   "value": s}}
        return {"status": "ok", "version": state["version"], "ticket": t, "value": s, "replayed": False}


def dispatch_ticket(proposal, actor, approved, state, completed):
    return _Call(proposal, actor, approved, state, completed).run()
