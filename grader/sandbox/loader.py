"""Load a submission: decode, compile under the policy, run the module body, pick the three functions."""

from __future__ import annotations

import __future__
import ast
import dataclasses
import functools
import marshal
import re
import signal
import sys
import time
import types
import warnings

from grader.battery import FUNCTIONS, STUDENT_FILENAME, student_line
from grader.near import closest
from grader.sandbox.generators import delegate_nothing
from grader.sandbox.guards import Guards
from grader.sandbox.identity import identity_comparisons
from grader.sandbox.imports import available
from grader.sandbox.refusal_lists import unabridged
from grader.sandbox.memory_files import show_main
from grader.sandbox.notebook import add_jupyter_names
from grader.sandbox.output import OutputBuffer, Printer
from grader.sandbox.policy import GraderPolicy
from grader.sandbox.process_state import forget_caches, same_depth
from grader.sandbox.refusals import ExitCalled
from grader.values import error_text

# Larger sources are refused before parsing (bytes); a main.py for this lesson is ~3 KB.
MAX_SOURCE_BYTES = 256 * 1024
# The syntax-warning notes kept (the first in the file): one per line of ``x is 'done'`` or ``a['actor'] is b`` filled
# the load's message to the grader past any message's room (grader.isolation.MAX_MESSAGE) in a file of 10,000 of them.
MAX_WARNINGS = 20

_POLICY_ERROR = re.compile(r"^Line (\d+): (.*)$", re.S)


@dataclasses.dataclass
class LoadProblem:
    """Why a submission could not be loaded: a kind, the raw detail, and where (1-based line)."""

    kind: str  # encoding | empty | too-large | syntax | indentation | policy | runtime | missing-functions
    detail: str
    line: int | None = None
    column: int | None = None
    source: str | None = None
    cause: str | None = None  # missing-functions only: "exit" (an exit() at ``line`` stopped the body before them)
    #                           or "main-block" (defined under the ``if __name__ == "__main__":`` at ``line``)

    def to_dict(self) -> dict:
        """The fields as a dict; ``cause`` only when there is one."""
        return {key: value for key, value in dataclasses.asdict(self).items() if key != "cause" or value}


class LoadFailure(Exception):
    """Raised by :func:`load` with the :class:`LoadProblem`, any output printed before it and, for a
    ``missing-functions`` problem, the ``missing-function`` notes of the functions whose close name is another
    ``def`` than the problem's own line."""

    def __init__(self, problem: LoadProblem, output: str = "", notes: list[dict] | None = None) -> None:
        super().__init__(problem.detail)
        self.problem = problem
        self.output = output
        self.notes = notes or []


@dataclasses.dataclass
class Loaded:
    """A loaded submission: its functions (missing ones absent), captured output and notes."""

    functions: dict
    output: str
    notes: list[dict]
    source_lines: list[str]
    own_classes: object = None  # the classes the submission makes, a live collection (grader.sandbox.classes.ClassRegistry)


def decode(data: bytes) -> tuple[str, list[dict]]:
    """Bytes to source text with ``\\n`` line ends; notes say what was repaired.

    UTF-8 (a BOM is dropped); UTF-16 with its BOM, with a note; otherwise Windows-1252, with
    a note. CRLF and CR-only line ends become ``\\n``. NUL bytes, or bytes that are neither,
    raise :class:`LoadFailure` (kind ``encoding``, with the line).
    """
    notes: list[dict] = []
    if len(data) > MAX_SOURCE_BYTES:
        raise LoadFailure(LoadProblem("too-large", f"{len(data)} bytes (limit {MAX_SOURCE_BYTES})"))
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # UTF-16 with its BOM (Notepad's "Unicode"): unambiguous
        try:
            data = data.decode("utf-16").encode("utf-8")
            notes.append({"kind": "decoded-utf16"})
        except UnicodeDecodeError:
            pass
    if b"\x00" in data:
        raise LoadFailure(LoadProblem("encoding", "the file contains NUL bytes: it is not a text file"))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            raise LoadFailure(LoadProblem("encoding", f"neither UTF-8 nor Windows-1252: byte 0x{data[error.start]:02x} "
                                                      f"on line {line}", line)) from None
        notes.append({"kind": "decoded-cp1252"})
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not any(line.strip() and not line.strip().startswith("#") for line in text.split("\n")):
        raise LoadFailure(LoadProblem("empty", "the file has no code"))
    return text, notes


