"""The ``grade`` command: arguments, terminal output and exit codes (no grading logic)."""

from __future__ import annotations

import argparse
import atexit
import gc
import os
import re
import signal
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

from grader.terminal_texts import language

# argparse's own error messages (Python 3.10-3.13), in Dutch; one that does not match stays English.
ARGPARSE_NL = (
    (re.compile(r"argument (\S+): invalid \w+ value: (.*)"), r"argument \1: ongeldige waarde \2"),
    (re.compile(r"argument (\S+): invalid choice: (.*) \(choose from (.*)\)"), r"argument \1: ongeldige keuze \2 (kies uit \3)"),
    (re.compile(r"argument (\S+): expected one argument"), r"argument \1: verwacht één waarde"),
    (re.compile(r"argument (\S+): expected at least one argument"), r"argument \1: verwacht minstens één waarde"),
    (re.compile(r"unrecognized arguments: (.*)"), r"onbekende argumenten: \1"),
    (re.compile(r"the following arguments are required: (.*)"), r"deze argumenten ontbreken: \1"),
    (re.compile(r"ambiguous option: (\S+) could match (.*)"), r"dubbelzinnige optie: \1 kan zijn: \2"),
)


def dutch_usage_error(message: str) -> str:
    """An argparse error ``message`` in Dutch, where ARGPARSE_NL knows it; else as it is."""
    for pattern, replacement in ARGPARSE_NL:
        if pattern.fullmatch(message):
            return pattern.sub(replacement, message)
    return message


# Exit codes (README "Exit codes").
EXIT_OK = 0
EXIT_NOT_ALL_PASSED = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 3
EXIT_OUTPUT = 4
EXIT_INTERRUPTED = 130

# --out when none is given (``--out reports`` given on purpose is the user's choice: a folder that
# cannot be written is then an error, exit 4; the default, in a self-check, is not).
DEFAULT_OUT = "reports"


class Parser(argparse.ArgumentParser):
    """argparse with its error messages in the run's language (``lang``: ``"nl"``, the default, or ``"en"``)."""

    lang = "nl"
    # Said after argparse's message that a required argument is missing, by language (None: nothing more).
    missing_hint: dict[str, str] | None = None

    def error(self, message: str) -> NoReturn:
        more = ""
        if self.missing_hint and message.startswith("the following arguments are required"):
            more = f"; {self.missing_hint[self.lang]}"
        if self.lang != "nl":
            super().error(message + more)
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"{self.prog}: fout: {dutch_usage_error(message)}{more}\n")


def parser() -> Parser:
    """The command-line interface of ``grade``."""
    ap = Parser(
        prog="grade",
        description="Grade submissions for the lesson 'Bind toestemming aan de exacte handeling'.",
    )
    ap.add_argument("paths", nargs="*", metavar="PATH",
                    help="a folder of submissions, an LMS export (folder or .zip), a student's folder with main.py, "
                         "or one file (.py, .ipynb)")
    ap.add_argument("-o", "--out", metavar="DIR", help="where reports go (default: reports/)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                    help="submissions graded at once (default: the number of CPUs)")
    ap.add_argument("--lang", choices=("nl", "en"), default="nl",
                    help="language of the feedback and the terminal messages (default: nl)")
    ap.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                    help="time limit per check and for loading main.py; 30 times as much (at least 60) for a "
                         "submission's whole battery (default: 10)")
    ap.add_argument("-q", "--quiet", action="store_true", help="print only the summary")
    ap.add_argument("--layout", default="auto", metavar="NAME",
                    choices=("auto", "folders", "canvas", "moodle", "brightspace", "blackboard", "classroom"),
                    help="how PATH is laid out: auto (default: recognised), folders, canvas, moodle, brightspace, "
                         "blackboard or classroom (GitHub Classroom)")
    ap.add_argument("--force", action="store_true",
                    help="regrade every submission, also those whose result is stored from an earlier run")
    from grader import commands  # extra outputs and the instructor's own checks (README "Instructor outputs")

    commands.add_output_options(ap)
    commands.add_checks_option(ap)
    ap.epilog = ("Also: grade report RESULTS_JSON [--out DIR] re-renders every output from a results.json; "
                 "grade gradescope-bundle [--out autograder.zip] builds a Gradescope autograder. "
                 "(A folder named report is graded as ./report.)")
    return ap


