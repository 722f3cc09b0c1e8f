"""Checkpoint 3: every success hands the host a dict of its own (CONTRACT.md D16): a later call, refused or carried
out, leaves an earlier result as it was, and what the host does to one result shows up in no later one; the named
fields of a success or a replay hold what D16 and D18 say, whatever the tickets are called; replays of different
calls, and refusals under a known call id, share no result (D18-D19)."""

from checks import lesson
from checks.dispatching import (Scene, change_nested, dig, expect_no_leak, expect_replay, expect_status,
                                expect_success, set_in)
from checks.host import expect_unchanged, snapshot
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show

P = lesson.proposal
FIRST = {"status": "ok", "version": 1, "ticket": "lamp", "value": "done", "replayed": False}


@check(3, "D16", nl="Elk succes geeft een eigen dictionary: een latere call, ook een weigering, verandert een "
       "eerder resultaat niet, en wat de host in een resultaat wijzigt, komt in geen later resultaat terug.",
       en="Every success returns a dictionary of its own: a later call, a refusal too, leaves an earlier result as "
          "it was, and what the host changes in one result turns up in no later one.",
       hint_nl="Bouw bij elke call een nieuwe dictionary voor het resultaat; vul geen dictionary op moduleniveau.",
       hint_en="Build a new dictionary for the result on every call; do not fill a dictionary kept at module level.")
def test_d16_each_success_result_is_its_own(student):
    scene = Scene(student)
    first = scene.run()
    expect_success(first, 1)
    scene.say("r1 = r")
    expect_status(scene.attempt("other", call_id="c2", version=1, ticket="sensor"), "forbidden")
    _expect_first_kept(scene, first)
    second = scene.attempt(call_id="c2", version=1, ticket="sensor")
    expect_success(second, 2, "sensor", "done")
    _expect_first_kept(scene, first)
    set_in(second, "status", "changed")
    set_in(second, "replayed", True)
    scene.say("r['status'] = 'changed'; r['replayed'] = True")
    expect_success(scene.attempt(call_id="c3", version=2, status="open"), 3, "lamp", "open")


def _expect_first_kept(scene: Scene, first) -> None:
    """r1, the result of the first success, still holds the fields it was returned with (extra keys are free, A6)."""
    found = plain(first.returned())
    if any(not same(dig(found, key), value) for key, value in FIRST.items()):
        raise Mismatch(scene.tried("r1"), repr(FIRST), said(f"r1 is nu {show(found)}", f"r1 is now {show(found)}"))


# Valid tickets named after the fields of a result (D16): a result that also holds {ticket: value} or the
# tickets themselves (extra keys are free, A6) lets a ticket overwrite the field of the same name.
FIELD_TICKETS = {"status": "open", "version": "open", "ticket": "open", "value": "open", "replayed": "open"}


@check(3, "D16-D18", nl="Ook voor tickets die status, version, ticket, value of replayed heten, geven een succes en "
       "een herhaling status ok, de versie, het ticket, de waarde en replayed zoals bewaard.",
       en="For tickets named status, version, ticket, value or replayed too, a success and a replay return status "
          "ok, the version, the ticket, the value and replayed as stored.",
       hint_nl="Extra sleutels in het resultaat mogen, maar een ticketnaam mag nooit een van de vijf vaste velden "
               "overschrijven.",
       hint_en="Extra keys in the result are allowed, but a ticket's name must never overwrite one of the five fixed "
               "fields.")
def test_d16_d18_tickets_named_like_result_fields(student):
    scene = Scene(student)
    scene.assign("state", {"version": 0, "tickets": FIELD_TICKETS})
    expect_success(scene.attempt(ticket="status"), 1, "status", "done")
    expect_replay(scene.call(P(ticket="status"), "learner", set(), "q, 'learner', set()"), 1, "status", "done")


