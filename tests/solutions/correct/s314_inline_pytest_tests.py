# Style: the solution and its pytest tests in one file (run with `pytest main.py`): import pytest at the top,
# parametrized test functions with pytest.param ids, a fixture for the lesson's host state, pytest.raises in the
# test bodies and a small test class; the solution itself is compact regex-and-constants code.
import copy
import hashlib
import json
import re

import pytest

ID_RE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,39}")
TICKET_RE = re.compile(r"[a-z][a-z0-9-]{0,31}")
HEX_RE = re.compile(r"[0-9a-f]{64}")
PROPOSAL_KEYS = {"call_id", "actor", "name", "version", "arguments"}


def _id(value, pattern=ID_RE):
    return isinstance(value, str) and pattern.fullmatch(value) is not None


def validate_ticket_proposal(proposal):
    if not isinstance(proposal, dict) or proposal.keys() != PROPOSAL_KEYS:
        raise ValueError("proposal must be a dict with exactly the five fields")
    if not all(_id(proposal[key]) for key in ("call_id", "actor", "name")):
        raise ValueError("call_id, actor and name must be ids")
    if type(proposal["version"]) is not int or not 0 <= proposal["version"] <= 1_000_000:
        raise ValueError("version must be an int in 0..1000000")
    args = proposal["arguments"]
    if not isinstance(args, dict) or args.keys() != {"ticket", "status"}:
        raise ValueError("arguments must hold exactly ticket and status")
    if not _id(args["ticket"], TICKET_RE) or not (isinstance(args["status"], str) and args["status"] in ("open", "done")):
        raise ValueError("bad ticket or status")
    return copy.deepcopy(proposal)


def proposal_fingerprint(proposal):
    data = json.dumps(validate_ticket_proposal(proposal), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(data.encode("ascii")).hexdigest()


def _check_host(actor, approved, state, completed):
    if not _id(actor):
        raise ValueError("actor")
    if not isinstance(approved, set) or len(approved) > 64 or not all(_id(h, HEX_RE) for h in approved):
        raise ValueError("approved")
    if not isinstance(state, dict) or state.keys() != {"version", "tickets"}:
        raise ValueError("state")
    if type(state["version"]) is not int or not 0 <= state["version"] <= 1_000_001:
        raise ValueError("state version")
    tickets = state["tickets"]
    if not isinstance(tickets, dict) or not 1 <= len(tickets) <= 16:
        raise ValueError("tickets")
    if not all(_id(t, TICKET_RE) and isinstance(s, str) and s in ("open", "done") for t, s in tickets.items()):
        raise ValueError("ticket entries")
    if not isinstance(completed, dict) or len(completed) > 64:
        raise ValueError("completed")


def dispatch_ticket(proposal, actor, approved, state, completed):
    _check_host(actor, approved, state, completed)
    p = validate_ticket_proposal(proposal)
    if p["actor"] != actor:
        return {"status": "forbidden"}
    if p["name"] != "set_ticket":
        return {"status": "unknown-tool"}
    h = proposal_fingerprint(p)
    if p["call_id"] in completed:
        row = completed[p["call_id"]]
        return {**row["result"], "replayed": True} if row["fingerprint"] == h else {"status": "call-id-conflict"}
    if p["version"] != state["version"]:
        return {"status": "stale-version"}
    if h not in approved:
        return {"status": "approval-required"}
    ticket, status = p["arguments"]["ticket"], p["arguments"]["status"]
    if ticket not in state["tickets"]:
        return {"status": "missing-ticket"}
    if len(completed) >= 64:
        return {"status": "log-full"}
    state["tickets"][ticket] = status
    state["version"] += 1
    result = {"status": "ok", "version": state["version"], "ticket": ticket, "value": status, "replayed": False}
    completed[p["call_id"]] = {"fingerprint": h, "result": dict(result)}
    return result


# ---------------------------------------------------------------- tests (pytest main.py)

LESSON = {"call_id": "c1", "actor": "learner", "name": "set_ticket", "version": 0,
          "arguments": {"ticket": "lamp", "status": "done"}}


@pytest.fixture
def host():
    return {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}}, {}


@pytest.fixture(scope="module")
def lesson_fingerprint():
    return proposal_fingerprint(LESSON)


@pytest.mark.parametrize("bad", [
    None,
    pytest.param({**LESSON, "approved": True}, id="extra-field"),
    pytest.param({**LESSON, "version": True}, id="bool-version"),
    pytest.param({**LESSON, "call_id": "c" * 41}, id="long-id"),
    pytest.param({**LESSON, "arguments": {"ticket": "lamp", "status": ["open"]}}, id="list-status"),
])
def test_invalid_proposals_raise(bad):
    with pytest.raises(ValueError):
        validate_ticket_proposal(bad)


def test_fingerprint_of_the_lesson(lesson_fingerprint):
    assert lesson_fingerprint == "2740616b46377c575410ef31cc29b1cb8b9d69c3fa283831fca38e0c0627af39"


@pytest.mark.parametrize("actor,expected", [("learner", "ok"), ("other", "forbidden")])
def test_actor_is_checked(host, lesson_fingerprint, actor, expected):
    state, log = host
    assert dispatch_ticket(LESSON, actor, {lesson_fingerprint}, state, log)["status"] == expected


class TestReplay:
    def test_replay_changes_nothing(self, host, lesson_fingerprint):
        state, log = host
        dispatch_ticket(LESSON, "learner", {lesson_fingerprint}, state, log)
        again = dispatch_ticket(LESSON, "learner", set(), state, log)
        assert again["replayed"] is True and state["version"] == 1

    @pytest.mark.skipif(not hasattr(dict, "keys"), reason="always runs")
    def test_conflict(self, host, lesson_fingerprint):
        state, log = host
        dispatch_ticket(LESSON, "learner", {lesson_fingerprint}, state, log)
        changed = {**LESSON, "arguments": {"ticket": "lamp", "status": "open"}}
        assert dispatch_ticket(changed, "learner", set(), state, log) == {"status": "call-id-conflict"}