def main(argv: list[str] | None = None) -> int:
    """Run ``grade``; returns the exit code (see the README's "Exit codes")."""
    # Leaving: no last garbage collection over every object of the run (about 30 ms); the outputs
    # are all closed by then, and the operating system frees the memory.
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    on_int, on_term = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    try:
        # SIGTERM ends a run as Ctrl-C does, in every phase: a message, exit 130, no half-written file. (Till
        # here, as the program, grader.entry's handler said a signal and ended the process.)
        if on_int is not signal.SIG_IGN:  # (ignored in a shell's background job, as Python leaves it)
            signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.default_int_handler)
        return _main(argv)
    except BrokenPipeError:  # ``grade ... | head``: the reader left; every output file is written
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK
    except KeyboardInterrupt:  # while starting (importing, reading the options): nothing was done yet
        from grader.terminal_texts import TEXT

        print(TEXT[language(sys.argv[1:] if argv is None else argv)]["interrupted-start"], file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        # As the program (no argv given), only leaving is left: a SIGTERM now would end it with the signal's
        # status though every output is written, so it is ignored; a caller in this process gets its handler back.
        signal.signal(signal.SIGTERM, signal.SIG_IGN if argv is None else on_term)
        if argv is not None:
            signal.signal(signal.SIGINT, on_int)


def _in_a_submission(out: Path, graded: Path) -> bool:
    """Whether ``out`` lies in a folder of the class folder ``graded`` that holds something already and is
    no output folder of a grader run (results.json): a student's folder, which the reports would change."""
    try:
        rel = out.resolve().relative_to(graded.resolve())
    except (ValueError, OSError):
        return False
    top = graded.resolve() / rel.parts[0] if rel.parts else None
    try:
        return top is not None and top.is_dir() and not (top / "results.json").is_file() and any(top.iterdir())
    except OSError:
        return False


def _main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    from grader import commands

    if argv and argv[0] in commands.SUBCOMMANDS:  # ``grade report ...``; a folder named report: ./report
        return commands.run(argv)
    if argv[-1:] == ["--"] and "--" not in argv[:-1]:  # ends --reference's list with nothing after it (README)
        argv = argv[:-1]
    ap = parser()
    ap.lang = language(argv)
    args = ap.parse_args(argv)
    from grader.terminal import TEXT

    text = TEXT[args.lang]
    if not args.paths:  # nargs="*" so that this message can say where a path went
        ap.error(text["required"] + (text["required-reference"] if args.references else ""))
    if args.jobs < 1 or args.timeout <= 0:
        print(f"grade: {text['positive'].format(option='--jobs' if args.jobs < 1 else '--timeout')}", file=sys.stderr)
        return EXIT_USAGE
    try:
        options, checks = commands.output_options(args), commands.checks_folder(args)
    except commands.OptionError as error:
        print(f"grade: {error.text(args.lang)}", file=sys.stderr)
        return EXIT_USAGE

    chosen = args.out is not None
    args.out = args.out if chosen else DEFAULT_OUT
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        said = text["out-file" if chosen else "default-out-file"].format(out=args.out)
        print(f"grade: {said}", file=sys.stderr)
        return EXIT_USAGE
    if any(Path(path).is_dir() and Path(path).resolve() == out.resolve() for path in args.paths):
        print(f"grade: {text['out-graded' if chosen else 'default-out-graded'].format(out=args.out)}", file=sys.stderr)
        return EXIT_USAGE
    if any(_in_a_submission(out, Path(path)) for path in args.paths if Path(path).is_dir()):
        print(f"grade: {text['out-submission'].format(out=args.out)}", file=sys.stderr)
        return EXIT_USAGE
    return _run(args, out, options, checks, chosen)


def _run(args: argparse.Namespace, out: Path, options: object, checks: Path | None, chosen: bool) -> int:
    from grader.commands import class_only
    from grader.discover import UsageError, discover_apart
    from grader.grading import BatteryError, ChecksError, Interrupted, grade
    from grader.invisible import printable
    from grader.terminal import TEXT

    unclaimed: list[str] = []
    try:
        submissions, single = discover_apart(args.paths, args.layout, unclaimed)
    except UsageError as error:  # it may name what the folder holds: students' file names, escaped
        print(f"grade: {printable(error.text(args.lang), False)}", file=sys.stderr)
        return EXIT_USAGE
    except OSError as error:
        print(f"grade: {printable(str(error), False)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:  # Ctrl-C while a large folder or archive is read
        print(TEXT[args.lang]["interrupted-early"], file=sys.stderr)
        return EXIT_INTERRUPTED
    unused = class_only(args) if single else []
    if unused:  # a self-check writes no class outputs: an option that chooses only those is said to be unused
        names = ", ".join(unused[:-1]) + f" {TEXT[args.lang]['and']} " * (len(unused) > 1) + unused[-1]
        said = TEXT[args.lang]["class-only" if len(unused) > 1 else "class-only-one"]
        print(f"grade: {said.format(options=names)}", file=sys.stderr)
    if not single:  # never remove a whole earlier class's reports (grader.stamps.another_class)
        from grader.stamps import another_class
        earlier = another_class(out, (submission.id for submission in submissions))
        if earlier:
            names = printable(", ".join(earlier), False)
            print(f"grade: {TEXT[args.lang]['another-class'].format(out=args.out, names=names)}", file=sys.stderr)
            return EXIT_USAGE
    # A student's self-check in a read-only folder, without --out: the report goes elsewhere.
    unwritable = _unwritable(out) if single and not chosen else None
    if unwritable is not None:
        out = Path(tempfile.mkdtemp(prefix="grade-"))
        print(f"grade: {TEXT[args.lang]['output-elsewhere'].format(out=args.out, error=unwritable, other=out)}",
              file=sys.stderr)
    try:
        document = grade(submissions, out, jobs=args.jobs, timeout=args.timeout, lang=args.lang,
                         quiet=args.quiet, single=single, force=args.force, options=options, checks=checks,
                         unclaimed=unclaimed)
    except Interrupted as stop:
        if single and not stop.document["submissions"]:  # a self-check's report there is an earlier one, if any
            print(_interrupted_self(submissions[0], out, args.lang), file=sys.stderr)
            return EXIT_INTERRUPTED
        said = "interrupted-force" if args.force else "interrupted"  # --force again would regrade everything
        print(TEXT[args.lang][said].format(done=len(stop.document["submissions"]), total=len(submissions),
                                           out=args.out), file=sys.stderr)
        return EXIT_INTERRUPTED
    except KeyboardInterrupt:  # a second Ctrl-C, or one while the class outputs are written
        said = "interrupted-late-force" if args.force else "interrupted-late"
        print(TEXT[args.lang][said].format(out=args.out), file=sys.stderr)
        return EXIT_INTERRUPTED
    except ChecksError as error:  # the instructor's own --checks module: theirs to fix, not the grader's
        print(f"grade: {error.text(args.lang)}", file=sys.stderr)
        return EXIT_USAGE
    except BatteryError as error:
        print(f"grade: {TEXT[args.lang]['internal'].format(error=error)}", file=sys.stderr)
        return EXIT_INTERNAL
    except OSError as error:  # the output folder cannot be made or written (no such place, a full disk)
        print(f"grade: {TEXT[args.lang]['output'].format(out=args.out, error=error)}", file=sys.stderr)
        return EXIT_OUTPUT
    if single:
        result = document["submissions"][0]
        return EXIT_OK if result["score"] == result["max_score"] else EXIT_NOT_ALL_PASSED
    return EXIT_OK


def _interrupted_self(submission: object, out: Path, lang: str) -> str:
    """What an interrupted self-check says: nothing written, and that a report already there is an earlier one."""
    from grader.discover import safe_name
    from grader.invisible import printable
    from grader.terminal import TEXT

    report = out / "feedback" / f"{safe_name(submission.id)}.html"
    file = printable(Path(str(getattr(submission, "graded_file", None) or submission.path)).name, False)
    said = TEXT[lang]["interrupted-self"] + (TEXT[lang]["interrupted-self-report"] if report.is_file() else "")
    return said.format(file=file, report=report)


def _unwritable(out: Path) -> OSError | None:
    """Why no file can be written in ``out`` (made if missing), or None when one can."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as error:
        return error
    return None
