"""Checkpoint 1: what validate_ticket_proposal returns is a new dictionary, independent of its input and judged anew
at every call, and the input is left alone (CONTRACT.md V8-V11)."""

import copy
import types

import pytest

from checks import lesson
from checks.validating import LESSON_P, OVER_LIMITS, REPAIRABLE, VALIDATE, Case, case_id
from grader.battery import MemoryLimit, Mismatch, check, said
from grader.values import plain, same, show

# --- V9, V10, V11: a new dictionary, independent of the input, and the input left alone ------------

def returned_dict(call) -> dict:
    """The raw returned object when its exact type is (a subclass of) dict; a mismatch otherwise.

    The type is read with ``type()``, which the returned object cannot fake.
    """
    raw = call.returned()
    if not issubclass(type(raw), dict):
        raise Mismatch(call.shown, said("een nieuwe dictionary (een dict)", "a new dictionary (a dict)"), not_a_dict(call))
    return raw


def not_a_dict(call) -> str | dict:
    """What a call returned instead of a dict, in words where its rendering would look like one."""
    if type(call.value) is types.MappingProxyType:  # reads like a dict, but nothing can change it
        return said("gaf een alleen-lezen mappingproxy (types.MappingProxyType) terug, geen dict: "
                    "wie het resultaat krijgt, kan het niet aanpassen",
                    "returned a read-only mappingproxy (types.MappingProxyType), not a dict: "
                    "whoever gets the result cannot change it")
    return call.got()


def raw_arguments(call, raw: dict) -> dict:
    """The raw ``arguments`` dict inside a returned dict, read with dict's own method."""
    arguments = dict.get(raw, "arguments")
    if not issubclass(type(arguments), dict):
        raise Mismatch(call.shown, said("een dictionary met arguments als dictionary",
                                        "a dictionary with arguments as a dictionary"), call.got())
    return arguments


@check(1, "V9", nl="Het resultaat is een nieuwe dictionary, niet het invoerobject zelf.",
       en="The result is a new dictionary, not the input object itself.",
       hint_nl="Bouw een nieuwe dictionary om terug te geven, niet de invoer zelf en geen alleen-lezen weergave ervan.",
       hint_en="Build a new dictionary to return: not the input itself, nor a read-only view of it.")
def test_v9_result_is_new_object(student):
    p = lesson.proposal()
    call = student.call(VALIDATE, p, shown=LESSON_P.shown())
    if call.error is None and not issubclass(type(call.value), dict):  # V8 checks the value; a copy is a dict
        raise Mismatch(call.shown, said("een nieuwe dictionary (een dict)", "a new dictionary (a dict)"), not_a_dict(call))
    if call.returned() is p:
        raise Mismatch("validate_ticket_proposal(p) is p", "False",
                       said("True: het resultaat is p zelf", "True: the result is p itself"))


@check(1, "V9", nl="Ook een voorstel dat de functie eerder zelf teruggaf, komt terug als nieuwe dictionary.",
       en="A proposal the function returned earlier itself also comes back as a new dictionary.",
       hint_nl="Bouw bij elke aanroep een nieuwe dictionary, ook als de invoer al eens gevalideerd is.",
       hint_en="Build a new dictionary on every call, also when the input was validated before.")
def test_v9_validated_again_is_new_object(student):
    tried = "clean = validate_ticket_proposal(p)\nvalidate_ticket_proposal(clean) is clean"
    clean = student.call(VALIDATE, lesson.proposal(), shown=tried).returned()
    again = student.call(VALIDATE, clean, shown=tried)
    # Only the identity is this check's business: whether a result of a dict subclass is itself
    # accepted as a proposal is open (CONTRACT.md A1, A10), so a raising call passes here.
    if again.error is None and again.value is clean:
        raise Mismatch(tried, "False", said("True: het resultaat is clean zelf", "True: the result is clean itself"))