# Syntax that Python 3.12 added (PEP 695 and PEP 701), as a line starts or as an older parser words its error.
_TYPE_STATEMENT = re.compile(r"\s*type\s+[A-Za-z_]\w*\s*[\[=]")
_TYPE_PARAMETERS = re.compile(r"\s*(?:async\s+)?(?:def|class)\s+[A-Za-z_]\w*\s*\[")
_REUSED_QUOTE = re.compile(r"""f(['"]).*?\{[^{}]*?\1[^{}]*?\1[^{}]*?\}""", re.I)


def newer_syntax(message: str, line: str) -> str | None:
    """What on ``line`` is syntax of Python 3.12 or newer, given the parser's error ``message``; None if nothing.

    In: a SyntaxError's ``msg`` and its source line (str). Out: the construct in words (str),
    only when running on Python 3.11 (a newer parser accepts these).
    """
    if sys.version_info >= (3, 12):
        return None
    if _TYPE_STATEMENT.match(line):
        return "a type statement"
    if _TYPE_PARAMETERS.match(line):
        return "a type parameter list in [...]"
    if message.startswith("f-string expression part cannot include") or (
            message.startswith("f-string") and _REUSED_QUOTE.search(line)):
        return "this f-string (quotes, a backslash or # inside {...})"
    return None


@functools.lru_cache(maxsize=1)  # a check marked fresh loads the same main.py again (grader.runner)
def compile_source(text: str, cells: tuple[tuple[int, int, int], ...] = ()) -> bytes:
    """Compile ``text`` under :class:`GraderPolicy`; a :class:`LoadFailure` names the first problem.

    ``cells``: a notebook's code cells as (cell, first line, last line) (grader.discover.notebooks.to_python's
    note), or empty for a plain file. Out: ``marshal`` bytes of the module's parts, a tuple of (cell or None, code)
    pairs: one part for a plain file, one per cell with statements for a notebook (each load unmarshals its own
    code objects from them)."""
    lines = text.split("\n")
    try:
        tree = ast.parse(text, STUDENT_FILENAME)
    except SyntaxError as error:
        kind = "indentation" if isinstance(error, IndentationError) else "syntax"
        line = error.lineno if error.lineno and 1 <= error.lineno <= len(lines) else None
        detail = error.msg
        if isinstance(error, TabError):  # plain words: what is mixed, what to do (the line is said beside it)
            detail = ("the line is indented with tabs where the lines around it use spaces (or the other way "
                      "round); Python cannot tell how deep that is: indent with spaces only (4 per level)")
        newer = newer_syntax(error.msg, lines[line - 1] if line else "")
        if newer:
            detail = (f"{error.msg}: {newer} is Python 3.12 syntax, and grading runs Python "
                      f"{sys.version_info.major}.{sys.version_info.minor}")
        raise LoadFailure(LoadProblem(kind, detail, line, error.offset,
                                      lines[line - 1].rstrip() if line else None)) from None
    except (RecursionError, MemoryError, ValueError) as error:
        raise _too_deep(error) from None
    errors: list[str] = []
    identities = identity_comparisons(tree)  # before the policy transforms the tree
    try:
        GraderPolicy(errors, [], {}).visit(tree)  # transforms the tree in place
        # Compiled here, not by compile_restricted_exec: that compile() inherits the future flags of
        # RestrictedPython's own module (its ``annotations``: every annotation a string, a ClassVar
        # unseen by dataclasses; RestrictedPython issue #114). main.py gets only its own futures.
        with warnings.catch_warnings(record=True) as warned:  # Python's SyntaxWarnings: for the report
            warnings.simplefilter("ignore")
            warnings.simplefilter("always", SyntaxWarning)
            code = None if errors else compile(tree, STUDENT_FILENAME, "exec", dont_inherit=True)
            parts = ((None, code),) if code is None or not cells else _cell_parts(tree, cells)
    except SyntaxError as error:  # found by compile(), not the parser: 'return' outside a function...
        line = error.lineno if error.lineno and 1 <= error.lineno <= len(lines) else None
        raise LoadFailure(LoadProblem("syntax", error.msg, line, error.offset,
                                      lines[line - 1].rstrip() if line else None)) from None
    except (RecursionError, MemoryError) as error:  # the policy's visitor and compile() recurse per level
        raise _too_deep(error) from None
    if errors:
        found = _POLICY_ERROR.match(errors[0])
        line = int(found.group(1)) if found else None
        detail = found.group(2) if found else errors[0]
        source = lines[line - 1].rstrip() if line and 1 <= line <= len(lines) else None
        raise LoadFailure(LoadProblem("policy", detail, line, None, source))
    said = tuple(dict.fromkeys([*((found.lineno, str(found.message)[:200]) for found in warned
                                  if issubclass(found.category, SyntaxWarning) and isinstance(found.lineno, int)),
                                *identities]))[:MAX_WARNINGS]
    try:
        return marshal.dumps((parts, said))
    except ValueError as error:  # nested deeper than marshal goes (the policy's visitor stops far shallower code)
        raise _too_deep(error) from None


