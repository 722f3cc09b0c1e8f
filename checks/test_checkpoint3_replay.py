"""Checkpoint 3: what dispatch_ticket changes, records and replays (CONTRACT.md D15-D18; refusals, D19-D20:
test_checkpoint3_replay_refusals.py)."""

import pytest

from checks import lesson
from checks.dispatching import (DISPATCH, H, MISSING, Scene, change_nested, dig, expect_no_leak, expect_replay,
                                expect_status, expect_success, set_in)
from checks.host import dig_as_host, expect_unchanged, snapshot
from grader.battery import Mismatch, check, said
from grader.values import plain, same, show

P = lesson.proposal
DIGEST = H(P())


def expect_value(tried, expected, found, what):
    """A value read from the caller's objects (plain) equals ``expected`` exactly."""
    if not same(found, expected):
        got = said(f"{what} ontbreekt", f"{what} is missing") if found is MISSING else \
            said(f"{what} is {show(found)}", f"{what} is {show(found)}")
        raise Mismatch(tried, repr(expected), got)


# D15, D16: a successful call ----------------------------------------------------------------

SUCCESSES = [  # (id, changes to p, host version, host tickets, tickets afterwards, (ticket, value))
    ("lesson", {}, 0, {}, {"lamp": "done", "sensor": "open"}, ("lamp", "done")),
    ("same-status", {"status": "open"}, 0, {}, {"lamp": "open", "sensor": "open"}, ("lamp", "open")),
    ("version-41", {"version": 41, "ticket": "sensor"}, 41, {"lamp": "done", "sensor": "open", "pump": "done"},
     {"lamp": "done", "sensor": "done", "pump": "done"}, ("sensor", "done")),
]


def succeed(student, case):
    """Dispatch the case's approved proposal on its host state; returns the scene and the call."""
    scene = Scene(student, case[2], **case[3])
    return scene, scene.attempt(**case[1])


@check(3, "D15",
       nl="Bij succes past dispatch_ticket de state van de aanroeper zelf aan: alleen dat ticket en versie + 1.",
       en="On success dispatch_ticket changes the caller's own state: only that ticket and version + 1.",
       hint_nl="Wijzig het meegegeven state-object zelf; dezelfde status opnieuw zetten is ook een geslaagde call.",
       hint_en="Change the given state object itself; setting the same status again is also a successful change.")
@pytest.mark.parametrize("case", SUCCESSES, ids=[c[0] for c in SUCCESSES])
def test_d15_state_changed_in_place(student, case):
    scene, call = succeed(student, case)
    expect_status(call, "ok")
    expected = {"version": case[2] + 1, "tickets": case[4]}
    expect_value(scene.tried("state"), expected, plain(scene.state), "state")


@check(3, "D16",
       nl="Een geslaagde call geeft status ok, de nieuwe versie, het ticket, de nieuwe waarde en replayed=False.",
       en="A successful call returns status ok, the new version, the ticket, the new value and replayed=False.",
       hint_nl="Bouw het resultaat uit de nieuwe versie en de argumenten; replayed is de bool False.",
       hint_en="Build the result from the new version and the arguments; replayed is the bool False.")
@pytest.mark.parametrize("case", SUCCESSES, ids=[c[0] for c in SUCCESSES])
def test_d16_success_result(student, case):
    _, call = succeed(student, case)
    expect_success(call, case[2] + 1, *case[5])


@check(3, "D16", nl="Ook met de sleutels in een andere volgorde zet een geslaagde call het juiste ticket op de juiste "
       "waarde.",
       en="With the keys in another order too, a successful call sets the right ticket to the right value.",
       hint_nl="Lees ticket en status op hun naam uit arguments, niet op hun plaats (zoals .values() doet).",
       hint_en="Read ticket and status from arguments by name, not by their place (as .values() does).")
def test_d16_success_other_key_order(student):
    scene = Scene(student)
    reordered = {**dict(reversed(list(P().items()))), "arguments": {"status": "done", "ticket": "lamp"}}
    scene.say("q = {**dict(reversed(list(p.items()))), 'arguments': {'status': 'done', 'ticket': 'lamp'}}")
    expect_success(scene.call(reordered, "learner", {DIGEST}, "q, 'learner', {H(q)}"), 1, "lamp", "done")
    expect_value(scene.tried("state"), {"version": 1, "tickets": {"lamp": "done", "sensor": "open"}},
                 plain(scene.state), "state")


# D17: the completed row ---------------------------------------------------------------------

@check(3, "D17", nl="Elke geslaagde call voegt precies één rij toe onder zijn eigen call-ID (C1 is niet c1), met de "
       "nieuwe versie in result.",
       en="Every successful call adds exactly one row under its own call id (C1 is not c1), with the new version "
       "in result.",
       hint_nl="Bewaar na het slagen een rij completed[call_id] onder precies die call-ID, met de vingerafdruk en "
               "een kopie van het resultaat.",
       hint_en="After success, store one row completed[call_id] under exactly that call id, with the fingerprint "
               "and a copy of the result.")
