"""Who makes a checkpoint-3 call: the lesson's p with its host, or another caller that shares none of its values.

The host's inputs are checked for every call (CONTRACT.md D1-D4, D6) and an approval is needed for every new one
(D12), whoever proposes what. A rule applied only where a field has the lesson's value (ticket lamp, call id c1,
actor learner, version 0, status done; a refused call with the tool delete_ticket or from the host 'other') passes
every check made with the lesson's values alone: the checks that loop over :data:`CALLERS` make each call for both.
"""

from __future__ import annotations

from dataclasses import dataclass

from checks import lesson
from checks.dispatching import Scene
from grader.battery import Student


@dataclass(frozen=True)
class Caller:
    """A valid proposal (the lesson's p with ``changes``, named ``var`` in the script), its host actor ``host``, the
    host's state before the first call (``version``, ``tickets``; the lesson's when empty), a tool name that does not
    exist and a host actor other than the proposal's, for a call that is refused."""

    var: str
    changes: dict
    host: str
    version: int
    tickets: dict
    tool: str
    stranger: str

    def proposal(self, **changes: object) -> dict:
        """A fresh copy of this caller's proposal with fields replaced (``ticket=``, ``status=`` in arguments)."""
        return lesson.proposal(**{**self.changes, **changes})

    def scene(self, student: Student) -> Scene:
        """A scene in which this caller's proposal, approved by the host, succeeded: the same call again replays."""
        scene = Scene(student, self.version, **self.tickets)
        scene.run(self.var, **self.changes)
        return scene


LESSON = Caller("p", {}, "learner", 0, {}, "delete_ticket", "other")
# Every field differs from the lesson's, and so do the host actor, the host's version, tickets and ticket count.
OTHER = Caller("p2", {"call_id": "k7", "actor": "ops-2", "version": 5, "ticket": "pump", "status": "open"}, "ops-2",
               5, {"pump": "done", "valve-3": "open", "fan": "done"}, "get_ticket", "guest-9")
CALLERS = (LESSON, OTHER)
