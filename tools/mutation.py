"""Mutation score of the check battery: grade every mutant of the reference solution with the real grader.

    python tools/mutation.py [--reference FILE] [--equivalent FILE] [--jobs N] [--timeout S] [--keep DIR] [--list]

Mutants come from mutmut's own operators (mutmut 3: numbers, strings, names, comparisons, boolean
and arithmetic operators, ``is``/``in``, ``not``, call arguments, assignments), driven on one file
through mutmut's libcst ``MutationVisitor``, the engine ``mutmut run`` uses, without its trampolines,
test runner or cache: each mutation is applied on its own to the reference source (so cosmic-ray,
which needs a session database and a config per run, was not needed). mutmut lacks
operators for the mistakes this lesson is about, so a few are added here, in the same form:

- ``regex``: mutmut treats a pattern as an opaque string (it only upper/lower-cases it or wraps it
  in ``XX``). This moves each ``{m,n}``/``{n}`` bound by one and drops each item of a ``[...]`` class.
- ``fullmatch``: ``.fullmatch(`` becomes ``.match(`` or ``.search(`` (a prefix or a part matches).
- ``copy``: ``dict(x)``/``list(x)``/``set(x)``/``copy.copy(x)``/``copy.deepcopy(x)`` becomes ``x``
  (a forgotten copy; mutmut can only pass ``None`` instead of ``x``).
- ``entry``: one entry of a dict display is dropped (``{"status": "ok", ...}`` loses a key, ``{**p, ...}``
  loses the ``**p``): a forgotten field.
- ``delete``: an ``if`` statement, a subscript/attribute assignment, an augmented assignment or a
  call statement becomes ``pass`` (a forgotten check or effect; mutmut never deletes statements).

All mutants are graded in one batch: each is written as a loose ``.py`` file in a temporary folder and
``python -m grader FOLDER --out OUT --quiet`` runs once; ``OUT/results.json`` says which mutants a check
failed ("killed"; "by own cp": its own checkpoint fails). A mutant counts for the checkpoint of
the function it changes (a helper or a constant counts for the lowest checkpoint whose function
reaches it). A mutant that survives must be
listed, with the reason, in ``tools/equivalent_mutants.txt`` (``<id> <reason>``; ids are the changed
function or constant and a hash of its mutated source, stable while that function is unchanged).
Exit code 0 when every survivor is listed and every listed id still exists and survives, else 1.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst
from libcst.metadata import MetadataWrapper

from grader.reports import jsonreport
# mutmut 3.8's module layout (pinned in pyproject's test extra): its operators and its visitor.
from mutmut.mutation.file_mutation import MutationVisitor, deep_replace
from mutmut.mutation.mutators import mutation_operators
from mutmut.mutation.pragma_handling import IgnoredCode, PragmaVisitor

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "tests" / "solutions" / "reference" / "main.py"
EQUIVALENT = ROOT / "tools" / "equivalent_mutants.txt"
ENTRY_POINTS = ("validate_ticket_proposal", "proposal_fingerprint", "dispatch_ticket")  # checkpoints 1-3


# --- Operators mutmut lacks (same form as mutmut's: node -> mutated nodes) -------------------------

_BOUNDS = re.compile(r"\{(\d+)(?:,(\d+))?\}")
_CLASS = re.compile(r"\[(\^?)((?:\\.|[^\]\\])+)\]")


def _class_items(body: str) -> list[str]:
    """The items of a regex character class body: ranges ``a-z``, escapes and single characters."""
    return re.findall(r"\\.-\\.|\\.-.|.-\\.|[^\\]-[^\\\]]|\\.|.", body)


def _regex_variants(pattern: str):
    for found in _BOUNDS.finditer(pattern):
        low, high = int(found.group(1)), found.group(2)
        if high is None:
            changed = [f"{{{low - 1}}}", f"{{{low + 1}}}"] if low > 1 else [f"{{{low + 1}}}"]
        else:
            high = int(high)
            changed = [f"{{{low},{high - 1}}}", f"{{{low},{high + 1}}}", f"{{{low + 1},{high}}}"]
            changed += [f"{{{low - 1},{high}}}"] if low > 0 else []
        for text in changed:
            yield pattern[:found.start()] + text + pattern[found.end():]
    for found in _CLASS.finditer(pattern):
        items = _class_items(found.group(2))
        for index in range(len(items)) if len(items) > 1 else ():
            body = "".join(items[:index] + items[index + 1:])
            yield pattern[:found.start()] + f"[{found.group(1)}{body}]" + pattern[found.end():]


def operator_regex(node: cst.SimpleString):
    """Move a regex bound by one, drop one item of a character class (raw strings with ``[`` only)."""
    prefix = node.prefix.lower()
    if "r" not in prefix or "[" not in node.value or node.value[len(prefix):].startswith(("'''", '"""')):
        return
    quote = node.value[len(prefix)]
    for variant in _regex_variants(node.raw_value):
        yield node.with_changes(value=f"{node.prefix}{quote}{variant}{quote}")


def operator_fullmatch(node: cst.Call):
    """``x.fullmatch(...)`` -> ``x.match(...)`` / ``x.search(...)``."""
    if isinstance(node.func, cst.Attribute) and node.func.attr.value == "fullmatch":
        for name in ("match", "search"):
            yield node.with_deep_changes(node.func.attr, value=name)


_COPIES = {"dict", "list", "set", "copy.copy", "copy.deepcopy"}


def _dotted(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        return f"{node.value.value}.{node.attr.value}"
    return None


def operator_copy(node: cst.Call):
    """A one-argument copying call becomes its argument: ``dict(x)`` -> ``x``."""
    if _dotted(node.func) in _COPIES and len(node.args) == 1 and not node.args[0].star and not node.args[0].keyword:
        yield node.args[0].value.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


def operator_entry(node: cst.Dict):
    """Drop one entry (``key: value`` or ``**mapping``) of a dict display with two or more entries."""
    if len(node.elements) > 1:
        for index in range(len(node.elements)):
            kept = [element.with_changes(comma=cst.MaybeSentinel.DEFAULT)
                    for element in node.elements[:index] + node.elements[index + 1:]]
            yield node.with_changes(elements=kept)


def _deletable(node: cst.CSTNode) -> bool:
    if isinstance(node, cst.If):
        return True
    if not isinstance(node, cst.SimpleStatementLine) or len(node.body) != 1:
        return False
    statement = node.body[0]
    if isinstance(statement, cst.AugAssign) or (isinstance(statement, cst.Expr) and isinstance(statement.value, cst.Call)):
        return True
    return isinstance(statement, cst.Assign) and any(
        isinstance(target.target, (cst.Subscript, cst.Attribute)) for target in statement.targets)


def operator_delete(node: cst.CSTNode):
    """A check (``if``) or an effect (item/attribute assignment, ``+=``, call statement) becomes ``pass``."""
    if _deletable(node):
        yield cst.SimpleStatementLine(body=[cst.Pass()], leading_lines=node.leading_lines)


OWN_OPERATORS = [
    (cst.SimpleString, operator_regex),
    (cst.Call, operator_fullmatch),
    (cst.Call, operator_copy),
    (cst.Dict, operator_entry),
    (cst.BaseStatement, operator_delete),
]


# --- Mutants ------------------------------------------------------------------------------------------

@dataclass
class Mutant:
    id: str            # "<scope>:<hash of the mutated scope>", stable while the scope is unchanged
    scope: str         # the changed top-level function or constant
    checkpoint: int
    operator: str
    diff: list[str]    # the changed lines, "-" original and "+" mutated, with line numbers
    source: str
    result: dict | None = field(default=None, repr=False)

    @property
    def failed(self) -> list[int]:
        """The checkpoints this mutant does not pass (all three when it does not load)."""
        if self.result is None:
            return []
        return [int(k) for k, cp in sorted(self.result["checkpoints"].items()) if not cp["passed"]]

    @property
    def killed(self) -> bool:
        return self.result is not None and self.result["score"] < self.result["max_score"]

    def line(self) -> str:
        return f"{self.id} [{self.operator}] " + " | ".join(self.diff)


def _top_level(module: ast.Module) -> dict[str, ast.stmt]:
    """Top-level functions, classes and constants of the reference by name."""
    found: dict[str, ast.stmt] = {}
    for statement in module.body:
        if isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
            found[statement.name] = statement
        elif isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = statement
    return found


def checkpoints_by_scope(source: str) -> dict[str, int]:
    """For each top-level function or constant, the lowest checkpoint whose function reaches it."""
    scopes = _top_level(ast.parse(source))
    uses = {name: {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} & set(scopes) - {name}
            for name, node in scopes.items()}
    result: dict[str, int] = {}
    for number, entry in enumerate(ENTRY_POINTS, start=1):
        todo = [entry]
        while todo:
            name = todo.pop()
            if name in result:
                continue
            result[name] = number
            todo.extend(uses.get(name, ()))
    return result


def _scope_of(source: str, line: int) -> str | None:
    for name, node in _top_level(ast.parse(source)).items():
        if node.lineno <= line <= node.end_lineno:
            return name
    return None


def _diff(before: str, after: str) -> tuple[list[str], int]:
    old, new = before.splitlines(), after.splitlines()
    lines, first = [], None
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        first = i1 + 1 if first is None else first
        lines += [f"L{i + 1} - {old[i].strip()}" for i in range(i1, i2)]
        lines += [f"+ {new[j].strip()}" for j in range(j1, j2)]
    shown = lines if len(lines) <= 4 else lines[:3] + [f"... ({len(lines) - 3} more changed lines)"]
    return shown, first or 1


def _named(name: str, operator, made: dict):
    def tagged(node):
        for mutated in operator(node):
            made[id(mutated)] = name
            yield mutated
    return tagged


def generate(reference: Path = REFERENCE) -> list[Mutant]:
    """Every distinct mutant of ``reference`` that still compiles, in source order."""
    source = reference.read_text(encoding="utf-8")
    module = cst.parse_module(source)
    wrapper = MetadataWrapper(module)
    made: dict[int, str] = {}
    operators = [(kind, _named(op.__name__.removeprefix("operator_"), op, made))
                 for kind, op in list(mutation_operators) + OWN_OPERATORS]
    pragmas = PragmaVisitor(str(reference))  # "# pragma: no mutate" comments, as mutmut honours them
    wrapper.visit(pragmas)
    visitor = MutationVisitor(operators, IgnoredCode(pragmas.no_mutate_lines, pragmas.ignore_node_lines, set()))
    wrapper.visit(visitor)
    original = wrapper.module
    checkpoints = checkpoints_by_scope(source)
    mutants, seen = [], {source}
    for mutation in visitor.mutations:
        mutated = deep_replace(original, mutation.original_node, mutation.mutated_node).code
        if mutated in seen:
            continue
        seen.add(mutated)
        try:
            compile(mutated, "main.py", "exec")
        except SyntaxError:
            continue
        diff, line = _diff(source, mutated)
        scope = _scope_of(source, line)
        if scope is None or scope not in checkpoints:
            continue  # a docstring or an import: not behaviour of the three functions
        scope_source = ast.get_source_segment(mutated, _top_level(ast.parse(mutated))[scope]) or mutated
        digest = hashlib.sha256(scope_source.encode()).hexdigest()[:8]
        mutants.append(Mutant(f"{scope}:{digest}", scope, checkpoints[scope],
                              made.get(id(mutation.mutated_node), "?"), diff, mutated))
    return mutants


def grade(mutants: list[Mutant], *, jobs: int | None = None, timeout: float = 3, keep: Path | None = None) -> None:
    """Grade all ``mutants`` in one run of ``python -m grader``; sets each mutant's ``result``."""
    with tempfile.TemporaryDirectory(prefix="mutants-") as temp:
        folder = (keep or Path(temp)) / "mutants"
        out = (keep or Path(temp)) / "out"
        folder.mkdir(parents=True, exist_ok=True)
        names = {}
        for index, mutant in enumerate(mutants):
            name = f"m{index:04d}"
            names[name] = mutant
            (folder / f"{name}.py").write_text(mutant.source, encoding="utf-8")
        command = [sys.executable, "-m", "grader", str(folder), "--out", str(out), "--quiet",
                   "--timeout", f"{timeout:g}", "--lang", "en"] + (["--jobs", str(jobs)] if jobs else [])
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"grade failed ({done.returncode}):\n{done.stderr}{done.stdout}")
        document = jsonreport.read(out / "results.json")
        for entry in document["submissions"]:
            names[entry["id"]].result = entry


def read_equivalent(path: Path = EQUIVALENT) -> dict[str, str]:
    """``{id: reason}`` from the checked-in list (``<id> <reason>`` per line, ``#`` comments)."""
    listed = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            mutant_id, _, reason = line.strip().partition(" ")
            listed[mutant_id] = reason.strip()
    return listed


def equivalents_for(reference: Path, equivalent: Path | None) -> dict[str, str]:
    """The equivalent mutants a run over ``reference`` checks its survivors against: ``equivalent`` when given
    (missing: none), else tools/equivalent_mutants.txt for the reference solution and none for another solution
    (that file's ids are the reference's lines: they would show as stale and every survivor as not listed)."""
    if equivalent is None:
        equivalent = EQUIVALENT if reference.resolve() == REFERENCE.resolve() else None
    return read_equivalent(equivalent) if equivalent is not None and equivalent.exists() else {}


def report(mutants: list[Mutant], equivalent: dict[str, str]) -> tuple[str, bool]:
    """The per-checkpoint table and the survivors; True when every survivor is a listed equivalent."""
    lines = [f"{'checkpoint':<11}{'mutants':>8}{'killed':>8}{'by own cp':>10}{'equivalent':>11}"
             f"{'survived':>9}{'score':>8}"]
    ok = True
    for number in (1, 2, 3):
        group = [m for m in mutants if m.checkpoint == number]
        killed = [m for m in group if m.killed]
        own = [m for m in killed if number in m.failed]
        equal = [m for m in group if not m.killed and m.id in equivalent]
        survived = [m for m in group if not m.killed and m.id not in equivalent]
        relevant = len(group) - len(equal)
        score = f"{100 * len(killed) / relevant:.0f}%" if relevant else "-"
        lines.append(f"{number:<11}{len(group):>8}{len(killed):>8}{len(own):>10}{len(equal):>11}"
                     f"{len(survived):>9}{score:>8}")
        ok &= not survived
    survivors = [m for m in mutants if not m.killed]
    lines.append(f"\nsurvivors ({len(survivors)}):" if survivors else "\nno survivors")
    for mutant in survivors:
        note = f"    equivalent: {equivalent[mutant.id]}" if mutant.id in equivalent else "    NOT LISTED"
        lines += [f"  cp{mutant.checkpoint} {mutant.line()}", note]
    stale = sorted(set(equivalent) - {m.id for m in survivors})
    if stale:
        ok = False
        lines.append("\nlisted as equivalent but killed or no longer generated (remove them):")
        lines += [f"  {mutant_id}" for mutant_id in stale]
    return "\n".join(lines), ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--equivalent", type=Path, help="the listed equivalent mutants (default: "
                        "tools/equivalent_mutants.txt for the reference solution, none for another --reference)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--timeout", type=float, default=3, help="seconds per check (default 3)")
    parser.add_argument("--keep", type=Path, help="keep the mutant files and the grader's reports here")
    parser.add_argument("--list", action="store_true", help="only list the mutants, do not grade them")
    args = parser.parse_args(argv)
    mutants = generate(args.reference)
    if args.list:
        print("\n".join(f"cp{m.checkpoint} {m.line()}" for m in mutants))
        return 0
    grade(mutants, jobs=args.jobs, timeout=args.timeout, keep=args.keep)
    text, ok = report(mutants, equivalents_for(args.reference, args.equivalent))
    print(text)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