def test_d17_one_row_per_success(student):
    scene = Scene(student)
    scene.run()
    before = plain(scene.log)
    scene.run("q", call_id="c2", version=1, status="open")
    expect_value(scene.tried("completed['c1']"), dig(before, "c1"), dig(plain(scene.log), "c1"), "completed['c1']")
    # Call ids are compared exactly (D10): C1 is a new call, neither a replay of c1 nor a conflict with it.
    upper = scene.name("u", call_id="C1", version=2)
    expect_success(scene.call(upper, "learner", {H(upper)}, "u, 'learner', {H(u)}"), 3)
    after = plain(scene.log)
    keys = sorted(after) if all(type(key) is str for key in after) else list(after)
    expect_value(scene.tried("sorted(completed)"), ["C1", "c1", "c2"], keys, "sorted(completed)")
    expect_value(scene.tried("completed['c1']"), dig(before, "c1"), dig(after, "c1"), "completed['c1']")
    stored = dig_as_host(student, scene.log, "c2", "result", "version")
    expect_value(scene.tried("completed['c2']['result']['version']"), 2, stored, "completed['c2']['result']['version']")
    stored = dig_as_host(student, scene.log, "C1", "result", "version")
    expect_value(scene.tried("completed['C1']['result']['version']"), 3, stored, "completed['C1']['result']['version']")


@check(3, "D17",
       nl="Het bewaarde resultaat is een kopie: het teruggegeven resultaat wijzigen, ook wat erin genest zit, "
          "verandert completed en herhaling niet.",
       en="The stored result is a copy: changing the returned result, nested parts included, changes neither "
          "completed nor a replay.",
       hint_nl="Bewaar in completed een eigen kopie van het resultaat, ook van elke dictionary of lijst erin.",
       hint_en="Store your own copy of the result in completed, also of every dictionary or list inside it.")
def test_d17_stored_result_is_a_copy(student):
    scene = Scene(student)
    call = scene.run()
    before = snapshot(student, completed=scene.log)
    set_in(call, "version", 900)
    scene.say("r['version'] = 900")
    changed = change_nested(scene, call)  # any dict or list inside r as well (extra keys, A6)
    stored = dig_as_host(student, scene.log, "c1", "result", "version")
    expect_value(scene.tried("completed['c1']['result']['version']"), 1, stored, "completed['c1']['result']['version']")
    expect_unchanged(scene.tried("completed"), before, student, completed=scene.log)
    replay = scene.attempt(approval="empty")
    expect_replay(replay, 1)
    expect_no_leak(replay, changed)


CHANGED_AFTER = {  # how the caller changes its own p in place after p succeeded
    "arguments-status": ("p['arguments']['status'] = 'open'", lambda p: p["arguments"].__setitem__("status", "open")),
    "version": ("p['version'] = 1", lambda p: p.__setitem__("version", 1)),
}


@check(3, "D10",
       nl="Verandert de aanroeper zijn voorstel na een geslaagde call, dan is dezelfde call-ID met die nieuwe inhoud "
          "een conflict, geen herhaling.",
       en="When the caller changes its proposal after a successful call, the same call id with that new content "
          "is a conflict, not a replay.",
       hint_nl="Bewaar de vingerafdruk (of een eigen kopie) van wat je uitvoerde, geen verwijzing naar het voorstel "
               "van de aanroeper.",
       hint_en="Store the fingerprint (or your own copy) of what you carried out, not a reference to the caller's "
               "proposal.")
@pytest.mark.parametrize("how", list(CHANGED_AFTER))
def test_d10_conflict_after_caller_changed_proposal(student, how):
    scene = Scene(student)
    p = P()
    scene.prepare(p, "p")
    code, change = CHANGED_AFTER[how]
    change(p)
    scene.say(code)
    expect_status(scene.call(p, "learner", set(), "p, 'learner', set()"), "call-id-conflict")


@check(3, "D10", nl="Twee hosts met elk een eigen completed-log mogen dezelfde call-ID gebruiken: elke host krijgt de "
       "herhaling of het conflict volgens zijn eigen log.",
       en="Two hosts, each with its own completed log, may use the same call id: each host gets the replay or the "
          "conflict its own log calls for.",
       hint_nl="Bewaar vingerafdruk en resultaat in de rij van het completed-log van de aanroeper, niet in een "
               "variabele van je module.",
       hint_en="Keep the fingerprint and the result in the row of the caller's completed log, not in a variable of "
               "your module.")
