"""Who makes a checkpoint-3 call: the lesson's p with its host, or another caller that shares none of its values.

The host's inputs are checked for every call (CONTRACT.md D1-D4, D6) and an approval is needed for every new one
(D12), whoever proposes what. A rule applied only where a field has the lesson's value (ticket lamp, call id c1,
actor learner, version 0, status done; a refused call with the tool delete_ticket or from the host 'other') passes
every check made with the lesson's values alone: the checks that loop over :data:`CALLERS` make each call for both.
"""

from __future__ import annotations

from dataclasses import dataclass

from checks import lesson
from checks.dispatching import APPROVALS, OTHERS, Scene, expect_outcome, other_digests
from checks.host import expect_unchanged, snapshot
from grader.battery import Call, Student


@dataclass(frozen=True)
class Caller:
    """A valid proposal (the lesson's p with ``changes``, named ``var`` in the script), its host actor ``host``, the
    host's state before the first call (``version``, ``tickets``; the lesson's when empty), a tool name that does not
    exist and a host actor other than the proposal's, for a call that is refused; ``others`` approvals of other
    proposals beside its own in the host's register, and ``rows`` rows in the log once its call succeeded."""

    var: str
    changes: dict
    host: str
    version: int
    tickets: dict
    tool: str
    stranger: str
    others: int = 0
    rows: int = 1

    def proposal(self, **changes: object) -> dict:
        """A fresh copy of this caller's proposal with fields replaced (``ticket=``, ``status=`` in arguments)."""
        return lesson.proposal(**{**self.changes, **changes})

    def code(self, var: str, **changes: object) -> str:
        """The script's line that binds ``var`` to this caller's proposal with ``changes`` (name, ticket)."""
        parts = [f"'name': {changes['name']!r}"] if "name" in changes else []
        if "ticket" in changes:
            status = self.changes.get("status", "done")
            parts.append(f"'arguments': {{'ticket': {changes['ticket']!r}, 'status': {status!r}}}")
        return f"{var} = {{**{self.var}, {', '.join(parts)}}}"

    @property
    def start(self) -> int:
        """The host's version before the first call: ``version`` once the calls that fill the log succeeded."""
        return self.version - (self.rows - 1)

    def scene(self, student: Student) -> Scene:
        """A scene in which this caller's proposal, approved by the host, succeeded: the same call again replays."""
        scene = Scene(student, self.start, **self.tickets)
        self.succeed(scene)
        return scene

    def succeed(self, scene: Scene) -> Call:
        """The host approves this caller's proposal (beside ``others`` other approvals) and it succeeds in ``scene``,
        whose state is at :attr:`start`. Out: that call."""
        proposal, approved, text = self.ready(scene)
        return scene.prepare(proposal, self.var, approved, text)

    def ready(self, scene: Scene) -> tuple[dict, set, str]:
        """Everything before this caller's approved call in ``scene``, whose state is at :attr:`start`: first
        ``rows`` - 1 calls of its own with other call ids fill the log (rows the dispatcher wrote itself, CONTRACT.md
        A8), so the log holds ``rows`` rows after the call. Out: its proposal, the register approving it (with
        ``others`` other approvals) and that register as code."""
        proposal = scene.name(self.var, **self.changes) if self.changes else lesson.proposal()
        if self.rows > 1:
            scene.fill(self.rows - 1, self.start, self.var, self.host, **self.changes)
        return (proposal, *self.register(scene))

    def approval(self, scene: Scene, kind: str, proposal: dict, var: str = "q") -> tuple[object, str]:
        """The host's register for a call of ``proposal`` (named ``var`` in ``scene``) and that register as code:
        kind 'own' approves it, beside ``others`` approvals of other proposals; 'others' holds two approvals of other
        proposals only; any other kind is dispatching.APPROVALS's."""
        if kind == "others":
            approved, text = other_digests(2), "others(2)"
        else:
            build, text = APPROVALS[kind]
            approved, text = build(proposal), text.format(var=var)
        if kind == "own" and self.others:
            approved, text = approved | other_digests(self.others), f"{text} | others({self.others})"
        if "others(" in text and OTHERS not in scene.lines:
            scene.say(OTHERS)
        return approved, text

    def register(self, scene: Scene) -> tuple[set, str]:
        """The host's approval register that approves this caller's proposal, and that register as code in ``scene``."""
        return self.approval(scene, "own", self.proposal(), self.var)


LESSON = Caller("p", {}, "learner", 0, {}, "delete_ticket", "other")
# Every field differs from the lesson's, and so do the host actor, the host's version, tickets and ticket count.
OTHER = Caller("p2", {"call_id": "k7", "actor": "ops-2", "version": 5, "ticket": "pump", "status": "open"}, "ops-2",
               5, {"pump": "done", "valve-3": "open", "fan": "done"}, "get_ticket", "guest-9")