@check(1, "V10", nl="Het voorbeeld uit de les drukt done af: een latere wijziging van p raakt het resultaat niet.",
       en="The lesson's example prints done: a later change to p does not reach the result.",
       hint_nl="Kopieer ook de nested arguments, zodat het resultaat de beoordeelde inhoud bewaart.",
       hint_en="Copy the nested arguments as well, so that the result keeps the reviewed content.")
def test_v10_lesson_example_1_prints_done(student):
    p = lesson.proposal()
    arguments = p["arguments"]
    tried = ("clean = validate_ticket_proposal(p)\np['arguments']['status'] = 'open'\n"
             "print(clean['arguments']['status'])")
    call = student.call(VALIDATE, p, shown=tried)
    raw = call.returned()  # what the example reads, whatever its type (A10; V9 checks that it is a dict)
    arguments["status"] = "open"
    value = plain(raw)
    if type(value) is not dict:
        raise Mismatch(tried, said("een dictionary", "a dictionary"), call.got())
    status = value["arguments"].get("status") if type(value.get("arguments")) is dict else None
    if not same(status, "done"):
        raise Mismatch(tried, "done", said(f"clean['arguments'] is nu {show(value.get('arguments'))}",
                                           f"clean['arguments'] is now {show(value.get('arguments'))}"))
    try:  # as the example reads it (CONTRACT.md A10 leaves the result's type free, not what it shows)
        read = plain(raw["arguments"]["status"])
    except MemoryError:
        raise MemoryLimit() from None
    except Exception as error:  # a dict subclass's own __getitem__ is the submission's code
        kind = type(error).__name__[:60]
        raise Mismatch(tried, "done", said(f"clean['arguments']['status'] gaf de fout {kind}",
                                           f"clean['arguments']['status'] raised {kind}")) from None
    if not same(read, "done"):
        raise Mismatch(tried, "done", said(f"clean['arguments']['status'] geeft nu {show(read)}",
                                           f"clean['arguments']['status'] now gives {show(read)}"))


def _mutate_input(p: dict, arguments: dict, how: str) -> None:
    """Change our own input after the call; ``arguments`` is p's own arguments dict, kept beforehand."""
    if how == "arguments-ticket":
        arguments["ticket"] = "sensor"
    elif how == "arguments-new-key":
        arguments["approved"] = True
    elif how == "arguments-cleared":
        arguments.clear()
    elif how == "top-level-version":
        p["version"] = 5
    elif how == "top-level-actor":
        p["actor"] = "mallory"
    elif how == "top-level-arguments-replaced":
        p["arguments"] = {"ticket": "sensor", "status": "open"}
    elif how == "top-level-approved-added":
        p["approved"] = True


INPUT_CHANGES = {
    "arguments-ticket": "p['arguments']['ticket'] = 'sensor'",
    "arguments-new-key": "p['arguments']['approved'] = True",
    "arguments-cleared": "p['arguments'].clear()",
    "top-level-version": "p['version'] = 5",
    "top-level-actor": "p['actor'] = 'mallory'",
    "top-level-arguments-replaced": "p['arguments'] = {'ticket': 'sensor', 'status': 'open'}",
    "top-level-approved-added": "p['approved'] = True",
}


@check(1, "V10", nl="Als de invoer na de aanroep verandert, blijft het resultaat gelijk aan het beoordeelde voorstel.",
       en="When the input changes after the call, the result stays equal to the reviewed proposal.",
       hint_nl="Geef een nieuwe dictionary terug met een eigen kopie van arguments, zonder verwijzing naar de invoer.",
       hint_en="Return a new dictionary with its own copy of arguments, holding no reference to the input.")
@pytest.mark.parametrize("how", list(INPUT_CHANGES))
def test_v10_input_changed_after_call(student, how):
    p = lesson.proposal()
    arguments = p["arguments"]
    tried = f"clean = validate_ticket_proposal(p)\n{INPUT_CHANGES[how]}\nclean"
    call = student.call(VALIDATE, p, shown=tried)
    raw = call.returned()
    _mutate_input(p, arguments, how)
    value = plain(raw)
    if not same(value, lesson.proposal()):
        raise Mismatch(tried, show(lesson.proposal()), said(f"clean is nu {show(value)}", f"clean is now {show(value)}"))