def test_d10_two_hosts_same_call_id(student):
    first = Scene(student)
    first.run()  # host 1: p (c1, lamp done) succeeded
    lines = list(first.lines)
    state2, log2 = lesson.state(), {}
    q = P(ticket="sensor", status="open")
    lines += [f"state2 = {state2!r}", "completed2 = {}",
              "q = {**p, 'arguments': {'ticket': 'sensor', 'status': 'open'}}"]
    line = "r = dispatch_ticket(q, 'learner', {H(q)}, state2, completed2)"
    call = student.call(DISPATCH, q, lesson.fresh("learner"), {H(q)}, state2, log2, shown="\n".join(lines + [line]))
    expect_success(call, 1, "sensor", "open")
    lines.append(line + "  # ok")
    steps = [  # (proposal, name, state, log, log name, outcome)
        (P(), "p", first.state, first.log, "state, completed", ("replay", 1)),
        (P(), "p", state2, log2, "state2, completed2", "call-id-conflict"),
        (P(ticket="sensor", status="open"), "q", first.state, first.log, "state, completed", "call-id-conflict"),
    ]
    for proposal, name, state, log, where, outcome in steps:
        line = f"r = dispatch_ticket({name}, 'learner', set(), {where})"
        call = student.call(DISPATCH, proposal, lesson.fresh("learner"), set(), state, log,
                            shown="\n".join(lines + [line]))
        if outcome == ("replay", 1):
            expect_replay(call, 1)
        else:
            expect_status(call, outcome)
        lines.append(line)


# D18: replay --------------------------------------------------------------------------------

@check(3, "D18",
       nl="Een herhaalde call geeft het oorspronkelijke resultaat terug met replayed=True, ook na latere calls.",
       en="A repeated call returns the original result with replayed=True, also after later calls.",
       hint_nl="Geef bij een herhaling een kopie van het resultaat dat bij die call-ID bewaard is, met replayed True.",
       hint_en="For a replay, return a copy of the result stored under that call id, with replayed True.")
def test_d18_replay_returns_original_result(student):
    scene = Scene(student)
    scene.run()
    q = scene.name("q", call_id="c2", version=1, status="open")
    scene.prepare(q, "q")
    expect_replay(scene.attempt(approval="empty"), 1)
    expect_replay(scene.call(q, "learner", {H(q)}, "q, 'learner', {H(q)}"), 2, value="open")


@check(3, "D18", nl="Een herhaling verandert niets: state, completed en approved blijven gelijk.",
       en="A replay changes nothing: state, completed and approved stay the same.",
       hint_nl="Een herhaling leest alleen het bewaarde resultaat: geen nieuwe wijziging, niets bijschrijven.",
       hint_en="A replay only reads the stored result; do not perform the change again and write nothing.")
def test_d18_replay_changes_nothing(student):
    scene = Scene(student)
    scene.run()
    approved = {H(P(call_id="c2"))}
    before = snapshot(student, state=scene.state, completed=scene.log, approved=approved)
    call = scene.call(P(), "learner", approved, "p, 'learner', {H({**p, 'call_id': 'c2'})}")
    expect_replay(call, 1)
    expect_unchanged(call.shown, before, student, state=scene.state, completed=scene.log, approved=approved)


@check(3, "D18",
       nl="Een herhaling voert de oude wijziging niet opnieuw uit, ook niet nadat een latere call hetzelfde ticket "
          "veranderde.",
       en="A replay does not perform the old change again, not even after a later call changed the same ticket.",
       hint_nl="Bij een herhaling raak je state niet aan: je geeft alleen een kopie van het bewaarde resultaat terug.",
       hint_en="On a replay, leave state alone: only return a copy of the stored result.")
def test_d18_replay_after_a_later_change_changes_nothing(student):
    scene = Scene(student)
    scene.run()
    q = scene.name("q", call_id="c2", version=1, status="open")
    scene.prepare(q, "q")
    approved: set = set()
    before = snapshot(student, state=scene.state, completed=scene.log, approved=approved)
    call = scene.call(P(), "learner", approved, "p, 'learner', set()")
    expect_replay(call, 1)
    expect_unchanged(call.shown, before, student, state=scene.state, completed=scene.log, approved=approved)


@check(3, "D18",
       nl="Het resultaat van een herhaling is een kopie: het wijzigen ervan, ook van wat erin genest zit, verandert "
          "completed en latere herhalingen niet.",
       en="A replay's result is a copy: changing it, nested parts included, changes neither completed nor later "
          "replays.",
       hint_nl="Geef bij elke herhaling een nieuwe kopie terug, ook van elke dictionary of lijst erin.",
       hint_en="Return a new copy for every replay, also of every dictionary or list inside it.")
def test_d18_replay_result_is_a_copy(student):
    scene = Scene(student)
    scene.run()
    call = scene.attempt(approval="empty")
    expect_replay(call, 1)
    before = snapshot(student, completed=scene.log)
    set_in(call, "version", 900)
    scene.say("r['version'] = 900")
    changed = change_nested(scene, call)  # any dict or list inside r as well (extra keys, A6)
    stored = dig_as_host(student, scene.log, "c1", "result", "version")
    expect_value(scene.tried("completed['c1']['result']['version']"), 1, stored, "completed['c1']['result']['version']")
    expect_unchanged(scene.tried("completed"), before, student, completed=scene.log)
    later = scene.attempt(approval="empty")
    expect_replay(later, 1)
    expect_no_leak(later, changed)