CALLERS = (LESSON, OTHER)
# Where those two are alike: a call id of 2 lowercase characters, a ticket of 4 letters, 2 or 3 tickets in state, a
# register holding one approval and a log of one row. A copy made only in such cases shows with this caller.
UNUSUAL = Caller("p3", {"call_id": "Run-42_B", "actor": "Night_Ops", "version": 141, "ticket": "cooling-fan-2",
                        "status": "done"}, "Night_Ops", 141, {"cooling-fan-2": "open"}, "Set_ticket", "night_ops",
                 others=2, rows=63)

ABSENT = "gate"  # a ticket that neither caller's state holds



def refusals(caller: Caller, version: int) -> list[tuple[str, str, dict, str, object]]:
    """(case id, host actor, changes to the caller's proposal, register kind, outcome) of the calls the host refuses
    after the caller's proposal succeeded and the state reached ``version``: each asks for the other status, so a
    change staged before the refusal shows."""
    flipped = {"done": "open", "open": "done"}[caller.proposal()["arguments"]["status"]]
    new = {"call_id": "z9", "version": version, "status": flipped}
    return [
        ("forbidden", caller.stranger, new, "own", "forbidden"),
        ("unknown-tool", caller.host, {**new, "name": caller.tool}, "own", "unknown-tool"),
        ("call-id-conflict", caller.host, {"status": flipped}, "own", "call-id-conflict"),
        ("stale-version", caller.host, {**new, "version": version - 1}, "own", "stale-version"),
        ("stale-version-ahead", caller.host, {**new, "version": version + 5}, "own", "stale-version"),
        ("approval-required", caller.host, new, "others", "approval-required"),
        ("missing-ticket", caller.host, {**new, "ticket": ABSENT}, "own", "missing-ticket"),
        ("value-error", caller.host, new, "own-list", ValueError),
    ]


def refuse(scene: Scene, caller: Caller, case: tuple[str, str, dict, str, object]) -> None:
    """Make the call ``case`` of :func:`refusals` in ``scene`` (the caller's proposal with its changes, named q): it has
    that case's outcome and leaves state, completed, approved and q as they were (CONTRACT.md D19, D20)."""
    _, host, changes, kind, outcome = case
    proposal = scene.name("q", **{**caller.changes, **changes})
    approved, text = caller.approval(scene, kind, proposal)
    objects = {"state": scene.state, "completed": scene.log, "approved": approved, "q": proposal}
    before = snapshot(scene.student, **objects)
    call = scene.call(proposal, host, approved, f"q, {host!r}, {text}")
    expect_outcome(call, outcome)
    expect_unchanged(call.shown, before, scene.student, **objects)


# What the host may change between a caller's success and the same call again, which stays a replay (CONTRACT.md
# D18, R7): situation -> the change made in the scene, returning the register for the replay and that register as code.
def _ticket_removed(scene: Scene, caller: Caller) -> tuple[set, str]:
    scene.assign("state['tickets']", {ABSENT: "open"})  # the replay needs no ticket (D18)
    return set(), "set()"


def _approved_again(scene: Scene, caller: Caller) -> tuple[set, str]:
    return caller.register(scene)  # a replay uses no approval, nor minds one (D18, D20)


def _state_set_back(version: int):
    """The host hands over the tickets as the call left them, at ``version`` (the caller's own when None)."""
    def set_back(scene: Scene, caller: Caller) -> tuple[set, str]:
        arguments = caller.proposal()["arguments"]
        tickets = {**lesson.state(**caller.tickets)["tickets"], arguments["ticket"]: arguments["status"]}
        scene.assign("state", {"version": caller.version if version is None else version, "tickets": tickets})
        return set(), "set()"
    return set_back


REPLAY_SITUATIONS = {"ticket-removed": _ticket_removed, "approved-again": _approved_again,
                     "state-back-at-its-version": _state_set_back(None), "state-back-at-version-0": _state_set_back(0)}

# Calls that valid host input would refuse or replay, for a caller after its proposal succeeded. "refused" names
# another host actor, another tool and the known call id at once, so a status check made before validation answers,
# whichever comes first (forbidden, unknown-tool or the conflict); "forbidden" changes the host actor alone (a status
# answered early for set_ticket only), "unknown-tool" the tool alone, for a ticket the state does not hold (a status
# answered early for the host actor's own proposals, a check made only for tickets the state holds); "replay" repeats
# the call exactly.
SITUATIONS = {  # situation -> (caller -> (proposal changes, host actor), approval as code, what valid input gives)
    "refused": (lambda caller: ({"name": caller.tool}, caller.stranger), "{{H({var})}}", ("forbidden", "forbidden")),
    "forbidden": (lambda caller: ({}, caller.stranger), "{{H({var})}}", ("forbidden", "forbidden")),
    "unknown-tool": (lambda caller: ({"name": caller.tool, "ticket": ABSENT}, caller.host), "{{H({var})}}",
                     ("unknown-tool", "unknown-tool")),
    "replay": (lambda caller: ({}, caller.host), "set()", ("een herhaling", "a replay")),
}
