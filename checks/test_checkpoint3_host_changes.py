"""Checkpoint 3: the host changes its own objects between two calls, and each call reads them as they are now
(CONTRACT.md D10-D15, D18): nothing the dispatcher saw before may stand in for what the host holds now; a
proposal it changed after validate_ticket_proposal returned it is validated again (D5), and so is a state equal to
one that passed (D3)."""

import collections
from pathlib import PurePosixPath

import pytest

from checks import lesson, validating
from checks.dispatching import H, Scene, code, expect_replay, expect_status, expect_success
from checks.host import expect_unchanged, snapshot
from grader.battery import Mismatch, check, said
from grader.values import plain, show

P = lesson.proposal


def _approval_added_later(scene: Scene) -> None:
    approved: set = set()
    scene.say("approved = set()")
    expect_status(scene.call(P(), "learner", approved, "p, 'learner', approved"), "approval-required")
    approved.add(H(P()))
    scene.say("approved.add(H(p))")
    expect_success(scene.call(P(), "learner", approved, "p, 'learner', approved"), 1)


def _approval_revoked(scene: Scene) -> None:
    later = P(call_id="c2", version=1, status="open")
    approved = {H(P()), H(later)}
    scene.say("q = {**p, 'call_id': 'c2', 'version': 1, 'arguments': {'ticket': 'lamp', 'status': 'open'}}")
    scene.say("approved = {H(p), H(q)}")
    expect_success(scene.call(P(), "learner", approved, "p, 'learner', approved"), 1)
    approved.discard(H(later))
    scene.say("approved.discard(H(q))")
    expect_status(scene.call(later, "learner", approved, "q, 'learner', approved"), "approval-required")


def _version_set_by_host(scene: Scene) -> None:
    scene.run()
    scene.state["version"] = lesson.fresh(5)
    scene.say("state['version'] = 5")
    expect_success(scene.attempt(call_id="c2", version=5, status="open"), 6, "lamp", "open")


def _tickets_replaced(scene: Scene) -> None:
    scene.run()
    scene.assign("state['tickets']", {"lamp": "done", "sensor": "open", "pump": "open"})
    expect_success(scene.attempt(call_id="c2", version=1, ticket="pump"), 2, "pump", "done")
    found = plain(scene.state)
    if found != {"version": 2, "tickets": {"lamp": "done", "sensor": "open", "pump": "done"}}:
        raise Mismatch(scene.tried("state"), "{'version': 2, 'tickets': {'lamp': 'done', 'sensor': 'open', "
                       "'pump': 'done'}}", said(f"state is {show(found)}", f"state is {show(found)}"))


def _ticket_added_in_place(scene: Scene) -> None:
    scene.run()  # the dispatcher has seen this tickets dict, without pump
    scene.change_ticket("pump", "open")
    scene.say("state['tickets']['pump'] = 'open'")
    expect_success(scene.attempt(call_id="c2", version=1, ticket="pump"), 2, "pump", "done")


def _ticket_removed(scene: Scene) -> None:
    scene.run()  # c1 set lamp to done: its row names lamp
    scene.assign("state['tickets']", {"sensor": "open"})
    before = snapshot(state=scene.state)  # in the key order the earlier success left (A9: only content counts)
    expect_status(scene.attempt(call_id="c2", version=1, status="open"), "missing-ticket")
    expect_unchanged(scene.tried("state"), before, state=scene.state)


def _log_cleared(scene: Scene) -> None:
    scene.run()
    scene.log.clear()
    scene.say("completed.clear()")
    expect_success(scene.attempt(version=1, status="open"), 2, "lamp", "open")  # c1 is no key any more: new


def _replay_against_everything(scene: Scene) -> None:
    scene.fill(64)
    scene.assign("state['tickets']", {"sensor": "open"})
    before = snapshot(state=scene.state)
    call = scene.attempt(approval="empty", call_id="f0")
    expect_replay(call, 1)
    expect_unchanged(call.shown, before, state=scene.state)  # the ticket stays gone (D18: changes nothing)


def _replay_after_version_set_back(scene: Scene) -> None:
    scene.run()  # c1 succeeded: version 1, its row holds version 1
    scene.assign("state", {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}})  # a backup from before c1
    before = snapshot(state=scene.state)
    call = scene.attempt(approval="empty")
    expect_replay(call, 1)  # D18: a replay ignores the current version, older as well as newer
    expect_unchanged(call.shown, before, state=scene.state)


