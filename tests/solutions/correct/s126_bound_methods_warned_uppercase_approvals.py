"""One engine object whose methods are the three functions (validate_ticket_proposal = _ENGINE.validate, bound
methods of a module-level instance), reading A4 liberally: approvals in upper or mixed case are accepted with a
warnings.warn() and matched case-insensitively, while the row keeps the proposal's own lowercase fingerprint."""
import hashlib
import warnings
import json
import re


class TicketEngine:
    ID = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
    TICKET = re.compile(r"[a-z][a-z0-9-]{0,31}")
    DIGEST = re.compile(r"[0-9a-fA-F]{64}")
    FIELDS = frozenset({"call_id", "actor", "name", "version", "arguments"})
    STATUSES = ("open", "done")
    MAX_ROWS = 64

    canonical = staticmethod(lambda p: json.dumps(p, sort_keys=True, ensure_ascii=True, separators=(",", ":")))

    def _text(self, value, pattern):
        return isinstance(value, str) and pattern.fullmatch(value) is not None

    def _status(self, value):
        return isinstance(value, str) and value in self.STATUSES

    def validate(self, proposal):
        if not isinstance(proposal, dict) or set(proposal) != self.FIELDS:
            raise ValueError("proposal must be a dict with exactly the five fields")
        if not all(self._text(proposal[k], self.ID) for k in ("call_id", "actor", "name")):
            raise ValueError("call_id, actor and name must be valid ids")
        version = proposal["version"]
        if type(version) is not int or not 0 <= version <= 1_000_000:
            raise ValueError("version must be a plain int in 0..1000000")
        arguments = proposal["arguments"]
        if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
            raise ValueError("arguments must hold exactly ticket and status")
        if not self._text(arguments["ticket"], self.TICKET) or not self._status(arguments["status"]):
            raise ValueError("invalid ticket or status")
        return {**proposal, "arguments": dict(arguments)}

    def fingerprint(self, proposal):
        return hashlib.sha256(self.canonical(self.validate(proposal)).encode("ascii")).hexdigest()

    def check_host(self, actor, approved, state, completed):
        if not self._text(actor, self.ID):
            raise ValueError("invalid host actor")
        if not isinstance(approved, set) or len(approved) > 64:
            raise ValueError("approved must be a set of at most 64 digests")
        if not all(self._text(a, self.DIGEST) for a in approved):
            raise ValueError("invalid approval")
        if any(a != a.lower() for a in approved):
            warnings.warn("approvals in upper case are compared without regard to case", UserWarning, stacklevel=3)
        if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
            raise ValueError("invalid state")
        if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
            raise ValueError("invalid state version")
        tickets = state["tickets"]
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            raise ValueError("invalid tickets")
        if not all(self._text(k, self.TICKET) and self._status(v) for k, v in tickets.items()):
            raise ValueError("invalid ticket entry")
        if not isinstance(completed, dict) or len(completed) > self.MAX_ROWS:
            raise ValueError("invalid completed log")

    def dispatch(self, proposal, actor, approved, state, completed):
        self.check_host(actor, approved, state, completed)
        p = self.validate(proposal)
        if p["actor"] != actor:
            return {"status": "forbidden"}
        if p["name"] != "set_ticket":
            return {"status": "unknown-tool"}
        digest = self.fingerprint(p)
        if p["call_id"] in completed:
            row = completed[p["call_id"]]
            if row["fingerprint"] != digest:
                return {"status": "call-id-conflict"}
            return dict(row["result"], replayed=True)
        if p["version"] != state["version"]:
            return {"status": "stale-version"}
        if digest not in {a.lower() for a in approved}:
            return {"status": "approval-required"}
        ticket, status = p["arguments"]["ticket"], p["arguments"]["status"]
        if ticket not in state["tickets"]:
            return {"status": "missing-ticket"}
        if len(completed) >= self.MAX_ROWS:
            return {"status": "log-full"}
        state["tickets"][ticket] = status
        state["version"] += 1
        result = dict(status="ok", version=state["version"], ticket=ticket, value=status, replayed=False)
        completed[p["call_id"]] = dict(fingerprint=digest, result=dict(result))
        return result


_ENGINE = TicketEngine()
validate_ticket_proposal = _ENGINE.validate
proposal_fingerprint = _ENGINE.fingerprint
dispatch_ticket = _ENGINE.dispatch
