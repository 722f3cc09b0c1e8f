"""Why a submission did not load, in the instructor's words (the class table in the terminal and on index.html).

The student's report speaks to the student ("your functions"); these words describe the submission, and name the
module when the grader does not offer one that main.py imports or uses at load (a module outside the standard
library, or one the sandbox leaves out): then the code itself may be fine Python."""

from __future__ import annotations

import re

# Each load problem kind of results.json (grader.execution) and of the feedback view (``unavailable``: a runtime
# error that is the sandbox's refusal), in words.
KINDS = {
    "nl": {"syntax": "syntaxfout", "indentation": "inspringing klopt niet", "policy": "door de beoordelaar geweigerd",
           "runtime": "fout in de code buiten de functies", "timeout": "laden duurde te lang",
           "crashed": "het proces stopte onverwacht", "encoding": "geen leesbare tekst", "empty": "geen code",
           "unreadable": "onleesbaar", "too-large": "te groot", "missing-functions": "geen van de drie functies",
           "unavailable": "deel van Python dat de beoordelaar niet aanbiedt",
           "module": "{module} niet beschikbaar in de beoordelaar",
           "exit": "exit() vóór de functies", "main-block": "functies in een __main__-blok"},
    "en": {"syntax": "syntax error", "indentation": "wrong indentation", "policy": "refused by the grader",
           "runtime": "error in the code outside the functions", "timeout": "loading took too long",
           "crashed": "the process stopped unexpectedly", "encoding": "not readable text", "empty": "no code",
           "unreadable": "unreadable", "too-large": "too large", "missing-functions": "none of the three functions",
           "unavailable": "part of Python the grader does not offer",
           "module": "{module} not available in the grader",
           "exit": "exit() before the functions", "main-block": "functions in a __main__ block"},
}

# The sandbox's messages (grader/sandbox/imports.py and its stand-ins for modules it leaves out): what is missing.
_MODULE = re.compile(r"import of '(?P<a>[\w.]{1,60})' is not allowed in the grader"
                     r"|is not available in the grader: module (?P<b>[\w.]{1,60}) is not offered")
_PART = re.compile(r"(?P<part>[\w.]{1,80}) is not available in the grader: only a part of module"
                   r"|cannot import name '(?P<name>\w{1,60})' from '(?P<module>[\w.]{1,60}) \(in the grader")


def unavailable(problem: dict) -> str | None:
    """For a load ``problem`` (results.json's ``load.problem``) that is a runtime error because the grader does not
    offer a part of Python: what its message names (``module requests``, ``os.getcwd``), else ``""``; for any other
    problem None."""
    detail = str(problem.get("detail") or "")
    if problem.get("kind") != "runtime" or "in the grader" not in detail:
        return None
    if found := _MODULE.search(detail):
        return f"module {found['a'] or found['b']}"
    if found := _PART.search(detail):
        return found["part"] or f"{found['module']}.{found['name']}"
    return ""


def words(kind: object, module: str | None, lang: str, cause: object = None) -> str | None:
    """A load problem of ``kind`` in the instructor's words in ``lang`` ("nl"/"en"), ``module`` being what
    :func:`unavailable` said of it; a ``missing-functions`` problem by its ``cause`` when it has one (``exit``,
    ``main-block``: grader.sandbox.loader.LoadProblem); None for an unknown kind."""
    said = KINDS.get(lang, KINDS["en"])
    if module:
        return said["module"].format(module=module)
    if kind == "missing-functions" and cause in ("exit", "main-block"):
        return said[cause]
    return said["unavailable"] if module == "" else said.get(str(kind))


def reason(problem: dict | None, lang: str) -> str | None:
    """A load ``problem`` (results.json's ``load.problem``) in the instructor's words (:func:`words`, by its
    ``cause`` when it has one)."""
    return words(problem.get("kind"), unavailable(problem), lang, problem.get("cause")) if problem else None