CHANGES = {  # id -> what the host does between the calls, and the clause the second call is judged by
    "approval-added-later": _approval_added_later,                # D12
    "approval-revoked": _approval_revoked,                        # D12
    "version-set-by-host": _version_set_by_host,                  # D11
    "tickets-replaced": _tickets_replaced,                        # D15
    "ticket-added-in-place": _ticket_added_in_place,              # D13
    "ticket-removed": _ticket_removed,                            # D13
    "log-cleared": _log_cleared,                                  # D10
    "replay-old-version-full-log-no-ticket": _replay_against_everything,  # D18
    "replay-after-version-set-back": _replay_after_version_set_back,  # D18
}


@check(3, "D11", nl="Zet de host zijn state terug op een oudere versie (een back-up), dan slaagt een nieuwe call met die "
       "versie: alleen state['version'] telt, niet de versies in completed.",
       en="When the host sets its state back to an older version (a backup), a new call at that version succeeds: only "
          "state['version'] counts, not the versions in completed.",
       hint_nl="Vergelijk de versie van het voorstel met state['version'] zoals de host hem nu geeft; leid geen versie "
               "af uit het log.",
       hint_en="Compare the proposal's version with state['version'] as the host gives it now; derive no version from "
               "the log.")
def test_d11_state_set_back_by_host(student):
    scene = Scene(student)
    scene.run()  # c1 succeeded: version 1, its row holds version 1
    scene.assign("state", {"version": 0, "tickets": {"lamp": "open", "sensor": "open"}})
    expect_success(scene.attempt(call_id="c2"), 1)


@check(3, "D5", nl="Ook een eerder resultaat van validate_ticket_proposal dat daarna ongeldig is gemaakt, weigert "
       "dispatch_ticket met een ValueError.",
       en="An earlier result of validate_ticket_proposal that was made invalid afterwards is refused by dispatch_ticket "
          "with a ValueError too.",
       hint_nl="Valideer elk voorstel opnieuw, ook een dat ooit uit je eigen validatie kwam.",
       hint_en="Validate every proposal again, also one that once came from your own validation.")
def test_d5_own_result_made_invalid(student):
    clean, script = validating.own_result_or_plain(student)
    scene = Scene(student)
    for line in script.splitlines():
        scene.say(line)
    scene.call(clean, "learner", {H(P())}, "clean, 'learner', {H(p)}").expect_value_error(cause="validation")


@check(3, "D10-D18", nl="Elke call leest approved, state en completed zoals de host ze nu heeft, ook als de host ze na "
       "een eerdere call zelf veranderde.",
       en="Every call reads approved, state and completed as the host holds them now, also when the host changed them "
          "itself after an earlier call.",
       hint_nl="Onthoud niets van een vorige call over de invoer van de host: kijk bij elke call opnieuw.",
       hint_en="Remember nothing about the host's input from an earlier call: look again at every call.")
@pytest.mark.parametrize("change", list(CHANGES))
def test_d10_d18_each_call_reads_the_hosts_objects_as_they_are_now(student, change):
    CHANGES[change](Scene(student))


# A state equal (==) to one that passed the checks, but with a float version: 0.0 == 0 and 1.0 == 1. Tickets of
# their own keep earlier checks' states out of a memory of valid states.
EQUAL_STATES = [(0, 0.0), (1, 1.0)]


@check(3, "D3", nl="Een state met een float als versie blijft ongeldig, ook vlak na een gelijke state met een int "
       "(0.0 == 0).",
       en="A state with a float version stays invalid, also right after an equal state with an int (0.0 == 0).",
       hint_nl="Controleer state bij elke call opnieuw: een state die gelijk is aan een eerdere, is daarmee nog niet geldig.",
       hint_en="Check state again at every call: a state equal to an earlier one is not valid for that reason.")
@pytest.mark.parametrize("pair", EQUAL_STATES, ids=[f"{a!r}-then-{b!r}" for a, b in EQUAL_STATES])
def test_d3_float_state_version_after_equal_state(student, pair):
    good, bad = pair
    tickets = {"lamp": "open", "eq-probe": "done"}
    scene = Scene(student)
    scene.assign("state", {"version": bad, "tickets": tickets})
    if not isinstance(scene.attempt(version=good).error, ValueError):
        return  # accepted on its own: test_d3_state_invalid reports that
    scene.assign("state", {"version": good, "tickets": tickets})
    expect_status(scene.attempt(approval="empty", version=good), "approval-required")
    scene.assign("state", {"version": bad, "tickets": tickets})
    scene.attempt(version=good).expect_value_error()


