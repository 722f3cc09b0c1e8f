"""Checkpoint 3: the lesson's worked examples Ex 3-5, printed as the lesson prints them."""

from checks import lesson
from checks.dispatching import H, MISSING, Scene, dig, set_in
from checks.host import dig_as_host
from grader.battery import Mismatch, check, said
from grader.values import plain, show

P = lesson.proposal
DIGEST = H(P())


# Ex 3-5: the lesson's worked examples ----------------------------------------------------------

def printed(*values):
    """What the lesson's print(...) shows for plain values; None when it raises KeyError (a key is missing)."""
    return None if any(value is MISSING for value in values) else " ".join(str(value) for value in values)


def expect_printed(scene, line, expected, *values, result=MISSING):
    """Pass when the lesson's ``line`` (a print) would show ``expected``; it then stays in the scene's script
    with what it showed, so that a later failure shows every print of the example up to it. ``result``: the plain
    value of ``r`` the line reads, shown when the print stops with KeyError."""
    shown = printed(*values)
    if shown != expected:
        r_nl, r_en = ("", "") if result is MISSING else (f" (r is {show(result)})", f" (r is {show(result)})")
        got = said(f"print toont: {shown}", f"print shows: {shown}") if shown is not None else said(
            f"print stopt met KeyError: een sleutel die deze regel leest, ontbreekt{r_nl}",
            f"print stops with KeyError: a key this line reads is missing{r_en}")
        raise Mismatch(scene.tried(line), said(f"print toont: {expected}", f"print shows: {expected}"), got)
    scene.say(f"{line}  # {expected}")


def lesson_scene(student):
    """The host of Ex 3: approved = {H(p)}, lamp and sensor open at version 0, an empty log."""
    scene = Scene(student)
    scene.lines.insert(0, "approved = {H(p)}")
    return scene, {DIGEST}


@check(3, "Ex 3", nl="Het voorbeeld in deel 3 van de les geeft ok 1 en daarna done open.",
       en="The example in part 3 of the lesson prints ok 1 and then done open.",
       hint_nl="Met een passende goedkeuring wordt alleen lamp done en stijgt de versie naar 1.",
       hint_en="With a matching approval only lamp becomes done and the version rises to 1.")
def test_ex3_lesson_example(student):
    scene, approved = lesson_scene(student)
    call = scene.call(P(), "learner", approved, "p, 'learner', approved")
    state = plain(scene.state)
    line = "print(r['status'], state['version'])"
    result = plain(call.returned())
    expect_printed(scene, line, "ok 1", dig(result, "status"), dig(state, "version"), result=result)
    line = "print(state['tickets']['lamp'], state['tickets']['sensor'])"
    expect_printed(scene, line, "done open", dig(state, "tickets", "lamp"), dig(state, "tickets", "sensor"))


@check(3, "Ex 4", nl="Het eerste voorbeeld in deel 4 van de les geeft True 1, dan 1, dan forbidden.",
       en="The first example in part 4 of the lesson prints True 1, then 1, then forbidden.",
       hint_nl="Herhaal zonder nieuwe goedkeuring het bewaarde resultaat als kopie, maar controleer eerst de actor.",
       hint_en="Replay the stored result as a copy without a new approval, but check the actor first.")
def test_ex4_lesson_example(student):
    scene, approved = lesson_scene(student)
    scene.prepare(P(), "p", approved, "approved")
    call = scene.attempt(approval="empty")
    line = "print(r['replayed'], state['version'])"
    result = plain(call.returned())
    expect_printed(scene, line, "True 1", dig(result, "replayed"), dig(plain(scene.state), "version"), result=result)
    set_in(call, "version", 900)
    scene.say("r['version'] = 900")
    line = "print(completed['c1']['result']['version'])"
    expect_printed(scene, line, "1", dig_as_host(student, scene.log, "c1", "result", "version"))
    call = scene.call(P(), "other", set(), "p, 'other', set()")
    result = plain(call.returned())
    expect_printed(scene, "print(r['status'])", "forbidden", dig(result, "status"), result=result)


@check(3, "Ex 5", nl="Het tweede voorbeeld in deel 4 van de les (changed en new) geeft call-id-conflict en daarna stale-version 1.",
       en="The second example in part 4 of the lesson (changed and new) prints call-id-conflict and then stale-version 1.",
       hint_nl="Een bekende call-ID met andere inhoud is een conflict; een nieuwe call-ID met oude versie is stale.",
       hint_en="A known call id with other content is a conflict; a new call id with an old version is stale.")
def test_ex5_lesson_example(student):
    scene, approved = lesson_scene(student)
    scene.prepare(P(), "p", approved, "approved")
    replay = scene.attempt(approval="empty")
    if replay.error is None and issubclass(type(replay.value), dict):
        dict.__setitem__(replay.value, "version", 900)
    scene.say("r['version'] = 900")
    scene.call(P(), "other", set(), "p, 'other', set()")
    scene.say("changed = {**p, 'arguments': {'ticket': 'lamp', 'status': 'open'}}")
    call = scene.call(P(status="open"), "learner", approved, "changed, 'learner', approved")
    result = plain(call.returned())
    expect_printed(scene, "print(r['status'])", "call-id-conflict", dig(result, "status"), result=result)
    scene.say("new = {**p, 'call_id': 'c2'}")
    call = scene.call(P(call_id="c2"), "learner", approved, "new, 'learner', approved")
    line = "print(r['status'], state['version'])"
    result = plain(call.returned())
    expect_printed(scene, line, "stale-version 1", dig(result, "status"), dig(plain(scene.state), "version"),
                   result=result)
