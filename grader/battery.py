"""What a check in ``checks/`` is written with: the ``check`` marker, calls into the submission, mismatches."""

from __future__ import annotations

import dataclasses
import inspect
import operator
import re
import types
from typing import Any, Callable, Iterable

import pytest

from grader.details import in_dutch
from grader.edges import refusal_tips
from grader.hostreads import first_lie, may_lie
from grader.tips import error_hint, refusal_hint, stop_tip
from grader.values import TOO_LARGE, error_text, key_with_own_eq, keyable_with_own_eq, plain, same, show

# The three functions of the lesson, one per checkpoint (CONTRACT.md, checkpoints 1-3).
FUNCTIONS = ("validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket")

# Per function, the argument whose contents the checks read as a host reads them (completed's rows, checks/host.py
# dig_as_host): it is left out when the values of a call are read again after it (Student._expect_honest_reads).
READ_AS_HOST = {"dispatch_ticket": 4}
# After a call, the values of this many calls of the check before it are read as a host reads them again as well.
READ_AGAIN = 8

# The file name student code is compiled under; frames with this name are the student's own.
STUDENT_FILENAME = "main.py"


def said(nl: str, en: str) -> dict:
    """A piece of feedback text in both languages: ``{"nl": ..., "en": ...}``."""
    return {"nl": nl, "en": en}


def check(checkpoint: int, clause: str, *, nl: str, en: str, hint_nl: str, hint_en: str,
          hidden: bool = False, fresh: bool = False, last: bool = False) -> Callable:
    """Mark a pytest test function as a check of the battery.

    In: the checkpoint (1, 2 or 3) the check counts for, the CONTRACT.md clause it tests
    (``"V4"``, ``"D7"``...), the student-facing statement of the rule (``nl``/``en``), a
    hint that points at the rule without giving code, ``hidden`` (an instructor's
    check whose input and expected value a student's report never shows; its name and
    hint are shown), ``fresh`` (the check gets main.py loaded anew, with none of the calls
    of the checks before it in its module-level variables: a function that counts its calls or
    remembers its inputs is judged at its first calls too; each case costs a load of main.py, in a child
    process of its own where the grader forks: see :func:`place`) and
    ``last`` (the check runs after every other check of the battery, whatever its checkpoint: a function
    that turns wrong once a later checkpoint's function was called, or after many calls, is judged then). A check
    marked both gets main.py loaded anew after the others, with the clocks already moved on (grader.sandbox.clock).
    Out: the decorator. The check id is the test function's name without its ``test_`` prefix.
    """
    if checkpoint not in (1, 2, 3):
        raise ValueError(f"checkpoint must be 1, 2 or 3, not {checkpoint!r}")
    return pytest.mark.check(
        checkpoint=checkpoint, clause=clause, message=said(nl, en), hint=said(hint_nl, hint_en), hidden=bool(hidden),
        fresh=bool(fresh), last=bool(last))


def place(marker: dict) -> tuple[int, int]:
    """The sort key of a check by the arguments of its :func:`check` marker (a dict): (group, checkpoint), the groups
    in this order: the other checks, those marked ``last``, those marked ``fresh``, those marked both (a stable sort
    keeps the battery's order within each). So every other check runs in one child, checkpoint 1's before a looping
    checkpoint 3 can stop the rest, and a check marked last after all of them; where the grader forks
    (grader.isolation), a child of its own starts at each fresh check's first case, main.py's first load in that
    process. The checks marked last or fresh run whatever came before (grader.runner)."""
    last, fresh = bool(marker.get("last")), bool(marker.get("fresh"))
    return 2 * fresh + last, marker["checkpoint"]


class MemoryLimit(BaseException):
    """The submission ran out of its memory limit during a check (not a finding about the contract)."""


# A note inside shown code that differs per language: note("nl", "en") -> "⟪nl|en⟫".
_NOTE = re.compile(r"⟪([^|⟫]*)\|([^⟫]*)⟫")