# Replays of different calls: never one shared object (a refusal's dict may be shared between calls, as long as it
# holds nothing of the log) ---------------------------------------------------------------------------------

@check(3, "D18", nl="Elke herhaling geeft een eigen kopie: verandert de host het resultaat van een latere herhaling, "
       "dan verandert een eerder resultaat niet mee.",
       en="Every replay returns a copy of its own: when the host changes the result of a later replay, an earlier "
          "result does not change with it.",
       hint_nl="Maak bij elke herhaling een nieuwe dictionary; hergebruik er geen tussen calls.",
       hint_en="Make a new dictionary for every replay; reuse none between calls.")
def test_d18_replays_share_no_result(student):
    scene = Scene(student)
    scene.run()
    scene.run("q", call_id="c2", version=1, status="open")
    first = scene.attempt(approval="empty")
    expect_replay(first, 1)
    scene.say("r1 = r")
    second = scene.call(P(call_id="c2", version=1, status="open"), "learner", set(), "q, 'learner', set()")
    expect_replay(second, 2, value="open")
    set_in(second, "version", 900)
    scene.say("r['version'] = 900")
    found = plain(first.returned())
    if not (isinstance(found, dict) and found.get("version") == 1 and found.get("value") == "done"):
        raise Mismatch(scene.tried("r1"), "{'status': 'ok', 'version': 1, 'ticket': 'lamp', 'value': 'done', ...}",
                       said(f"r1 is nu {show(found)}", f"r1 is now {show(found)}"))


@check(3, "D18", nl="Een herhaling geeft het resultaat van haar eigen call-ID terug, ook als een eerdere call dezelfde "
       "wijziging deed (lamp op done).",
       en="A replay returns the result of its own call id, also when an earlier call made the same change (lamp to "
          "done).",
       hint_nl="Zoek het bewaarde resultaat op onder de call-ID van het voorstel, niet op ticket en waarde.",
       hint_en="Look the stored result up under the proposal's call id, not by ticket and value.")
def test_d18_replay_of_a_repeated_change(student):
    scene = Scene(student)
    scene.run()  # c1: lamp done, version 1
    scene.run("q", call_id="c2", version=1, status="open")
    scene.run("s", call_id="c3", version=2)  # lamp done again, version 3
    s = P(call_id="c3", version=2)
    expect_replay(scene.call(s, "learner", set(), "s, 'learner', set()"), 3)


# Refusals under a call id the log holds: their dicts (extra keys are free, A6) hand out nothing of the stored row.
KNOWN_ID_REFUSALS = [("learner", "own", {"status": "open"}, "call-id-conflict"), ("other", "own", {}, "forbidden"),
                     ("learner", "own", {"name": "delete_ticket"}, "unknown-tool")]


@check(3, "D18-D19", nl="Een weigering onder een bekende call-ID deelt niets met het log: verandert de host wat die "
       "teruggaf, dan blijven completed en de latere herhaling zoals ze waren.",
       en="A refusal under a known call id shares nothing with the log: when the host changes what it returned, "
          "completed and the later replay stay as they were.",
       hint_nl="Geef bij een weigering hoogstens kopieën terug van wat in completed staat, nooit de rij of het "
               "bewaarde resultaat zelf.",
       hint_en="With a refusal, return at most copies of what completed holds, never the row or the stored result itself.")
def test_d18_d19_refusal_under_known_call_id_shares_nothing(student):
    scene = Scene(student)
    scene.run()
    before = snapshot(student, completed=scene.log)
    changed = []
    for host, approval, changes, status in KNOWN_ID_REFUSALS:
        call = scene.attempt(host, approval, **changes)
        expect_status(call, status)
        changed += change_nested(scene, call)  # every dict or list inside what it returned
    expect_unchanged(scene.tried("completed"), before, student, completed=scene.log)
    replay = scene.attempt(approval="empty")
    expect_replay(replay, 1)
    expect_no_leak(replay, changed)
