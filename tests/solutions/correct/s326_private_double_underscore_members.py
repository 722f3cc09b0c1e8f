# Style: object-oriented with "private" members the Java way: double-underscore class constants (__MAX_ROWS),
# attributes (self.__pattern) and helper methods (def __check_host), mangled by Python to _Class__name; slots
# named privately too; the three lesson functions delegate to module-level instances.
import hashlib
import json
import re


class Rule:
    """A named regular-expression rule for one kind of identifier."""

    __slots__ = ("__name", "__pattern")

    def __init__(self, name, pattern):
        self.__name = name
        self.__pattern = re.compile(pattern)

    def holds(self, value):
        return isinstance(value, str) and self.__pattern.fullmatch(value) is not None

    def require(self, value):
        if not self.holds(value):
            raise ValueError(f"{self.__name} is not valid: {value!r}")
        return value


class ProposalValidator:
    __FIELDS = frozenset({"call_id", "actor", "name", "version", "arguments"})
    __ID = Rule("id", r"[A-Za-z][A-Za-z0-9_-]{0,39}")
    __TICKET = Rule("ticket", r"[a-z][a-z0-9-]{0,31}")
    __MAX_VERSION = 1_000_000

    def validate(self, proposal):
        if not isinstance(proposal, dict) or set(proposal) != self.__FIELDS:
            raise ValueError("a proposal is a dict with exactly the five fields")
        for key in ("call_id", "actor", "name"):
            self.__ID.require(proposal[key])
        self.__check_version(proposal["version"])
        arguments = self.__check_arguments(proposal["arguments"])
        return {**proposal, "arguments": arguments}

    def __check_version(self, version):
        if type(version) is not int or not 0 <= version <= self.__MAX_VERSION:
            raise ValueError("version must be a plain int from 0 to 1000000")

    def __check_arguments(self, arguments):
        if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
            raise ValueError("arguments must hold exactly ticket and status")
        self.__TICKET.require(arguments["ticket"])
        if not self.is_status(arguments["status"]):
            raise ValueError("status must be open or done")
        return dict(arguments)

    @staticmethod
    def is_status(value):
        return isinstance(value, str) and value in ("open", "done")

    @classmethod
    def ticket_rule(cls):
        return cls.__TICKET

    @classmethod
    def id_rule(cls):
        return cls.__ID

    def fingerprint(self, proposal):
        text = json.dumps(self.validate(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("ascii")).hexdigest()


class Dispatcher:
    __MAX_ROWS = 64
    __MAX_APPROVALS = 64
    __DIGEST = Rule("approval", r"[0-9a-f]{64}")

    def __init__(self, validator):
        self.__validator = validator

    def __check_host(self, actor, approved, state, completed):
        ProposalValidator.id_rule().require(actor)
        if not isinstance(approved, set) or len(approved) > self.__MAX_APPROVALS:
            raise ValueError("approved must be a set of at most 64 digests")
        for digest in approved:
            self.__DIGEST.require(digest)
        if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
            raise ValueError("state must hold exactly version and tickets")
        if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
            raise ValueError("state version out of range")
        tickets = state["tickets"]
        if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
            raise ValueError("state must hold 1 to 16 tickets")
        for ticket, status in tickets.items():
            ProposalValidator.ticket_rule().require(ticket)
            if not ProposalValidator.is_status(status):
                raise ValueError("a ticket status must be open or done")
        if not isinstance(completed, dict) or len(completed) > self.__MAX_ROWS:
            raise ValueError("completed must be a dict of at most 64 rows")

    def dispatch(self, proposal, actor, approved, state, completed):
        clean = self.__validator.validate(proposal)
        self.__check_host(actor, approved, state, completed)
        if clean["actor"] != actor:
            return {"status": "forbidden"}
        if clean["name"] != "set_ticket":
            return {"status": "unknown-tool"}
        digest = self.__validator.fingerprint(clean)
        call_id = clean["call_id"]
        if call_id in completed:
            return self.__replay(completed[call_id], digest)
        if clean["version"] != state["version"]:
            return {"status": "stale-version"}
        if digest not in approved:
            return {"status": "approval-required"}
        ticket, value = clean["arguments"]["ticket"], clean["arguments"]["status"]
        if ticket not in state["tickets"]:
            return {"status": "missing-ticket"}
        if len(completed) >= self.__MAX_ROWS:
            return {"status": "log-full"}
        state["tickets"][ticket] = value
        state["version"] += 1
        result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": value, "replayed": False}
        completed[call_id] = {"fingerprint": digest, "result": dict(result)}
        return result

    @staticmethod
    def __replay(row, digest):
        if row["fingerprint"] != digest:
            return {"status": "call-id-conflict"}
        return {**row["result"], "replayed": True}


_VALIDATOR = ProposalValidator()
_DISPATCHER = Dispatcher(_VALIDATOR)


def validate_ticket_proposal(proposal):
    return _VALIDATOR.validate(proposal)


def proposal_fingerprint(proposal):
    return _VALIDATOR.fingerprint(proposal)


def dispatch_ticket(proposal, actor, approved, state, completed):
    return _DISPATCHER.dispatch(proposal, actor, approved, state, completed)