RESULT_CHANGES = {
    "arguments-status": "clean['arguments']['status'] = 'open'",
    "arguments-new-key": "clean['arguments']['approved'] = True",
    "top-level-version": "clean['version'] = 5",
    "top-level-approved-added": "clean['approved'] = True",
}


@check(1, "V10", nl="Een wijziging in het resultaat verandert de invoer niet.",
       en="A change to the result does not change the input.",
       hint_nl="Laat het resultaat en zijn arguments geen objecten met de invoer delen.",
       hint_en="Let the result and its arguments share no objects with the input.")
@pytest.mark.parametrize("how", list(RESULT_CHANGES))
def test_v10_result_changed_input_unchanged(student, how):
    p = lesson.proposal()
    tried = f"clean = validate_ticket_proposal(p)\n{RESULT_CHANGES[how]}\np"
    call = student.call(VALIDATE, p, shown=tried)
    raw = returned_dict(call)
    if how.startswith("arguments-"):
        key, item = ("status", "open") if how == "arguments-status" else ("approved", True)
        dict.__setitem__(raw_arguments(call, raw), key, item)
    else:
        key, item = ("version", 5) if how == "top-level-version" else ("approved", True)
        dict.__setitem__(raw, key, item)
    value = plain(p)
    if not same(value, lesson.proposal()):
        raise Mismatch(tried, show(lesson.proposal()), said(f"p is nu {show(value)}", f"p is now {show(value)}"))


IN_PLACE_CHANGES = {  # how the caller changes p in place between two calls -> (code, change, outcome)
    "status-open": ("p['arguments']['status'] = 'open'",
                    lambda p, arguments: arguments.__setitem__("status", "open"), {"status": "open"}),
    "version": ("p['version'] = 7", lambda p, arguments: p.__setitem__("version", 7), {"version": 7}),
    "status-closed": ("p['arguments']['status'] = 'closed'",
                      lambda p, arguments: arguments.__setitem__("status", "closed"), None),
    "approved-added": ("p['approved'] = True", lambda p, arguments: p.__setitem__("approved", True), None),
    # A memory of verdicts looked up before the keys of arguments are checked lets this through.
    "arguments-approved-added": ("p['arguments']['approved'] = True",
                                 lambda p, arguments: arguments.__setitem__("approved", True), None),
    # An invalid value in each other field: a memory of verdicts that leaves one field out (the call id, new for every
    # call; the name, which only the dispatcher compares with set_ticket) lets that field's change through.
    **{f"{case_id(field)}-invalid": (f"p[{field!r}] = {value!r}",
                                     lambda p, arguments, field=field, value=value: p.__setitem__(field, value), None)
       for field, value in (("call_id", "1c"), ("actor", "learner!"), ("name", "set.ticket"))},
    "ticket-invalid": ("p['arguments']['ticket'] = 'Lamp'",
                       lambda p, arguments: arguments.__setitem__("ticket", "Lamp"), None),
    # Equal (==) to the accepted 0 but invalid (V4): a memory that compares the object with == lets it through.
    "version-float": ("p['version'] = 0.0", lambda p, arguments: p.__setitem__("version", 0.0), None),
}


@check(1, "V8", nl="Elke aanroep beoordeelt het voorstel zoals het nu is: verandert p na een eerdere aanroep, dan "
       "telt de nieuwe inhoud.",
       en="Every call judges the proposal as it is now: when p changes after an earlier call, the new content counts.",
       hint_nl="Onthoud geen eerder oordeel over hetzelfde object; controleer en kopieer bij elke aanroep opnieuw.",
       hint_en="Do not remember an earlier verdict on the same object; check and copy again on every call.")
