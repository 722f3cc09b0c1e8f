"""Checkpoint 3: every success hands the host a dict of its own (CONTRACT.md D16): a later call, refused or carried
out, leaves an earlier result as it was, and what the host does to one result shows up in no later one; the named
fields of a success or a replay hold what D16 and D18 say, whatever the tickets are called."""

from checks import lesson
from checks.dispatching import Scene, dig, expect_replay, expect_status, expect_success, set_in
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