def note(nl: str, en: str) -> str:
    """A short note in both languages for inside ``tried`` code; a Mismatch resolves it per language."""
    return f"⟪{nl}|{en}⟫"


def bilingual(text: str | dict) -> str | dict:
    """``text`` with its :func:`note` marks resolved: a :func:`said` pair, or ``text`` itself when it has none."""
    if not isinstance(text, str) or "⟪" not in text:
        return text
    # Functions, not templates: re caches parsed templates process-wide, where a submission's
    # str subclass could stand in for r"\1" (grader/sandbox/re_functions.py).
    return said(_NOTE.sub(lambda found: found[1], text), _NOTE.sub(lambda found: found[2], text))


# How a finding's ``got`` says that the call raised (Call.got), after the call's number in a script with more calls.
RAISED = {"nl": "gaf de fout ", "en": "raised "}
# The head nth_call() puts before Call.got's text.
_NUMBERED = re.compile(r"(?:(?:de|the) [a-z]+ call|call \d+) (?=gaf |returned: |raised )")
ORDINALS = {"nl": ("eerste", "tweede", "derde", "vierde", "vijfde", "zesde"),
            "en": ("first", "second", "third", "fourth", "fifth", "sixth")}


def unnumbered(got: object) -> object:
    """A finding's ``got`` text (a str) without the call's number (:func:`nth_call`); anything else as it is."""
    return _NUMBERED.sub("", got, count=1) if isinstance(got, str) and _NUMBERED.match(got) else got


def raised(got: object) -> bool:
    """Whether a finding's ``got`` (a str or a :func:`said` pair) says that the call raised (Call.got)."""
    text = unnumbered(got.get("en") if isinstance(got, dict) else got)
    return isinstance(text, str) and text.startswith(tuple(RAISED.values()))


# Which call of a script a result is from when the script calls the function in a loop before it.
LAST_CALL = said("de laatste call", "the last call")


def nth_call(number: int) -> dict:
    """Which call of a script a result is from, as a :func:`said` pair that heads Call.got: ``de tweede call``."""
    if 1 <= number <= len(ORDINALS["en"]):
        return said(f"de {ORDINALS['nl'][number - 1]} call", f"the {ORDINALS['en'][number - 1]} call")
    return said(f"call {number}", f"call {number}")


class Mismatch(AssertionError):
    """A check's finding: what was tried, what the contract expects, what the submission did.

    ``tried`` is code shown to the student (str, may hold :func:`note` marks); ``expected`` and
    ``got`` are either code (str) or text in both languages (:func:`said`). ``cause`` names a
    root cause in an earlier checkpoint: ``"fingerprint"`` (this finding confirms that the
    submission's own proposal_fingerprint is wrong: the reports show it first and only list
    the checkpoint's other failures) or ``"validation"`` (an inherited invalid input: when
    checkpoint 1 fails on the same case, the reports only list this failure; ``case`` names
    that case of checkpoint 1 when the check's own case label does not), or ``"json"`` (a
    fingerprint of the same content in another text, checks/canonical.py: the reports show the
    first such check of checkpoint 2 and only list the others). ``repeats`` names the case of another check of the
    same checkpoint whose invalid input this one tries again (another form of it, or first after loading), or with a
    trailing ``-`` a field's cases (``actor-``): when that check fails there too, the reports only list this finding
    (grader.reports.selection). ``setup`` marks
    a finding made while preparing the situation to test (the reports show those last). ``hint`` (a :func:`said`
    pair) stands for the check's hint where the case is of another kind than the hint speaks of (version ``'0'``
    under a hint about True and False; a call that met a module the grader does not offer gets
    :func:`refusal_hint`). ``tip`` (a :func:`said` pair) is shown before the hint, not in its place (where the code
    stopped, grader.tips.stop_tip). The runner sends these fields to the reports as they are, so they must be
    plain data.
    """

    def __init__(self, tried: str, expected: str | dict, got: str | dict, cause: str | None = None,
                 setup: bool = False, case: str | None = None, hint: dict | None = None,
                 tip: dict | None = None, repeats: str | None = None) -> None:
        super().__init__(f"{tried}: expected {expected}, got {got}")
        self.detail = {"tried": bilingual(_text(tried)), "expected": _text(expected), "got": _text(got)}
        if cause:
            self.detail["cause"] = cause
        if setup:
            self.detail["setup"] = True
        if case:
            self.detail["case"] = case
        if repeats:
            self.detail["repeats"] = repeats
        hint = refusal_hint(got) or hint
        if hint:
            self.detail["hint"] = hint
        if tip:
            self.detail["tip"] = tip