# Host inputs that are no str but read as a valid one when turned into text (str(), json.dumps(..., default=str)): a
# memory of valid host inputs kept as text lets them through after the real str. Values of their own in each case keep
# earlier checks' inputs out of such a memory. Each case: the claimed actor, then (host actor, approval or None,
# state's tickets) for the valid and the invalid call. The approval is str(n), 64 decimal digits (valid hex), or the
# int n itself (an element of a set must be a value Python compares itself: no pathlib path there).
TX_NUMBER = 10 ** 63 + 20261201
SAME_TEXT_HOST = {
    "host-actor-path": ("txactor", ("txactor", None, {"tx-actor": "open"}),
                        (PurePosixPath("txactor"), None, {"tx-actor": "open"})),
    "approval-int": ("learner", ("learner", str(TX_NUMBER), {"tx-approval": "open"}),
                     ("learner", TX_NUMBER, {"tx-approval": "open"})),
    # repr() of a UserString is that of its str: a memory kept as repr() lets it through.
    "host-actor-userstring": ("rpactor", ("rpactor", None, {"rp-actor": "open"}),
                              (collections.UserString("rpactor"), None, {"rp-actor": "open"})),
    "state-value-path": ("learner", ("learner", None, {"lamp": "open", "tx-status": "done"}),
                         ("learner", None, {"lamp": "open", "tx-status": PurePosixPath("done")})),
}


@check(3, "D1-D3", nl="Een hostactor, goedkeuring of ticketstatus die alleen als tekst op een geldige lijkt (een "
       "pathlib-pad, een UserString, een int van 64 cijfers) blijft ongeldig, ook vlak na een call met de echte "
       "str.",
       en="A host actor, approval or ticket status that only looks like a valid one as text (a pathlib path, a "
          "UserString, an int of 64 digits) stays invalid, also right after a call with the real str.",
       hint_nl="Controleer de invoer van de host bij elke call opnieuw, niet via een geheugen van teksten die eerder "
               "goed waren.",
       hint_en="Check the host's input again at every call, not through a memory of texts that were fine before.")
@pytest.mark.parametrize("case", list(SAME_TEXT_HOST))
def test_d1_d3_same_text_host_input_after_valid(student, case):
    claim, good, bad = SAME_TEXT_HOST[case]
    scene = Scene(student)
    proposal, name = (P(actor=claim), "q") if claim != "learner" else (P(), "p")
    if name == "q":
        scene.say(f"q = {{**p, 'actor': {claim!r}}}")
    if case == "approval-int":
        scene.say(f"n = 10 ** 63 + {TX_NUMBER - 10 ** 63}")

    def call(host, approval, tickets):
        scene.assign("state", {"version": 0, "tickets": tickets})
        approved = set() if approval is None else {approval}
        text = "set()" if approval is None else "{str(n)}" if type(approval) is str else "{n}"
        return scene.call(proposal, host, approved, f"{name}, {code(host)}, {text}")

    if not isinstance(call(*bad).error, ValueError):
        return  # accepted on its own: a check of D1-D3 reports that
    expect_status(call(*good), "approval-required")
    call(*bad).expect_value_error()


def _proposal_version_float(scene: Scene) -> None:
    p = P()
    scene.prepare(p, "p")
    p["version"] = 0.0
    scene.say("p['version'] = 0.0")
    scene.call(p, "learner", set(), "p, 'learner', set()").expect_value_error(cause="validation")


def _state_version_float(scene: Scene) -> None:
    scene.run()
    scene.state["version"] = 1.0
    scene.say("state['version'] = 1.0")
    scene.attempt(call_id="c2", version=1, status="open").expect_value_error()


# The host's own object changed in place to a value equal (==) to the one that passed, but invalid: 0.0 == 0 and
# 1.0 == 1. A memory of checked objects (by identity) that compares their content with == lets it through.
EQUAL_IN_PLACE = {"proposal-version-float": _proposal_version_float, "state-version-float": _state_version_float}


@check(3, "D3-D5", nl="Verandert de host p of state na een geslaagde call ter plekke in een gelijke maar ongeldige "
       "waarde (0.0 == 0, 1.0 == 1), dan geeft de volgende call een ValueError.",
       en="When the host changes p or state in place after a successful call to an equal but invalid value "
          "(0.0 == 0, 1.0 == 1), the next call raises a ValueError.",
       hint_nl="Controleer bij elke call de hele invoer opnieuw; gelijk aan iets dat eerder geldig was, is nog niet geldig.",
       hint_en="Check all input again at every call; being equal to something valid before does not make it valid.")
@pytest.mark.parametrize("change", list(EQUAL_IN_PLACE))
def test_d5_d3_equal_value_set_in_place(student, change):
    EQUAL_IN_PLACE[change](Scene(student))
