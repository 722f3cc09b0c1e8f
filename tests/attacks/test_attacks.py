"""Hostile submissions (tests/attacks/<category>/*.py), all graded in one run of the real ``grade`` command.

Each attack is a ``main.py`` a hostile (or unlucky) student could hand in. Its first comment lines
say what it tries and what must come of it:

    # attack: what it tries
    # expect: policy [text in the reason]            refused at load by the policy
    # expect: load-error KIND [text in the reason]   refused at load (runtime, timeout, crashed, syntax...)
    # expect: graded PFP                             graded: checkpoint k must pass (P), fail (F) or either (?)
    # expect-outcome: 2 timeout                      and some check of checkpoint 2 ended as a time-out
    # expect-no-outcome: error                       and no check at all ended so (an error is the grader's own)

Directives: ``# @correct-solution`` is replaced by the control submission (the correct
solution s01), so an attack can keep working functions and redefine one; ``@@MARKER@@`` is a
folder outside the submissions holding a secret file; ``@@LONGNAME@@`` is a 40,000-character
identifier; ``# @repeat: N: line`` stands for ``line`` N times; ``# @pad: N`` pads the file to N bytes with comments, ``# @pad-code: N`` with the lines of a function
that is never called (each binds a name of its own to a small list, tuple and dict).
An attack that gets further than it may prints or raises a text with ``BREACH``.

Every second attack that runs code (the policy's refusals never run a line), and the last one, is
followed by a control (the correct solution, with a token in a comment): each control must score
3/3, so nothing an attack did reached the checks or a later submission. Each submission is graded
in its own process forked from a grader that never runs student code, so a control anywhere after
an attack would see what it left behind (files, the parent's state); the spacing only localises it.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pytest

from conftest import SOLUTIONS, grade_folder

HERE = Path(__file__).resolve().parent
CATEGORIES = ("inflation", "escape", "harm", "pathology")
CONTROL = (SOLUTIONS / "correct" / "s01_plain_regex.py").read_text(encoding="utf-8")
SECRET = "SECRET-7d1c0b-never-shown"  # the marker folder's secret file holds this
CONTROL_TOKEN = "CONTROL-SOURCE-4be9"  # in every control's source: must never show up in an attack's result
BREACH = "BREACH"
LONG_NAME = "Refused" + "x" * 40_000  # five of these stay under the 256 KiB source limit
MAX_OUTPUT = 12_000  # captured output in a report (README: capped at 10,000 characters plus a marker line)
# A control follows every CONTROL_EVERY-th attack that runs code, and the last attack (each control
# runs the whole battery: 1 would add ~40 controls and ~20 s on two cores).
CONTROL_EVERY = 2


@dataclasses.dataclass
class Attack:
    """One attack file and what must come of it."""

    category: str
    name: str
    source: str
    description: str
    expect: list[str]
    outcomes: list[tuple[str, str]]
    absent: list[str] = dataclasses.field(default_factory=list)  # outcomes no check may end with

    @property
    def id(self) -> str:
        return f"{self.category}-{self.name}".replace("_", "-")

    def render(self, marker: Path) -> bytes:
        """The main.py to grade: directives applied, the marker folder filled in."""
        lines = [CONTROL if line.strip() == "# @correct-solution" else line for line in self.source.split("\n")]
        lines = ["\n".join([line.split(":", 2)[2].strip()] * int(line.split(":", 2)[1]))
                 if line.startswith("# @repeat:") else line for line in lines]
        pad = max([int(line.split(":")[1]) for line in lines if line.startswith("# @pad:")], default=0)
        code = max([int(line.split(":")[1]) for line in lines if line.startswith("# @pad-code:")], default=0)
        text = "\n".join(lines).replace("@@MARKER@@", str(marker)).replace("@@LONGNAME@@", LONG_NAME)
        data = text.encode("utf-8")
        if code:
            data += b"\n\ndef _padding():\n"
        while len(data) < code:
            data += f"    name{len(data)} = [{len(data)}, ({len(data)}, 's'), {{'key': {len(data)}}}]\n".encode("ascii")
        while len(data) < pad:
            data += b"# " + b"padding " * 12 + b"\n"
        return data


def parse(path: Path) -> Attack:
    """Read an attack's header comments (see the module docstring)."""
    source = path.read_text(encoding="utf-8")
    description, expect, outcomes, absent = "", [], [], []
    for line in source.split("\n"):
        if line.startswith(("# attack:", "# pathology:")):
            description = line.split(":", 1)[1].strip()
        elif line.startswith("# expect:"):
            expect = line.split(":", 1)[1].split()
        elif line.startswith("# expect-outcome:"):
            checkpoint, outcome = line.split(":", 1)[1].split()
            outcomes.append((checkpoint, outcome))
        elif line.startswith("# expect-no-outcome:"):
            absent += line.split(":", 1)[1].split()
    assert description and expect, f"{path}: needs '# attack:' and '# expect:' lines"
    return Attack(path.parent.name, path.stem, source, description, expect, outcomes, absent)