def is_text(value: object) -> bool:
    """Whether ``value`` is a finding's text: a str or a :func:`said` pair of strs."""
    return isinstance(value, str) or (isinstance(value, dict) and set(value) == {"nl", "en"}
                                      and all(isinstance(part, str) for part in value.values()))


def _text(value: object) -> str | dict:
    """``value`` as a finding's text: text (:func:`is_text`) as it is, anything else shown as code."""
    return value if is_text(value) else show(plain(value))


@dataclasses.dataclass
class Call:
    """One call of a student function: the raw (untrusted) return value or the exception."""

    shown: str
    value: Any = None
    error: BaseException | None = None
    line: dict | None = None  # {"line": int, "source": str} of the student's raising line
    hint: dict | None = None  # a said() pair for any finding about this call in place of the check's (see Mismatch)
    which: dict | None = None  # nth_call() when the shown script holds more calls of the function than this one
    tip: dict | None = None  # a said() pair before the check's hint when the call raised instead of returning
    facts: dict | None = None  # what a dispatch's inputs held before the call (checks/dispatching.py)

    def got(self) -> str | dict:
        """What the submission did, for a mismatch: a return value or an exception."""
        if self.error is None:
            value = show(plain(self.value))
            if type(self.value) is types.MappingProxyType:  # plain() reads the view as its dict: say it is a view
                value = f"mappingproxy({value})"
            # Non-ASCII characters escaped, so that a look-alike (the Kelvin sign for K) stays visible.
            value = value.encode("ascii", "backslashreplace").decode("ascii")
            return self._which(said(f"gaf terug: {value}", f"returned: {value}"))
        text = error_text(self.error, 400)
        # The line, not the file's name: the graded file need not be called main.py.
        if self.line:
            where = f" (regel {self.line['line']}: {self.line['source']})"
            where_en = f" (line {self.line['line']}: {self.line['source']})"
        else:
            where = where_en = ""
        return self._which(said(f"{RAISED['nl']}{in_dutch(text)}{where}", f"{RAISED['en']}{text}{where_en}"))

    def _which(self, got: dict) -> dict:
        """``got`` headed by which call of the shown script it was (:attr:`which`), if set."""
        if self.which is None:
            return got
        return said(f"{self.which['nl']} {got['nl']}", f"{self.which['en']} {got['en']}")

    def expect_value_error(self, cause: str | None = None, case: str | None = None, hint: dict | None = None,
                           repeats: str | None = None) -> None:
        """Pass when the call raised a ``ValueError`` (any subclass, CONTRACT.md A12); see Mismatch for ``cause``,
        ``case``, ``hint`` and ``repeats``; another exception gets grader.tips.error_hint in place of ``hint``, or
        stop_tip beside it."""
        if not isinstance(self.error, ValueError):
            raise Mismatch(self.shown, "ValueError", self.got(), cause, case=case,
                           hint=error_hint(self.error, self.line) or self.hint or hint,
                           tip=stop_tip(self.error, self.line), repeats=repeats)

    def refused(self, alternative: str | dict, cause: str | None = "validation") -> bool:
        """For an input the contract lets a submission refuse or accept (CONTRACT.md A1-A5): True when the call raised
        ``ValueError`` (refused it), False when it returned (the caller checks the value). Another exception is a
        refusal with the wrong one, so a :class:`Mismatch` that expects "ValueError, or ``alternative``" (code, or a
        :func:`said` pair), with grader.tips' tips for an input that may be accepted, and of ``cause``: by default
        ``validation``, for a proposal in checkpoints 2 and 3, which inherit what checkpoint 1 refuses (no finding
        about what the check tests after an acceptance); None for checkpoint 1's own and for the host's inputs."""
        if isinstance(self.error, ValueError):
            return True
        if self.error is None:
            return False
        other = alternative if isinstance(alternative, dict) else said(alternative, alternative)
        raise Mismatch(self.shown, said(f"ValueError, of {other['nl']}", f"ValueError, or {other['en']}"), self.got(),
                       cause, hint=error_hint(self.error, self.line, optional=True) or self.hint,
                       tip=stop_tip(self.error, self.line, optional=True))

    def returned(self, expected: str | dict | None = None) -> Any:
        """The raw returned value; a mismatch when the call raised instead, saying what was ``expected`` (code, or a
        :func:`said` pair; default: a plain return value)."""
        if self.error is not None:
            raise Mismatch(self.shown, expected or said("een gewone returnwaarde, geen fout",
                                                        "a normal return value, no error"), self.got(), hint=self.hint,
                           tip=self.tip)
        return self.value

    def expect_plain(self, expected: object) -> None:
        """Pass when the returned value equals ``expected`` with exact types (see values.same)."""
        if not same(plain(self.returned()), expected):
            raise Mismatch(self.shown, show(expected), self.got(), hint=self.hint)