def _cell_parts(tree: ast.Module, cells: tuple[tuple[int, int, int], ...]) -> tuple:
    """The policy-checked module ``tree`` compiled per notebook cell: (cell, code) for each run of top-level
    statements that starts in the same cell (a statement the policy added, with no line, goes with the one before),
    each with the module's ``__future__`` features."""
    features = [alias.name for node in tree.body if isinstance(node, ast.ImportFrom) and node.module == "__future__"
                for alias in node.names]
    flags = functools.reduce(lambda found, name: found | getattr(__future__, name).compiler_flag, features, 0)
    groups: list[tuple[int | None, list[ast.stmt]]] = []
    for node in tree.body:
        line = getattr(node, "lineno", None)
        cell = next((cell for cell, first, last in cells if line is not None and first <= line <= last), None)
        if groups and (cell is None or cell == groups[-1][0]):
            groups[-1][1].append(node)
        else:
            groups.append((cell, [node]))
    return tuple((cell, compile(ast.Module(body=body, type_ignores=[]), STUDENT_FILENAME, "exec", flags=flags,
                                dont_inherit=True)) for cell, body in groups)


def _too_deep(error: BaseException) -> LoadFailure:
    """The load failure of code too deeply nested or too large to parse, check or compile (``error`` says which)."""
    return LoadFailure(LoadProblem("syntax", f"the code is too deeply nested or too large ({type(error).__name__})"))


def _unmarshalled(compiled: bytes) -> tuple | None:
    """The module's (cell, code) parts and its SyntaxWarnings from :func:`compile_source`'s bytes; None when they
    are not such parts."""
    try:
        unpacked = marshal.loads(compiled)
    except (ValueError, EOFError, TypeError):
        return None
    if type(unpacked) is not tuple or len(unpacked) != 2 or type(unpacked[1]) is not tuple or not all(
            type(said) is tuple and len(said) == 2 and type(said[0]) is int and type(said[1]) is str
            for said in unpacked[1]):
        return None
    parts = unpacked[0]
    if type(parts) is not tuple or not parts or not all(
            type(part) is tuple and len(part) == 2 and (part[0] is None or type(part[0]) is int)
            and type(part[1]) is types.CodeType and part[1].co_filename == STUDENT_FILENAME for part in parts):
        return None
    return unpacked


def _time_left() -> float | None:
    """CPU seconds left on the caller's profiling interval timer (its limit for the module body), or None."""
    if not hasattr(signal, "getitimer") or not hasattr(signal, "ITIMER_PROF"):  # Windows
        return None
    return signal.getitimer(signal.ITIMER_PROF)[0] or None


def near_name(name: str, namespace: dict) -> dict[str, str]:
    """``{"near": other}`` when the module defines a callable whose name is close to the missing function
    ``name`` (a typo, a plural, Dutch words, its words in another order: grader.near.closest), else ``{}``. Reads
    names and ``callable()`` only: no code of the submission runs."""
    names = [other for other, value in namespace.items()
             if type(other) is str and not other.startswith("_") and other not in FUNCTIONS and callable(value)]
    close = closest(name, names)
    return {"near": close[:80]} if close else {}


