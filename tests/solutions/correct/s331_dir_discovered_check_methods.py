# Style: a validator class whose checks are discovered with dir(self): every method named check_<field> runs, in
# alphabetical order, fetched with getattr() by that name (the old plugin idiom, no registry to keep up to date).
import copy
import hashlib
import json
import re


class ProposalValidator:
    ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
    TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
    FIELDS = {"call_id", "actor", "name", "version", "arguments"}

    def __init__(self, proposal):
        self.proposal = proposal

    def rules(self):
        return [name for name in dir(self) if name.startswith("check_")]

    def run(self):
        if not isinstance(self.proposal, dict) or set(self.proposal) != self.FIELDS:
            raise ValueError("exact vijf velden vereist")
        for name in self.rules():
            rule = getattr(self, name)
            if not rule():
                raise ValueError(f"{name[6:]} is ongeldig")
        return {**self.proposal, "arguments": dict(self.proposal["arguments"])}

    def _is_id(self, value):
        return isinstance(value, str) and self.ID.fullmatch(value) is not None

    def check_actor(self):
        return self._is_id(self.proposal["actor"])

    def check_arguments(self):
        args = self.proposal["arguments"]
        if not isinstance(args, dict) or set(args) != {"ticket", "status"}:
            return False
        ticket, status = args["ticket"], args["status"]
        return isinstance(ticket, str) and self.TICKET.fullmatch(ticket) is not None \
            and isinstance(status, str) and status in ("open", "done")

    def check_call_id(self):
        return self._is_id(self.proposal["call_id"])

    def check_name(self):
        return self._is_id(self.proposal["name"])

    def check_version(self):
        version = self.proposal["version"]
        return type(version) is int and 0 <= version <= 1000000


def validate_ticket_proposal(proposal):
    return ProposalValidator(proposal).run()


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    text = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


HEX = re.compile(r"[0-9a-f]{64}")


def dispatch_ticket(proposal, actor, approved, state, completed):
    clean = validate_ticket_proposal(proposal)
    if not isinstance(actor, str) or not ProposalValidator.ID.fullmatch(actor):
        raise ValueError("hostactor ongeldig")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved ongeldig")
    for digest in approved:
        if not isinstance(digest, str) or not HEX.fullmatch(digest):
            raise ValueError("approved bevat een ongeldige vingerafdruk")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state ongeldig")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1000001:
        raise ValueError("state-versie ongeldig")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets ongeldig")
    for key, value in tickets.items():
        if not isinstance(key, str) or not ProposalValidator.TICKET.fullmatch(key) or value not in ("open", "done"):
            raise ValueError("ticket in state ongeldig")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed ongeldig")
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    if clean["call_id"] in completed:
        row = completed[clean["call_id"]]
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        replay = copy.deepcopy(row["result"])
        replay["replayed"] = True
        return replay
    if clean["version"] != state["version"]:
        return {"status": "stale-version"}
    if digest not in approved:
        return {"status": "approval-required"}
    ticket, status = clean["arguments"]["ticket"], clean["arguments"]["status"]
    if ticket not in tickets:
        return {"status": "missing-ticket"}
    if len(completed) == 64:
        return {"status": "log-full"}
    tickets[ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[clean["call_id"]] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result
