"""Tips that follow what a failed call did, where a check's own hint would speak of another mistake.

A check's hint names the usual mistake against its rule. Three findings say more precisely what is wrong: a
result with the expected status but another field (the version not raised, ``replayed`` as a text), another
exception than the ValueError expected (raised on purpose, or from a step of the student's code that stopped on
the input), and an input the host handed over that an earlier call changed (what followed is a knock-on).
grader.battery and checks/dispatching.py give these tips as a case's own hint; a step that stopped gets its tip
beside the check's hint, which still says what the rule asks. A call that met a module the sandbox does not offer gets
a tip about the modules the lesson needs (:func:`refusal_hint`), whatever the check.
"""

from __future__ import annotations

import re

from grader.values import a_or_an, same, show

# Types a plain result's field can have that a student knows by name.
_TYPES = frozenset({bool, int, float, str, list, dict, type(None)})
_RAISE = re.compile(r"raise\b")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,59}")


def _name(error: BaseException) -> str:
    """The name of ``error``'s class, or of its nearest base class with a plain name: a tip is report text, not code,
    and a class made with type() may have any name."""
    return next(kind.__name__ for kind in type(error).__mro__ if _NAME.fullmatch(kind.__name__))


def error_hint(error: BaseException | None, line: dict | None, optional: bool = False) -> dict | None:
    """The tip, in place of the check's hint, for a call that should raise ValueError but raised ``error`` with a
    ``raise`` statement on the student's ``line`` (``{"line": int, "source": str}``): a ``{"nl", "en"}`` pair asking
    for ValueError there (``optional``: the input may also be accepted, so a refusal of it asks for ValueError);
    None for any other call (see :func:`stop_tip`)."""
    if error is None or isinstance(error, ValueError) or line is None or not _RAISE.match(line["source"]):
        return None
    name, number = _name(error), line["line"]
    if optional:
        return {"nl": f"Je code geeft zelf een {name} (regel {number}). Deze invoer weigeren mag, maar geef daar dan "
                      "een ValueError.",
                "en": f"Your code raises {name} itself (line {number}). Refusing this input is allowed, but raise a "
                      "ValueError there."}
    return {"nl": f"Je code geeft zelf een {name} (regel {number}); bij ongeldige invoer hoort een ValueError. "
                  "Geef daar een ValueError.",
            "en": f"Your code raises {name} itself (line {number}); invalid input calls for a ValueError. "
                  "Raise a ValueError there."}


def stop_tip(error: BaseException | None, line: dict | None, optional: bool = False) -> dict | None:
    """The tip, beside the check's hint, for a call that should raise ValueError (``optional``: or return a value) but
    stopped with ``error`` on a step of the student's ``line`` (``{"line": int, "source": str}`` or None) that is no
    ``raise`` statement: a ``{"nl", "en"}`` pair saying where the code stopped (the check's hint says what to check);
    None when ``error`` is None, a ValueError or raised on purpose (:func:`error_hint`)."""
    if error is None or isinstance(error, ValueError) or (line is not None and _RAISE.match(line["source"])):
        return None
    name = _name(error)
    if optional:
        where_nl = f"Regel {line['line']} van je code stopt" if line else "Je code stopt"
        where_en = f"Line {line['line']} of your code stops" if line else "Your code stops"
        return {"nl": f"{where_nl} op deze invoer met een {name}. Aanvaard deze invoer, of weiger haar met een "
                      "ValueError.",
                "en": f"{where_en} on this input with {a_or_an(name)}. Accept this input, or refuse it with a "
                      "ValueError."}
    if line is None:
        return {"nl": f"Je code geeft hier een {name}; bij deze ongeldige invoer hoort een ValueError.",
                "en": f"Your code raises {name} here; this invalid input calls for a ValueError."}
    number = line["line"]
    return {"nl": f"Regel {number} van je code stopt op deze invoer met een {name}, voordat je functie een ValueError "
                  "geeft. Zorg dat je controles op elke invoer werken en deze invoer weigeren met een ValueError.",
            "en": f"Line {number} of your code stops on this input with {a_or_an(name)} before your function raises a "
                  "ValueError. Make your checks work on any input and refuse this one with a ValueError."}