def _warning_note(line: int, message: str, cells: tuple) -> dict:
    """The ``syntax-warning`` note of Python's SyntaxWarning ``message`` at ``line`` of main.py: ``line``, and in a
    notebook (``cells``: (cell, first line, last line)) the ``cell`` and the line within it."""
    cell = next(((cell, first) for cell, first, last in cells if first <= line <= last), None)
    return {"kind": "syntax-warning", "line": line - cell[1] + 1 if cell else line, "cell": cell[0] if cell else None,
            "detail": message}


def _unrun_def(name: str, lines: list[str], cells: tuple, stopped_at: int | None) -> dict[str, int]:
    """``{"cell": n, "after": stopped_at}`` when a notebook's cell ``n`` after ``stopped_at`` (the cell that stopped
    loading, or None) defines ``name`` at its top level (``cells``: (cell, first line, last line) of each code cell
    of ``lines``), else ``{}``: the function is there, in a cell that never ran. Reads the text only."""
    if stopped_at is None:
        return {}
    defines = (["def", name], ["async", "def", name])  # no re here: its cache is part of what a check may see
    for cell, first, last in cells:
        if cell > stopped_at and any(line.split("(")[0].split() in defines and not line[:1].isspace()
                                     for line in lines[first - 1:last]):
            return {"cell": cell, "after": stopped_at}
    return {}


def _def_line(name: str, namespace: dict) -> int | None:
    """The line (1-based) of the ``def`` of main.py that bound ``name``, else None."""
    function = namespace.get(name)
    if type(function) is types.FunctionType and function.__code__.co_filename == STUDENT_FILENAME:
        return function.__code__.co_firstlineno
    return None


def _near_line(namespace: dict) -> int | None:
    """The line (1-based) of the first ``def`` of main.py whose name is close to one of the three functions (a typo
    in all of them, or a file with only checkpoint 1's function misspelled), else None."""
    return next((line for name in FUNCTIONS if (line := _def_line(near_name(name, namespace).get("near", ""), namespace))),
                None)


def _near_notes(namespace: dict, line: int | None) -> list[dict]:
    """The ``missing-function`` notes (with ``near``) of the three functions, none defined, whose close name is not the
    ``def`` at ``line`` (the ``missing-functions`` problem's own, which names it already)."""
    return [{"kind": "missing-function", "name": name, **near} for name in FUNCTIONS
            if (near := near_name(name, namespace)) and (line is None or _def_line(near["near"], namespace) != line)]


def _main_block(lines: list[str]) -> int | None:
    """The line of a top-level ``if __name__ == "__main__":`` whose body defines one of the three functions (a
    block that never runs when graded), else None."""
    try:
        body = ast.parse("\n".join(lines)).body
    except (SyntaxError, RecursionError, MemoryError, ValueError):  # it compiled; a parse may still run out
        return None
    for node in body:
        test = node.test if isinstance(node, ast.If) else None
        if isinstance(test, ast.Compare) and "__name__" in ast.unparse(test) and "__main__" in ast.unparse(test) \
                and any(isinstance(inner, ast.FunctionDef) and inner.name in FUNCTIONS for inner in ast.walk(node)):
            return node.lineno
    return None


