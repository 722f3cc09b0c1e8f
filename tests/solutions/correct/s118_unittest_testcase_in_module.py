"""Tests kept in main.py: the solution (compiled patterns, small helpers) followed by a unittest.TestCase
class with setUp, assertEqual/assertIn/assertRaises (both forms) and unittest.main() under the main guard."""
import copy
import hashlib
import json
import re
import unittest

ID_PATTERN = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_PATTERN = re.compile(r"[a-z][a-z0-9-]{0,31}")
DIGEST_PATTERN = re.compile(r"[0-9a-f]{64}")
MAX_ROWS = 64


def _matches(pattern, value):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict):
        raise ValueError("proposal must be a dict")
    if set(proposal) != {"call_id", "actor", "name", "version", "arguments"}:
        raise ValueError("proposal must have exactly call_id, actor, name, version, arguments")
    for key in ("call_id", "actor", "name"):
        if not _matches(ID_PATTERN, proposal[key]):
            raise ValueError(f"{key} is not a valid id")
    version = proposal["version"]
    if type(version) is not int or not 0 <= version <= 1_000_000:
        raise ValueError("version must be a plain int in 0..1000000")
    arguments = proposal["arguments"]
    if not isinstance(arguments, dict) or set(arguments) != {"ticket", "status"}:
        raise ValueError("arguments must have exactly ticket and status")
    if not _matches(TICKET_PATTERN, arguments["ticket"]):
        raise ValueError("ticket is not valid")
    if not isinstance(arguments["status"], str) or arguments["status"] not in ("open", "done"):
        raise ValueError("status must be open or done")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    clean = validate_ticket_proposal(proposal)
    canonical = json.dumps(clean, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _validate_host(actor, approved, state, completed):
    if not _matches(ID_PATTERN, actor):
        raise ValueError("host actor is not a valid id")
    if not isinstance(approved, set) or len(approved) > 64:
        raise ValueError("approved must be a set of at most 64 digests")
    if not all(_matches(DIGEST_PATTERN, item) for item in approved):
        raise ValueError("approved holds something that is not a SHA-256 hex digest")
    if not isinstance(state, dict) or set(state) != {"version", "tickets"}:
        raise ValueError("state must have exactly version and tickets")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version out of range")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets must hold 1..16 entries")
    for name, status in tickets.items():
        if not _matches(TICKET_PATTERN, name) or not isinstance(status, str) or status not in ("open", "done"):
            raise ValueError(f"bad ticket entry {name!r}")
    if not isinstance(completed, dict) or len(completed) > MAX_ROWS:
        raise ValueError("completed must be a dict of at most 64 rows")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _validate_host(actor, approved, state, completed)
    clean = validate_ticket_proposal(proposal)
    if clean["actor"] != actor:
        return {"status": "forbidden"}
    if clean["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    digest = proposal_fingerprint(clean)
    call_id = clean["call_id"]
    if call_id in completed:
        row = completed[call_id]
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
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= MAX_ROWS:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[call_id] = {"fingerprint": digest, "result": copy.deepcopy(result)}
    return result


def lesson_proposal(**changes):
    proposal = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0,
                "arguments": {"ticket": "lamp", "status": "done"}}
    proposal.update(changes)
    return proposal


class TicketTests(unittest.TestCase):
    def setUp(self):
        self.state = {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}
        self.completed = {}

    def test_validate_copies(self):
        p = lesson_proposal()
        clean = validate_ticket_proposal(p)
        p["arguments"]["status"] = "open"
        self.assertEqual(clean["arguments"]["status"], "done")

    def test_invalid(self):
        with self.assertRaises(ValueError):
            validate_ticket_proposal({**lesson_proposal(), "approved": True})
        self.assertRaises(ValueError, validate_ticket_proposal, None)

    def test_fingerprint(self):
        self.assertEqual(proposal_fingerprint(lesson_proposal()),
                         "2740616b46377c575410ef31cc29b1cb8b9d69c3fa283831fca38e0c0627af39")

    def test_dispatch_and_replay(self):
        p = lesson_proposal()
        r = dispatch_ticket(p, "learner", {proposal_fingerprint(p)}, self.state, self.completed)
        self.assertEqual(r["version"], 1)
        self.assertIn("c1", self.completed)
        again = dispatch_ticket(p, "learner", set(), self.state, self.completed)
        self.assertTrue(again["replayed"])


if __name__ == "__main__":
    unittest.main()