class Student:
    """The submission as the checks see it: its three functions, called safely.

    In: a mapping of function name to the callable taken from the restricted namespace
    (missing functions are absent), the source lines (to quote the student's line) and the
    classes the submission made so far, a live collection (``None``: not known, any may exist).
    """

    def __init__(self, functions: dict[str, Callable], source_lines: list[str],
                 own_classes: Iterable[type] | None = None) -> None:
        self.functions = functions
        self.source_lines = source_lines
        self.own_classes = own_classes
        self.in_flight: str | None = None  # the call running now, as shown (for a time-out's report)
        self.handed: list = []  # what this check handed to the submission and got back (see _run)
        self.seen: set = set()  # the exact strs and ints of this check's calls (see _run)
        self.read: list = []  # per call of this check (the last READ_AGAIN + 1): its values read as a host reads them

    def begin(self) -> None:
        """A check starts: the objects an earlier check handed over are no longer the battery's concern."""
        self.in_flight = None
        self.handed = []
        self.seen = set()
        self.read = []

    def call(self, function: str, *args: Any, shown: str | None = None) -> Call:
        """Call ``function(*args)``; an ``Exception`` is recorded, not raised.

        ``shown`` is the call as the student sees it in the report (default: a short
        rendering of the arguments). A missing function is a :class:`Mismatch`.
        Exceptions that are not ``Exception`` (time-outs) pass through; a ``MemoryError`` becomes
        :class:`MemoryLimit`.
        """
        text = shown or f"{function}({', '.join(show(plain(arg)) for arg in args)})"
        target = self.functions.get(function)
        if target is None:
            raise Mismatch(
                text,
                said(f"een functie {function}", f"a function {function}"),
                said(f"main.py definieert geen {function}", f"main.py defines no {function}"),
            )
        skipped = READ_AS_HOST.get(function)
        call = self._run(text, target, *args, read=[arg for index, arg in enumerate(args) if index != skipped])
        return dataclasses.replace(call, **refusal_tips(function, target, args, call.error))  # a valid one refused?

    def subscript(self, obj: Any, key: Any) -> Call:
        """``obj[key]`` for an object of the submission's own (its ``__getitem__`` runs like its functions)."""
        return self._run(f"[{key!r}]", operator.getitem, obj, key, read=[])

    def _run(self, text: str, target: Callable, *args: Any, read: list) -> Call:
        """Call ``target(*args)`` as the submission's code; ``read``: the arguments whose values are read again after
        the call, with its returned value (see _expect_honest_reads)."""
        self.in_flight = text  # kept when a time-out (not an Exception) ends the call
        self.handed += args
        try:
            value = target(*args)
        except MemoryError:
            raise MemoryLimit() from None
        except Exception as error:  # student code: any Exception is an outcome to report
            self.in_flight = None
            self._expect_plain_keys(text)
            return Call(text, error=error, line=self.raising_line(error))
        self.in_flight = None
        self.handed.append(value)
        self._expect_plain_keys(text)
        self._expect_honest_reads(text, [*read, value])
        return Call(text, value=value)

    def _expect_honest_reads(self, text: str, call: list) -> None:
        """A mismatch when a dict, str or int of main.py's own class in ``call`` (the arguments and the returned value
        of the call just made) or in those of the check's READ_AGAIN calls before it answers a host's read (``r['version']``,
        ``'lamp' in tickets``, ``r['status'] == 'ok'``...) otherwise than its content, which the checks read
        (grader.hostreads): a host keeps a result while it makes the next call, and one that lied only from then on
        scored 3/3. Only a class of the submission's can: without one that writes such a read, nothing is read."""
        is_own = (lambda cls: True) if self.own_classes is None else self.own_classes.__contains__
        if self.own_classes is not None and not may_lie(self.own_classes, is_own):
            return
        self.read = self.read[-READ_AGAIN:] + [call]
        try:
            lie = first_lie([value for values in self.read for value in values], is_own, self.seen)
        except MemoryError:
            raise MemoryLimit() from None
        if lie is not None:
            raise Mismatch(text, said("waarden die de host tonen wat ze bevatten",
                                      "values that show the host what they hold"),
                           said("een waarde van een eigen klasse toont bij het lezen iets anders dan wat ze bevat: "
                                + lie[1], "a value of your own class reads otherwise than it holds: " + lie[0]))

    def _expect_plain_keys(self, text: str) -> None:
        """A mismatch when a dict or set this check handed over or got back holds a key whose ``==`` is main.py's:
        every later lookup of the check in it would run that code (grader.values.key_with_own_eq), which could
        undo what the check changes before it reads the result. The caller's own input never holds one.
        Only a class of the submission's can have such an ``==`` (a library's calls Python code only through
        objects it holds), and only a hashable one can be a key: without one, nothing is looked through."""
        if self.own_classes is not None and not any(keyable_with_own_eq(cls) for cls in self.own_classes):
            return
        found = key_with_own_eq(self.handed)
        if found is TOO_LARGE:
            raise Mismatch(text, said("waarden van een gewone omvang", "values of an ordinary size"),
                           said("de objecten van deze aanroep zijn te groot om na te gaan",
                                "the objects of this call are too large to look through"))
        if found is not None:
            raise Mismatch(text, said("sleutels die Python zelf vergelijkt (str, int, tuple ...)",
                                      "keys that Python compares itself (str, int, tuple ...)"),
                           said(f"een dictionary of set van deze aanroep heeft een sleutel van klasse {found} met een "
                                "eigen __eq__: de grader laat die code niet meelopen in zijn eigen opzoekingen",
                                f"a dictionary or set of this call holds a key of class {found} with its own __eq__: "
                                "the grader does not run that code inside its own lookups"))

    def raising_line(self, error: BaseException) -> dict | None:
        """The last line of the student's own file in the exception's traceback, if any."""
        found = student_line(error)
        if found is None or not 1 <= found <= len(self.source_lines):
            return None
        return {"line": found, "source": self.source_lines[found - 1].strip()[:120]}


def student_line(error: BaseException, outside_functions: bool = False) -> int | None:
    """The line number of the innermost frame of main.py in ``error``'s traceback, or None.

    ``outside_functions``: the innermost frame that is not inside a function (the module body or
    a class body): for an error while the module body runs, the top-level statement that was
    running (a call at the end of the file, not the line inside the function it called).
    """
    found = None
    tb = error.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == STUDENT_FILENAME:
            if outside_functions and code.co_flags & inspect.CO_OPTIMIZED:
                return found
            found = tb.tb_lineno
        tb = tb.tb_next
    return found