def load(data: bytes, compiled: bytes | None = None, cells: list | None = None) -> Loaded:
    """Load a submission's ``main.py`` bytes in a fresh restricted namespace.

    ``compiled``: what :func:`compile_source` made of these bytes (and ``cells``) in a process where no code of the
    submission had run (None, or bytes that are not such code: compiled here). ``cells``: a notebook's code cells,
    ``[[cell, first line, last line], ...]`` (grader.discover.notebooks.to_python's note), or None for a plain file. A notebook's cells
    run one by one, as Jupyter's Run All does; when a cell after the first raises, loading stops there with a
    ``notebook-stopped`` note (cell, line within it, source, detail) and the names of the cells before it (what that
    cell bound is undone), unless none of the three functions is left: then the error is the load's problem.
    Out: :class:`Loaded` with the callables of FUNCTIONS that exist. Raises
    :class:`LoadFailure` for encoding, syntax and policy problems, an exception while the
    module body runs (``exit()`` is not one: it ends the body early, with a note), or when
    none of the three functions exists. Time limits are the caller's (see grader.runner): when
    the caller's CPU-time interval timer (``ITIMER_PROF``) runs out during the module body and
    the body swallows its exception, the load still fails with kind ``timeout``.
    """
    text, notes = decode(data)
    lines = text.split("\n")
    cells = tuple(tuple(cell) for cell in cells or ())
    unpacked = _unmarshalled(compiled) if compiled is not None else None
    if unpacked is None:
        unpacked = _unmarshalled(compile_source(text, cells))
    parts, warned = unpacked
    notes.extend(_warning_note(line, message, cells) for line, message in warned)
    output = OutputBuffer()
    guards = Guards(output)
    namespace = guards.namespace()
    show_main(data)  # open(__file__) reads main.py's own bytes (grader/sandbox/memory_files.py)
    if cells:  # a notebook's cells run as Jupyter runs them: display() and IPython.display exist
        add_jupyter_names(namespace, guards.views, Printer(output)._call_print)
    # dataclasses resolves string annotations through sys.modules[cls.__module__]; an empty
    # stand-in keeps the real namespace out of sys.modules (the @dataclass wrapper gives it
    # main.py's names for ClassVar, InitVar and KW_ONLY, see grader/sandbox/wrappers.py).
    guards.main_module = sys.modules.setdefault(namespace["__name__"], types.ModuleType(namespace["__name__"]))
    # typing's caches would hand an argument of the submission with its own __eq__ what the grader's libraries
    # cached (a class, the real type); re's would tell a fresh check's load from the first (process_state.py).
    forget_caches()
    delegate_nothing()  # a library generator freed by the grader calls no close() of main.py's
    limit = _time_left()
    started = time.process_time()
    stop = None
    for index, (cell, code) in enumerate(parts):
        before = dict(namespace)
        try:
            with same_depth():
                exec(code, namespace)
        except ExitCalled as exited:
            notes.append({"kind": "exit-called", "line": student_line(exited)})
            break
        except Exception as error:
            line = student_line(error, outside_functions=True)
            # A refusal of a module lists every module there is: the report shows it whole (grader.terminal cuts it).
            detail = unabridged(error_text(error, 300), available(guards.views))
            stop = LoadFailure(LoadProblem("runtime", detail, line, None,
                                           lines[line - 1].strip() if line else None), output.text())
            if index == 0:
                raise stop from None
            namespace.clear()  # the names of the cells before it, as they were bound
            namespace.update(before)
            first = next((first for number, first, _ in cells if number == cell), None)
            within = line - first + 1 if line and first and line >= first else None
            notes.append({"kind": "notebook-stopped", "cell": cell, "line": within, "source": stop.problem.source,
                          "detail": stop.problem.detail})
            break
    if limit is not None and time.process_time() - started >= limit:
        # The caller's timer went off during the body and the body swallowed it (finally: return).
        raise LoadFailure(LoadProblem("timeout", "the module body ran past its time limit"), output.text())
    functions = {name: namespace[name] for name in FUNCTIONS if callable(namespace.get(name))}
    if not functions and isinstance(stop, LoadFailure):
        raise stop from None
    if not functions:
        exited = next((note["line"] for note in notes if note["kind"] == "exit-called"), None)
        main = None if exited or cells else _main_block(lines)
        cause, line = ("exit", exited) if exited else ("main-block", main) if main else (None, _near_line(namespace))
        raise LoadFailure(LoadProblem("missing-functions", ", ".join(FUNCTIONS), line, None,
                                      lines[line - 1].strip() if line else None, cause), output.text(),
                          None if cause else _near_notes(namespace, line))
    stopped_at = next((note["cell"] for note in notes if note["kind"] == "notebook-stopped"), None)
    notes.extend({"kind": "missing-function", "name": name, **near_name(name, namespace),
                  **_unrun_def(name, lines, cells, stopped_at)} for name in FUNCTIONS if name not in functions)
    return Loaded(functions, output.text(), notes, lines, guards.own_classes)