@pytest.mark.parametrize("how", list(IN_PLACE_CHANGES))
def test_v8_input_changed_in_place_judged_again(student, how):
    code, change, fields = IN_PLACE_CHANGES[how]
    p = lesson.proposal()
    arguments = p["arguments"]  # changed as the check's own dict, even if the call took it out of p
    tried = f"validate_ticket_proposal(p)\n{code}\nvalidate_ticket_proposal(p)"
    student.call(VALIDATE, p, shown=tried)  # any outcome: V8 checks the first call itself
    change(p, arguments)
    call = student.call(VALIDATE, p, shown=tried)
    if fields is None:
        call.expect_value_error()
    else:
        call.expect_plain(lesson.proposal(**fields))


def expect_input_unchanged(student, case: Case, function: str = VALIDATE) -> None:
    """Call ``function`` on a fresh input and check, by value, that the input is still what it was."""
    p = case.build()
    before = copy.deepcopy(p)
    student.call(function, p, shown=case.shown(function))  # returning or raising: both are fine here
    after = plain(p)
    if not same(after, before):
        if case.arg == "p":
            tried = f"{function}(p)\np"
        else:
            note = f"  # {case.note}" if case.note else ""
            tried = f"q = {case.arg}{note}\n{function}(q)\nq"
        raise Mismatch(tried, show(before), said(f"de invoer is nu {show(after)}", f"the input is now {show(after)}"))


UNCHANGED_CASES = [
    pytest.param(LESSON_P, id="lesson-p"),
    pytest.param(Case("dict(reversed(list(p.items())))", lambda: dict(reversed(list(lesson.proposal().items())))),
                 id="reversed-order"),
    *[pytest.param(case, id=name) for name, case in REPAIRABLE],  # not filled in, cleaned up or converted
    *[pytest.param(case, id=name) for name, case in OVER_LIMITS],  # not "repaired" before the ValueError
]


@check(1, "V11", nl="De functie verandert haar invoer nooit, ook niet als die ongeldig is.",
       en="The function never changes its input, not even when it is invalid.",
       hint_nl="Lees de invoer alleen; verwijder, vervang of normaliseer er niets in.",
       hint_en="Only read the input; do not remove, replace or normalise anything in it.")
@pytest.mark.parametrize("case", UNCHANGED_CASES)
def test_v11_input_not_mutated(student, case):
    expect_input_unchanged(student, case)


@check(1, "V11", nl="Een voorstel met een status of versie van een speciaal soort str of int (zoals een Enum): "
       "aanvaarden of weigeren mag, maar die waarde blijft erin zoals ze was, met haar type.",
       en="A proposal with a status or version of a special kind of str or int (such as an Enum): accepting or "
          "refusing it is fine, but that value stays in it as it was, with its type.",
       hint_nl="Zet een waarde in de invoer niet om naar een gewone str of int; doe dat zo nodig in je eigen kopie.",
       hint_en="Do not convert a value in the input to a plain str or int; do that in your own copy if you need to.")
@pytest.mark.parametrize("kind", list(lesson.SUBCLASSED))
def test_v11_subclass_values_kept_as_given(student, kind):
    code, build = lesson.SUBCLASSED[kind]
    q = build()
    arguments = dict.get(q, "arguments")
    before = [(type(value), value) for value in (dict.get(q, "version"), dict.get(arguments, "status"))]
    student.call(VALIDATE, q, shown=f"{lesson.SUBCLASS_TYPES}\nq = {code}\nvalidate_ticket_proposal(q)\nq")
    arguments = dict.get(q, "arguments")
    after = [(type(value), value) for value in (dict.get(q, "version"),
                                                dict.get(arguments, "status") if type(arguments) is dict else None)]
    if after != before or any(kind_after is not kind_before for (kind_after, _), (kind_before, _) in zip(after, before)):
        tried = f"{lesson.SUBCLASS_TYPES}\nq = {code}\nvalidate_ticket_proposal(q)\nq"
        raise Mismatch(tried, said("q houdt zijn waarden, met hun type", "q keeps its values, with their types"),
                       said(f"q is nu {q!r}", f"q is now {q!r}"))
