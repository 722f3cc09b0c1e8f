"""What the grader prints while it works and when it is done (a line per submission, a summary)."""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

from grader.columns import columns as _columns, cut_columns, display_width
from grader.discover import safe_name
from grader.reports import legend, load_reason, stopped
from grader.reports.notes import intended, warning_text
from grader.reports.selection import NO_FAILURE, approval_missed, hint, shown_failures
from grader.details import in_dutch
from grader.invisible import printable
from grader.sandbox.refusal_lists import abridged
from grader.reports.i18n import GUARD, MESSAGES
from grader.results import DECODED, decoded
from grader.terminal_texts import TEXT, listed as _listed, unmatched_warning  # TEXT: also read from here by the CLI

# Why a check was not run (its record's ``error``, set by grader.runner): the suffix of its text key.
_NOT_RUN = {"cpu-budget": "-budget", "after-memory": "-memory", "after-crashed": "-crashed"}
FUNCTIONS = {"1": "validate_ticket_proposal", "2": "proposal_fingerprint", "3": "dispatch_ticket"}
# Batch runs with more submissions than this print score counts instead of a table.
SUMMARY_ROWS = 60
# Widest id in the summary table (characters); a longer one is cut with "…" (the reports name it in full).
ID_WIDTH = 40
# Failed checks shown per checkpoint in a self-check (the report has all of them).
SHOWN_FAILURES = 3


def group_failures(failed: list[dict]) -> list[list[dict]]:
    """Check records grouped by check (the cases of one parametrized check together), in order."""
    groups: dict[str, list[dict]] = {}
    for check in failed:
        groups.setdefault(check["id"].split("[")[0], []).append(check)
    return list(groups.values())


def _label(result: dict) -> str:
    """A result's id as the summary table shows it: with the student's name when an LMS gave one (an id
    that is a number tells an instructor nothing), control characters escaped."""
    name = result.get("name")
    label = result["id"] if not name or name == result["id"] else f"{result['id']} ({name})"
    return printable(str(label), False)


def mark(passed: bool) -> str:
    """A check mark that does not rely on colour."""
    return "✔" if passed else "✘"