def field_hint(expected: dict, got: object) -> dict | None:
    """The tip for a result ``got`` (a plain value) that has ``expected``'s status but not its other fields: about
    the first field of ``expected`` it lacks or has another value (or type) of, as a ``{"nl", "en"}`` pair; None
    when ``got`` is no dict, ``expected`` names no status or the statuses differ. The tip names the expected value
    and the type found, never the student's value (the finding shows that as code)."""
    if type(got) is not dict or "status" not in expected or not same(got.get("status"), expected["status"]):
        return None
    for key, want in expected.items():
        if key not in got:
            return {"nl": f"De status klopt, maar het resultaat mist {key}: verwacht {key} = {show(want)}.",
                    "en": f"The status is right, but the result lacks {key}: expected {key} = {show(want)}."}
        have = got[key]
        if same(have, want):
            continue
        if type(have) is not type(want) and type(have) in _TYPES:
            wanted, had = type(want).__name__, type(have).__name__
            return {"nl": f"De status klopt, maar {key} heeft het verkeerde type: verwacht {show(want)}, een {wanted}, "
                          f"geen {had}.",
                    "en": f"The status is right, but {key} has the wrong type: expected {show(want)}, {a_or_an(wanted)}, "
                          f"not {a_or_an(had)}."}
        return {"nl": f"De status klopt, maar {key} niet: verwacht {key} = {show(want)}. Ga na wat {key} na deze "
                      "call hoort te zijn.",
                "en": f"The status is right, but {key} is not: expected {key} = {show(want)}. Work out what {key} "
                      "should be after this call."}
    return None


def changed_input_hint(name: dict, before: object, after: object) -> dict:
    """The tip for a finding after an earlier call of the same check changed the input ``name`` (a ``{"nl", "en"}``
    pair: ``approved``, the proposal) from ``before`` to ``after`` (plain values): that change, as a ``{"nl", "en"}``
    pair, where the check's hint would send the student after the rule the later call tested."""
    sizes = {len(value) if isinstance(value, (set, frozenset, list, tuple, dict)) else None
             for value in (before, after)}
    if None in sizes or len(sizes) == 1:
        how_nl, how_en = "de inhoud", "its content"
    else:
        how_nl, how_en = f"van {len(before)} naar {len(after)} elementen", f"from {len(before)} to {len(after)} items"
    return {"nl": f"Een eerdere call van je functie in deze controle veranderde {name['nl']} ({how_nl}), dus deze call "
                  f"kreeg andere invoer dan de host gaf. Je functie mag {name['nl']} alleen lezen, nooit veranderen.",
            "en": f"An earlier call of your function in this check changed {name['en']} ({how_en}), so this call got "
                  f"other input than the host gave. Your function may only read {name['en']}, never change it."}


# What the sandbox says when a call meets a module it does not offer (grader/sandbox/imports.py): the module.
_REFUSED = re.compile(r"raised \w+: (?:[\w.]+ is not available in the grader: (?:module|only a part of module) "
                      r"(?P<module>[\w.]+)|import of '(?P<name>[\w.]+)' is not allowed in the grader)")


def refusal_hint(got: object) -> dict | None:
    """The hint for a call whose result ``got`` (a :func:`said` pair) is the sandbox's refusal of a module it does not
    offer, which any rule's own hint would miss: the modules the lesson needs, and which one to do without; else
    None."""
    found = _REFUSED.match(got["en"]) if isinstance(got, dict) and isinstance(got.get("en"), str) else None
    if found is None:
        return None
    module = found["module"] or found["name"]
    return {"nl": f"Deze opdracht heeft geen andere modules nodig dan re, json, hashlib en copy: schrijf dit stuk "
                      f"zonder {module}.",
            "en": f"This assignment needs no modules other than re, json, hashlib and copy: write this part without "
                  f"{module}."}