ATTACKS = [parse(path) for category in CATEGORIES for path in sorted((HERE / category).glob("*.py"))]


def test_the_suite_is_large_enough():
    assert len(ATTACKS) >= 60
    assert {attack.category for attack in ATTACKS} == set(CATEGORIES)
    assert len({attack.id for attack in ATTACKS}) == len(ATTACKS)


@dataclasses.dataclass
class Run:
    results: dict
    out: Path
    marker: Path
    controls: list[str]
    attacks: dict[str, Attack]


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Run:
    """Grade every attack, with controls between them, in one run (--timeout 2 --jobs 2)."""
    marker = tmp_path_factory.mktemp("marker")
    (marker / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    folder = tmp_path_factory.mktemp("attacks")
    controls, attacks, ran = [], {}, 0
    for index, attack in enumerate(ATTACKS):
        student = f"a{index:03d}-{attack.id}"
        submissions = {student: attack.render(marker)}
        ran += attack.expect[0] != "policy"  # a file the policy refuses never runs a line: nothing to undo
        if ran >= CONTROL_EVERY or index == len(ATTACKS) - 1:
            ran = 0
            control = f"a{index:03d}-zz-control"
            submissions[control] = (CONTROL + f"\n# {CONTROL_TOKEN} {index}\n").encode("utf-8")
            controls.append(control)
        for name, data in submissions.items():
            (folder / name).mkdir()
            (folder / name / "main.py").write_bytes(data)
        attacks[student] = attack
    out = tmp_path_factory.mktemp("out")
    # One line per failed check instead of a formatted traceback: the outcomes are the same (the
    # runner reads them from its own hook), an all-wrong submission grades in 1 s instead of 10 s.
    previous = os.environ.get("PYTEST_ADDOPTS")
    os.environ["PYTEST_ADDOPTS"] = "--tb=line"
    try:
        results = grade_folder(folder, out, "--timeout", "2", "--jobs", "2")
    finally:
        if previous is None:
            del os.environ["PYTEST_ADDOPTS"]
        else:
            os.environ["PYTEST_ADDOPTS"] = previous
    return Run(results, out, marker, controls, attacks)


def problems(attack: Attack, result: dict) -> list[str]:
    """What is wrong with an attack's result (empty when the attack was contained as expected)."""
    found = []
    kind, *rest = attack.expect
    problem = result["load"]["problem"] or {}
    if kind in ("policy", "load-error"):
        wanted_kind = "policy" if kind == "policy" else rest.pop(0)
        text = " ".join(rest)
        if result["status"] != "load-error" or problem.get("kind") != wanted_kind:
            found.append(f"expected load-error {wanted_kind}, got {result['status']} {problem.get('kind')} "
                         f"{problem.get('detail')!r} score {result['score']}")
        elif text and text not in problem.get("detail", ""):
            found.append(f"expected {text!r} in the reason, got {problem.get('detail')!r}")
    elif kind == "graded":
        verdicts = "".join("P" if result["checkpoints"][k]["passed"] else "F" for k in "123")
        if result["status"] != "graded":
            found.append(f"expected graded, got {result['status']} {problem}")
        elif any(want not in ("?", got) for want, got in zip(rest[0], verdicts)):
            found.append(f"expected checkpoints {rest[0]}, got {verdicts}")
    else:
        found.append(f"unknown expectation {attack.expect}")
    for checkpoint, outcome in attack.outcomes:
        seen = {check["outcome"] for check in result["checkpoints"][checkpoint]["checks"]}
        if outcome not in seen:
            found.append(f"expected a {outcome} in checkpoint {checkpoint}, saw {sorted(seen)}")
    for outcome in attack.absent:
        ended = [check["id"] for part in result["checkpoints"].values() for check in part["checks"]
                 if check["outcome"] == outcome]
        if ended:
            found.append(f"{len(ended)} checks ended as {outcome}, the first {ended[0]}")
    text = json.dumps(result)
    if BREACH in text:
        found.append("the attack reported a breach: " + text[text.index(BREACH):][:300])
    if SECRET in text or CONTROL_TOKEN in text:
        found.append("a secret or another submission's source shows up in the result")
    if len(result["load"]["output"]) > MAX_OUTPUT:
        found.append(f"captured output of {len(result['load']['output'])} characters")
    return found


@pytest.mark.parametrize("attack", ATTACKS, ids=[attack.id for attack in ATTACKS])
def test_attack_is_contained(run, attack):
    student = next(student for student, known in run.attacks.items() if known is attack)
    assert problems(attack, run.results[student]) == []


def test_every_submission_gets_a_report(run):
    assert set(run.results) == set(run.attacks) | set(run.controls)
    for student in run.results:
        assert (run.out / "feedback" / f"{student}.html").is_file(), student


def test_every_control_after_an_attack_scores_full_marks(run):
    assert {control: run.results[control]["score"] for control in run.controls
            if run.results[control]["score"] != 3} == {}


def test_no_file_was_created_next_to_the_secret(run):
    assert sorted(path.name for path in run.marker.iterdir()) == ["secret.txt"]
    assert (run.marker / "secret.txt").read_text(encoding="utf-8") == SECRET + "\n"


def test_no_secret_or_other_source_in_what_an_attacker_sees(run):
    """An attacker sees their own feedback (the instructor's pages do show sources, e.g. for similarity)."""
    for student in run.attacks:
        for suffix in (".html", ".md"):
            data = (run.out / "feedback" / f"{student}{suffix}").read_bytes()
            assert SECRET.encode() not in data and CONTROL_TOKEN.encode() not in data, student + suffix


def test_reports_show_markup_as_text(run):
    student = next(s for s, attack in run.attacks.items() if attack.name == "markup_in_output")
    page = (run.out / "feedback" / f"{student}.html").read_text(encoding="utf-8")
    assert '<script>alert("pwned")' not in page and "<img src=" not in page
    assert "&lt;script&gt;" in page
    markdown = (run.out / "feedback" / f"{student}.md").read_text(encoding="utf-8")
    assert "onerror" in markdown and unfenced(markdown, "onerror") == []


def unfenced(markdown: str, needle: str) -> list[str]:
    """Lines holding ``needle`` outside fenced code blocks (a fence closes with at least as many marks)."""
    found, fence = [], ""
    for line in markdown.split("\n"):
        stripped = line.strip()
        mark = stripped[:1]
        run_length = len(stripped) - len(stripped.lstrip(mark)) if mark in ("`", "~") else 0
        if fence and stripped and set(stripped) == {fence[0]} and run_length >= len(fence):
            fence = ""
        elif not fence and run_length >= 3:
            fence = mark * run_length
        elif not fence and needle in line:
            found.append(line)
    return found


def test_failed_checks_keep_their_details_small(run):
    for student in run.attacks:
        assert len(run.results[student]["load"]["output"]) < 20_000, student
        for checkpoint in run.results[student]["checkpoints"].values():
            for check in checkpoint["checks"]:
                assert len(json.dumps(check)) < 20_000, (student, check["id"])


def figures(run: Run) -> dict[str, tuple[int, int]]:
    """Attacks tried and contained per category (the README's figure)."""
    table: dict[str, tuple[int, int]] = {}
    for student, attack in run.attacks.items():
        tried, contained = table.get(attack.category, (0, 0))
        table[attack.category] = (tried + 1, contained + (not problems(attack, run.results[student])))
    return table


def test_figures_every_attack_contained(run):
    table = figures(run)
    print("\nattacks tried / contained: " + ", ".join(f"{c} {t}/{k}" for c, (t, k) in table.items()))
    assert all(tried == contained for tried, contained in table.values()), table