class Progress:
    """Terminal output of one run: a line per graded submission, then a summary table."""

    def __init__(self, total: int, lang: str, quiet: bool) -> None:
        self.total = total
        self.text = TEXT[lang]
        self.lang = lang
        self.quiet = quiet
        self.done = 0
        self.explained: frozenset[str] = frozenset()  # what a legend said: p, H (grader.reports.legend)
        self.stream = sys.stdout  # taken now: pytest's own chatter is redirected while grading
        # On a terminal a progress bar (count, rate, ETA); otherwise a plain line per submission. A
        # terminal that reports no width or no height (a bare pseudo-terminal) would show the bar as nothing at all.
        self.bar = None
        self.waiting = False  # the busy line is shown
        if not quiet and sys.stderr.isatty() and _columns(sys.stderr) > 0:
            from tqdm import tqdm
            self.bar = tqdm(total=total, unit=self.text["unit"], file=sys.stderr, dynamic_ncols=True, leave=False)

    def say(self, text: str = "") -> None:
        """Print a line to the real standard output, control characters (but line ends) escaped.

        When the reader has gone (``grade main.py | head``) the rest is not printed; grading
        and the exit code go on as if it were.
        """
        try:
            print(printable(text), file=self.stream, flush=True)
        except BrokenPipeError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), self.stream.fileno())  # nothing left to flush at exit

    def warn_check_errors(self, errors: Counter, total: int, texts: dict[str, str], where: list[Path]) -> None:
        """Said after a class run for each check that raised something other than a finding
        (``errors``: check id -> submissions; ``texts``: check id -> its first error): a defect of the check,
        often an instructor's own. ``where``: the outputs that show each submission's error (none on Gradescope)."""
        places = f" {self.text['and']} ".join(map(str, where))
        for check, count in sorted(errors.items()):
            said = self.text["check-error"].format(check=check, n=count, total=total, error=texts.get(check, "?"))
            # One line per check: the error may quote a student's value, whose line ends are shown as escapes.
            print(printable(said + (self.text["check-error-where"].format(where=places) if where else ""), False),
                  file=sys.stderr)

    def warn_decoded(self, decoded: dict[str, list[str]]) -> None:
        """Said after a class run: the submissions whose file was not saved as UTF-8 (``decoded``: the note's
        kind, ``decoded-cp1252`` or ``decoded-utf16`` -> their ids), one line per encoding."""
        for kind in DECODED:
            if decoded.get(kind):
                print(_listed(self.text, f"class-{kind}", decoded[kind]), file=sys.stderr)

    def warn_notes(self, said: list[tuple[str, list[dict]]]) -> None:
        """Said after a class run: per submission (by id) each load note a self-check says too (``said``: its id
        and grader.reports.classview.said_notes), one line each."""
        for submission, notes in sorted(said, key=lambda pair: pair[0]):
            for note in notes:
                print(printable(self._class_note(submission, note), False), file=sys.stderr)

    def _class_note(self, submission: str, note: dict) -> str:
        """The line a class run says of ``submission``'s ``note`` (one of grader.reports.classview.said_notes)."""
        if note["kind"] == "syntax-warning":
            return self.text["class-note"].format(id=submission, said=warning_text(note, self.lang))
        if note["kind"] == "exit-called":  # after some functions: those after it are missing
            at = self.text["exit-at"].format(line=note["line"]) if note.get("line") else ""
            return self.text["class-exit-called"].format(id=submission, at=at)
        if note["kind"] == "text-cells":  # its functions, each with its cell: "dispatch_ticket (cel 6, Markdown-cel)"
            kinds = self.text["text-cells"]
            places = [self.text["text-cell-place"].format(function=name, cell=cell, kind=kinds[kind])
                      for cell, kind, name in note["cells"]]
            listed = ", ".join(places[:-1]) + f" {self.text['and']} " + places[-1] if len(places) > 1 else places[0]
            return self.said("class-text-cells", len(places), id=submission, functions=listed)
        detail = str(note.get("detail") or "?")
        return self.text["class-notebook-stopped"].format(id=submission, cell=note.get("cell"), line=note.get("line") or "?",
                                                          detail=in_dutch(detail) if self.lang == "nl" else detail)

    def warn_renamed(self, renamed: list[tuple[str, str]], files: list[str], unmatched: list[list[str]]) -> None:
        """Said after a class run: the submissions the intake renamed to keep them apart (``renamed``: their id
        before and after), in one line by id, and per LMS gradebook in ``files`` the rows that leaves without an
        identifier its import knows (``unmatched``: their ids, per file). An id whose control characters were only
        written out (``evil\x1b[31m``, grader.discover.model.unique) reads as before: it is not said as renamed."""
        said = [f"{real} → {now}" for real, now in sorted(renamed, key=lambda p: (p[0].casefold(), p[0], len(p[1]), p[1]))
                if printable(real, False) != printable(now, False)]  # by id; -2 before -10
        if said:
            print(_listed(self.text, "class-renamed", said), file=sys.stderr)
        for file, ids in zip(files, unmatched):
            if ids:
                print(unmatched_warning(file, ids, self.lang), file=sys.stderr)

    def warn_unisolated(self) -> None:
        """Said once when grading cannot be isolated in child processes (no fork)."""
        print(self.text["unisolated"], file=sys.stderr)

    def graded(self, result: dict) -> None:
        """One line as each submission finishes (not with --quiet)."""
        self.done += 1
        if self.bar is not None:
            self.bar.set_postfix_str(printable(f"{result['id'][:30]} {result['score']}/{result['max_score']}", False),
                                     refresh=False)
            self.bar.update(1)
        elif not self.quiet:
            marks = " ".join(mark(result["checkpoints"][k]["passed"]) for k in FUNCTIONS)
            self.say(f"[{self.done}/{self.total}] {_label(result)}: {result['score']}/{result['max_score']}  {marks}  "
                     f"{self._status(result)}")

    def busy(self, file: str) -> None:
        """On a terminal, a line saying that ``file`` is being graded (a self-check of a looping function takes
        half a minute), removed by :meth:`close`; nothing elsewhere (a pipe, a log)."""
        if sys.stderr.isatty() and _columns(sys.stderr) > 0:
            print(printable(self.text["busy"].format(file=file), False), end="", file=sys.stderr, flush=True)
            self.waiting = True

    def close(self) -> None:
        """Remove the progress bar or the busy line (if any) before the summary is printed."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        if self.waiting:
            print("\r\x1b[K", end="", file=sys.stderr, flush=True)
            self.waiting = False

    def summary(self, results: list[dict], out: Path, reused: int = 0, similar: list[dict] | None = None) -> None:
        """The table at the end of a batch run; ``reused``: how many results came from an earlier run; ``similar``:
        the pairs similarity.html lists (similarity.json's), or None when it was not made."""
        width = min(max([display_width(_label(r)) for r in results] + [10]), ID_WIDTH)
        if not self.quiet and len(results) <= SUMMARY_ROWS:
            self._table(results, width)
        scores = Counter(result["score"] for result in results)
        self.say("  ".join(f"{score}/3: {scores[score]}" for score in sorted(scores, reverse=True)))
        self.say(self.said("summary", len(results), out=out, which=self._unscored(results)))
        if (out / "index.html").is_file():
            self.say(self.text["overview"].format(index=out / "index.html"))
        if similar:
            references = sum(isinstance(pair, dict) and bool(pair.get("reference")) for pair in similar)
            ref = self.text["similar-reference"].format(n=references) if references else ""
            self.say(self.said("similar", len(similar) - references, ref=ref, page=out / "similarity.html"))
        if reused:
            self.say(self.text["reused"].format(n=reused, total=len(results)))

    def _unscored(self, results: list[dict]) -> str:
        """The summary's clause on the results that are empty or did not load (``, waarvan 1 leeg``), or ``""``."""
        empty = sum(result["status"] == "empty" for result in results)
        failed = sum(result["status"] not in ("graded", "empty") for result in results)
        parts = [self.text[key].format(n=n) for key, n in (("n-empty", empty), ("n-load-error", failed)) if n]
        return self.text["which"].format(parts=f" {self.text['and']} ".join(parts)) if parts else ""

    def said(self, key: str, n: int, **values: object) -> str:
        """The text ``key`` for the number ``n``: its ``<key>-one`` form when ``n`` is 1."""
        return self.text[f"{key}-one" if n == 1 and f"{key}-one" in self.text else key].format(n=n, **values)

    def _table(self, results: list[dict], width: int) -> None:
        self.say()
        self.say(self.text["table"].format(id="id", w=width))
        for result in results:
            marks = "   ".join(mark(result["checkpoints"][k]["passed"]) for k in FUNCTIONS)
            shown = cut_columns(_label(result), width)
            pad = " " * max(width - display_width(shown), 0)  # 李雷 takes four columns, not two
            self.say(f"{shown}{pad}  {result['score']}/{result['max_score']}    {marks}    {self._status(result)}")

    def _status(self, result: dict) -> str:
        """A result's status (``graded``, ``load-error``, ``empty``) in the run's language, as the reports say it,
        with the load problem's kind or the marker of a grading that stopped early (grader.reports.stopped), and
        whether the LMS marked the attempt late: all of these in one pair of brackets (``laadfout (syntaxfout; te laat
        volgens het LMS)``)."""
        said = MESSAGES.get(f"status_{result['status']}", {}).get(self.lang, str(result["status"]))
        problem = (result.get("load") or {}).get("problem") or {}
        more = []
        if result["status"] == "load-error" and (why := load_reason.reason(problem, self.lang)):
            more.append(why)  # as the class page names it
        # A loop may have left most of the battery not run: the class page's marker (a summary has it; a full
        # result's records give it).
        stop = result["stopped"] if "stopped" in result else stopped.summary(result)
        if stop:
            more.append(MESSAGES[stopped.status_key(stop)][self.lang].format(count=stop["count"], total=stop["total"]))
        if result.get("late") is True:  # a Canvas _LATE attempt (its report says so too)
            more.append(self.text["late"])
        return f"{said} ({'; '.join(more)})" if more else said

    def self_check(self, result: dict, out: Path, brief: bool = False, reused: bool = False) -> None:
        """A student's own run: each checkpoint, the first failed checks with hints, the report path, and whether
        the result was ``reused`` (a file of the same content was graded before); ``brief`` (``--quiet``): the
        checkpoints, the score and the report path only."""
        text = self.text
        problem = result["load"]["problem"]
        file = Path(str(result.get("graded_file") or result["source"])).name
        cells = "-text" if (problem or {}).get("text_cells") else ""  # all in a notebook's text cells: those are named
        if problem and problem.get("cause") in ("exit", "main-block"):  # what stopped the three from being defined
            self.say(text["load-missing-" + problem["cause"]].format(file=file, line=problem.get("line") or "?"))
        elif problem and problem["kind"] == "missing-functions":  # it loaded: it has none of the three
            meant = intended(problem.get("source"))  # the def of a close name: which function it seems to be
            self.say(text["load-missing" + cells].format(file=file) + self._where(problem)
                     + (text["near"].format(near=meant) if meant else ""))
            for note in (n for n in result["load"]["notes"] if n.get("kind") == "missing-function" and n.get("near")):
                self.say("  - " + text["missing"].format(file=file, function=note["name"])
                         + text["near"].format(near=note["near"]))  # the problem's own def is said above
        elif problem and problem["kind"] == "empty" and (result.get("graded_file") or cells):  # else kind and detail
            self.say(text["load-empty" + cells].format(file=file))  # would say it twice
        elif problem:
            # A module the grader does not offer: named as the class table names it (grader.reports.load_reason).
            missing = load_reason.unavailable(problem)
            kind = load_reason.words(problem["kind"], missing, self.lang) if missing else None
            detail = abridged(problem["detail"])  # a refusal's whole list of modules: in the report only
            said = (in_dutch(detail) if self.lang == "nl" else detail) + (text["full-list"] if detail != problem["detail"] else "")
            self.say(text["load"].format(file=file, kind=kind or text["kinds"].get(problem["kind"], problem["kind"]),
                                         detail=said) + self._where(problem))
            if problem["kind"] == "runtime":  # the report's advice, for a student who reads only this
                self.say("  " + (MESSAGES["advice_runtime"][self.lang].format(guard=GUARD) if missing is None
                                 else text["advice-unavailable"]))  # not test code: a part the grader does not offer
        for function in (problem or {}).get("text_cells") or ():  # none of the three in a code cell: where they are
            self.say("  - " + self._in_text_cell(function[2], function[0], function[1]))
        if not brief and decoded(result):  # a file not saved as UTF-8: the report says it, and so does the terminal
            self.say(text[decoded(result)].format(file=file))
        for note in result["load"]["notes"]:  # a notebook's cell that stopped loading: what was graded is less
            if note.get("kind") == "syntax-warning":  # `is` with a literal: fails the checks, not the student's run
                self.say(warning_text(note, self.lang))
            elif note.get("kind") == "exit-called":  # after some functions: those after it are missing
                at = text["exit-at"].format(line=note["line"]) if note.get("line") else ""
                self.say(text["exit-called"].format(file=file, at=at))
            elif note.get("kind") == "notebook-stopped":
                detail = str(note.get("detail") or "?")
                self.say(MESSAGES["note_notebook_stopped"][self.lang].format(
                    cell=note.get("cell"), line=note.get("line") or "?",
                    detail=in_dutch(detail) if self.lang == "nl" else detail))
        selection = shown_failures(result)
        stop = stopped.summary(result)
        for key, function in FUNCTIONS.items():
            checkpoint = result["checkpoints"][key]
            failed = [c for c in checkpoint["checks"] if c["outcome"] not in NO_FAILURE]  # not run: not failed
            checks = group_failures(checkpoint["checks"])  # a parametrized check counts once, as in the reports
            not_run = stopped.not_run_checks(checkpoint["checks"])
            if problem:
                verdict = text["not-graded"]
            elif checkpoint["passed"]:
                verdict = text["passed"]
            else:
                total = len(checks)  # the noun follows the total: "1 van de 1 controle"
                reason = text["not-run" + _NOT_RUN.get(stopped.reason(checkpoint["checks"]), "")] if not_run else ""
                if not_run and not failed:  # nothing ran to fail: "0 van de 26 mislukt" would read as all is well
                    verdict = text["failed-none-run"].format(n=len(not_run), total=total, reason=reason)
                else:
                    verdict = text["failed-one" if total == 1 else "failed"].format(n=len(group_failures(failed)),
                                                                                    total=total)
                    verdict += text["not-run-count"].format(n=len(not_run), reason=reason) if not_run else ""
            self.say(f"{mark(checkpoint['passed'])} " + text["checkpoint"].format(k=key, function=function, verdict=verdict))
            if problem or not failed or brief:
                continue
            missing = [n for n in result["load"]["notes"] if n.get("kind") == "missing-function" and n.get("name") == function]
            if missing:
                near, cell = missing[0].get("near"), missing[0].get("cell")
                if cell:  # defined in a notebook cell that never ran
                    self.say("  - " + text["missing-unrun"].format(function=function, cell=cell,
                                                                   after=missing[0].get("after") or "?"))
                elif missing[0].get("text_cell"):  # written in a Markdown or raw cell, which never runs
                    self.say("  - " + self._in_text_cell(function, missing[0]["text_cell"], missing[0].get("cell_type")))
                else:
                    self.say("  - " + text["missing"].format(file=file, function=function)
                             + (text["near"].format(near=near) if near else ""))  # say() escapes it
                continue
            # As the report: the root cause first, then the failures it shows in full, in its order.
            root, shown, also = selection[key]  # also: checkpoint 2's digest is wrong too
            elsewhere = stopped.stopped_elsewhere(stop, int(key), len(not_run))
            if elsewhere:  # another function's loop left this one untested: that first, and no rule's hint
                self.say(text["stopped"].format(function=FUNCTIONS[str(elsewhere)], n=elsewhere))
            elif root:  # a check that shows the student's own digest is not H(p) makes the reason certain
                confirmed = root == "fingerprint" and any((r.get("detail") or {}).get("cause") == "fingerprint"
                                                          for r in shown)
                self.say(text[f"root-{root}" + ("-confirmed" if confirmed else "")])
                if also:
                    self.say(text["root-also-fingerprint"])
            groups = group_failures(shown)[:SHOWN_FAILURES]
            totals = Counter(check["id"].split("[")[0] for check in checkpoint["checks"])  # a check's cases, as reported
            for group in groups:
                self._failure(group[0], len(group), totals[group[0]["id"].split("[")[0]], hinted=not elsewhere,
                              missed=approval_missed(root, also, group), struck=stopped.struck(group))
            left = len(group_failures(failed)) - len(group_failures(shown)[:SHOWN_FAILURES])  # checks, as above
            if left:  # "and N more" only after some shown here
                self.say("    " + self.said("more" if groups else "listed", left))
        self.say(text["score"].format(score=result["score"], max=result["max_score"]))
        self.say(text["report"].format(path=out / "feedback" / f"{safe_name(result['id'])}.html"))
        if reused and not brief:  # not graded again: a student wondering why nothing changed reads why
            self.say(text["self-reused"].format(file=file))
        if (out / "index.html").is_file():  # a class's outputs: its results.json is left as it is (grader.grading)
            self.say(text["class-results-kept"].format(path=out / "results.json"))

    def _in_text_cell(self, function: str, cell: int, kind: object) -> str:
        """That ``function`` is in the notebook's text cell ``cell`` (``kind``: ``markdown`` or ``raw``), which never
        runs, and must be a code cell."""
        kinds = self.text["text-cells"]
        return self.text["missing-text"].format(function=function, cell=cell, kind=kinds.get(kind, kinds["markdown"]))

    def _where(self, problem: dict) -> str:
        """Where a load problem is: `` — line 3: source``, in a notebook `` — cell 2, line 1: source`` (no
        brackets: a line with an unclosed bracket would seem closed by them)."""
        if not problem.get("line"):
            return ""
        place = f"{self.text['line']} {problem['line']}"
        if problem.get("cell") and problem.get("cell_line"):
            place = self.text["cell"].format(cell=problem["cell"], line=problem["cell_line"])
        return f" — {place}: {problem['source']}" if problem.get("source") else ""  # the detail names the line

    def _failure(self, check: dict, cases: int, total: int, hinted: bool = True, missed: bool = False,
                 struck: str | None = None) -> None:
        """A failed ``check`` as the first of its ``cases`` failed cases out of ``total``; ``missed``
        (grader.reports.selection.approval_missed): the tip about the fingerprint in place of the rule's; ``struck``:
        the outcome (``timeout``...) of each of those cases when none answered (grader.reports.stopped.struck), said
        first."""
        detail = {} if check.get("hidden") else check.get("detail") or {}  # hidden: name and hint only
        # Before the first code shown that uses p or H(x): what it is, once each.
        new = legend.used([detail["tried"]]) - self.explained if detail.get("tried") else frozenset()
        if new:
            self.explained |= new
            self.say(self.text[legend.key(new, "-")])
        extra = " " + self.text["cases"].format(n=cases, total=total) if cases > 1 else ""
        heading = (MESSAGES["struck_" + struck][self.lang] + " " if struck else "") + check["message"]
        self.say(f"  - {heading}{extra}")  # not the clause: students have the lesson, not the contract
        finding = check["outcome"] == "failed"
        for key in ("tried", "got", "expected"):  # the reports' order
            if detail.get(key) and (finding or key == "tried"):
                value = str(detail[key]).replace("\n", "\n      ")
                self.say(f"    {self.text[key]}: {value}")
        if not finding and not check.get("hidden"):
            error = f" ({check['error']})" if check.get("error") and check["outcome"] in ("crashed", "error") else ""
            where = f"; {detail['got']}" if detail.get("got") else ""  # a time-out: the line it was at
            said = check["outcome"] + _NOT_RUN.get(check.get("error"), "")  # not run: why
            label = self.text["outcome" if check["outcome"] == "error" else "got"]  # the check broke off: not the code's
            self.say(f"    {label}: {self.text[said]}{error}{where}")
        # Not when another function's loop left this one untested, nor for a time-out (the code gave no answer the
        # rule's hint could be about), as in the reports (grader.reports.feedback).
        if hinted and check["outcome"] in ("failed", "error"):
            said = MESSAGES["hint_approval_missed"][self.lang] if missed else hint({**check, "detail": detail})
            self.say(f"    {self.text['hint']}: {said}")  # a case's own, if any
