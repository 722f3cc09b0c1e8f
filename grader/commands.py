"""Sub-commands ``grade report`` and ``grade gradescope-bundle``, and the output options shared with ``grade``."""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
from pathlib import Path

from grader import similarity
from grader.details import in_dutch
from grader.errors import BilingualError
from grader.reports import FORMATS, GRADEBOOKS, Options, classview, copies, lms
from grader.reports.feedback import clean

SUBCOMMANDS = ("report", "gradescope-bundle")


class OptionError(BilingualError, ValueError):
    """An output option that cannot be used (a reference file that does not exist, a bad threshold)."""


def add_output_options(ap: argparse.ArgumentParser) -> None:
    """Add the options that choose extra outputs (see :func:`output_options`) to ``ap``."""
    ap.add_argument("--format", dest="formats", action="append", choices=FORMATS, default=[],
                    help="also write this format: gradescope (gradescope/<id>.json, Gradescope's results.json)")
    ap.add_argument("--gradebook", dest="gradebooks", action="append", choices=GRADEBOOKS, default=[],
                    help="also write a gradebook for this LMS's grade import: canvas, brightspace, moodle "
                         "(gradebook-<lms>.csv); plain is gradebook.csv, always written; may be repeated")
    ap.add_argument("--assignment", default=lms.DEFAULT_ASSIGNMENT, metavar="NAME",
                    help=f"the grade column in the Canvas and Brightspace gradebooks (default: {lms.DEFAULT_ASSIGNMENT!r}; "
                         "for Canvas 'Name (id)' fills an existing assignment)")
    ap.add_argument("--reference", dest="references", action="extend", nargs="+", default=[], metavar="FILE",
                    help="files students could copy from (a published sample solution): "
                         "submissions much like them are listed in similarity.html")
    ap.add_argument("--similarity-threshold", type=float, default=similarity.THRESHOLD, metavar="SHARE",
                    help="report pairs sharing at least this part of their code, (0, 1]: above 0, at most 1 "
                         f"(default: {similarity.THRESHOLD})")
    ap.add_argument("--no-similarity", action="store_true", help="do not compare the submissions (no similarity.html)")


def class_only(args: argparse.Namespace) -> list[str]:
    """The options given in ``args`` that choose only class outputs (gradebooks, similarity; README "Options"): a
    self-check of one file writes none of those, so they are not used."""
    given = {"--gradebook": args.gradebooks, "--assignment": args.assignment != lms.DEFAULT_ASSIGNMENT,
             "--reference": args.references, "--similarity-threshold": args.similarity_threshold != similarity.THRESHOLD,
             "--no-similarity": args.no_similarity}
    return [name for name, value in given.items() if value]


def output_options(args: argparse.Namespace) -> Options:
    """The run's :class:`grader.reports.Options` from parsed arguments; OptionError for unusable values."""
    references = tuple(Path(name) for name in args.references)
    for path in references:
        if not path.is_file():
            raise OptionError(f"--reference: not a file: {path}", f"--reference: geen bestand: {path}")
    if not args.assignment.strip():  # the gradebooks' column header: an LMS's import cannot match an empty one
        raise OptionError("--assignment must name the assignment (it is the gradebooks' column header)",
                          "--assignment moet de opdracht noemen (het is de kolomkop van de cijferlijsten)")
    if not 0 < args.similarity_threshold <= 1:
        raise OptionError("--similarity-threshold must be above 0 and at most 1",
                          "--similarity-threshold moet groter dan 0 en hoogstens 1 zijn")
    return Options(formats=tuple(dict.fromkeys(args.formats)), gradebooks=tuple(dict.fromkeys(args.gradebooks)),
                   assignment=args.assignment, similarity=not args.no_similarity, references=references,
                   threshold=args.similarity_threshold)


def add_checks_option(ap: argparse.ArgumentParser) -> None:
    """Add ``--checks DIR`` (an instructor's extra check modules) to ``ap``."""
    ap.add_argument("--checks", metavar="DIR",
                    help="a folder of your own check modules (test_*.py with @check markers) that count towards "
                         "the checkpoints; @check(..., hidden=True) keeps a check's input out of student reports")


def checks_folder(args: argparse.Namespace) -> Path | None:
    """The ``--checks`` folder, resolved; OptionError when it is not a folder holding ``test_*.py`` modules."""
    if not args.checks:
        return None
    folder = Path(args.checks).resolve()
    if not folder.is_dir() or not any(folder.glob("test_*.py")):
        raise OptionError(f"--checks: not a folder with test_*.py check modules: {args.checks}",
                          f"--checks: geen map met test_*.py-controlemodules: {args.checks}")
    return folder


def report_main(argv: list[str]) -> int:
    """``grade report RESULTS_JSON [--out DIR]``: re-render every output from a results.json, without grading.
    (``-q``/``--quiet`` is accepted as ``grade`` takes it: there is no table to leave out.)

    The reports are written in the language results.json was graded in (its check texts are
    stored in that language). The messages (usage errors too) are in ``--lang`` when it is
    given, else in that language too (Dutch, as ``grade``'s, while results.json is not read
    yet). Out: the exit code (0, or 2 for a file that cannot be read or rendered and for
    unusable options).
    """
    from grader.cli import Parser, language
    from grader.reports import jsonreport, render_all
    from grader.class_notes import ClassNotes, error_places
    from grader.stamps import record_rendered
    from grader.terminal import Progress

    ap = Parser(prog="grade report", description="Re-render every report from a results.json without regrading.")
    ap.lang = language(argv)
    ap.add_argument("results", metavar="RESULTS_JSON", help="a results.json written by grade, or the folder holding it")
    ap.add_argument("-o", "--out", metavar="DIR", help="where the reports go (default: the folder of RESULTS_JSON)")
    ap.add_argument("--lang", choices=("nl", "en"),
                    help="language of the terminal's messages (default: that of results.json; the reports are "
                         "always in the language results.json was graded in)")
    ap.add_argument("-q", "--quiet", action="store_true",
                    help="as for grade; grade report prints only its summary lines (and warnings) in any case")
    add_output_options(ap)
    if Path("report").is_dir():  # ``grade report`` meant for the folder report/ (grade grades it as ./report)
        ap.missing_hint = {"en": "to grade the folder report here, type grade ./report",
                           "nl": "om de map report hier te beoordelen, typ grade ./report"}
    args = ap.parse_args(argv)
    path = Path(args.results)
    if path.is_dir():  # an output folder (grade report reports/): its results.json
        path = path / "results.json"
    lang = args.lang or "nl"

    def say(en: str, nl: str) -> None:
        print(f"grade report: {nl if lang == 'nl' else en}", file=sys.stderr)

    try:
        options = output_options(args)
        document = jsonreport.read(path)
    except FileNotFoundError:
        say(f"cannot read {path}: no such file", f"kan {path} niet lezen: dat bestand bestaat niet")
        return 2
    except OSError as error:
        reason = error.strerror or str(error)
        say(f"cannot read {path}: {reason}", f"kan {path} niet lezen: {in_dutch(reason)}")
        return 2
    except OptionError as error:
        say(str(error), error.text("nl"))
        return 2
    except ValueError as error:  # not JSON, or JSON of another shape (jsonreport.NotResults says why in Dutch)
        say(f"{path} is not a results.json written by grade ({str(error)[:200]})",
            f"{path} is geen results.json van grade ({getattr(error, 'nl', str(error)[:200])})")
        return 2
    lang = args.lang or ("en" if document.get("lang") == "en" else "nl")
    out = Path(args.out) if args.out else path.parent
    inside = _holding_a_submission(out, document)
    if inside is not None:  # as grade refuses --out in the graded folder: the reports would become submissions
        say(f"--out {out} holds a graded submission ({inside}): its reports would be graded as a student next time; "
            "choose another folder", f"--out {out} bevat een beoordeelde inzending ({inside}): de rapporten zouden "
            "de volgende keer als student beoordeeld worden; kies een andere map")
        return 2
    try:
        written = render_all(document, out, options)
        record_rendered(out, written)  # so the next grade run removes a gradebook it no longer writes
    except (KeyError, TypeError, AttributeError, IndexError, ValueError, RecursionError,
            OverflowError) as error:  # hand-edited
        detail = f"{type(error).__name__}: {str(error)[:200]}"
        say(f"{path} is not a results.json this grader can render ({detail})",
            f"{path} is geen results.json die deze grader kan weergeven ({detail})")
        return 2
    said = _similarity_said(document, out, options, written, lang)
    if said:
        print(f"grade report: {said}", file=sys.stderr)
    count = len(document["submissions"])
    notes = ClassNotes()  # what grade said after its summary, said again (rows the gradebooks' imports cannot match too)
    for result in document["submissions"]:
        notes.add(result["id"], classview.notes(result))
    with contextlib.redirect_stderr(io.StringIO()) as held:  # said after the summary line, as grade says them
        notes.say(Progress(count, lang, quiet=True), document, list(options.gradebooks), error_places(out))
    found = document.get("submissions_found")
    if document.get("interrupted") is True and isinstance(found, int):  # as index.html's "Incomplete"
        say(f"warning: {path.name} is from an interrupted run: {count} of the {found} submissions found were graded; "
            "the reports and gradebooks count only those. Run that grade command again to grade the rest",
            f"let op: {path.name} is van een onderbroken run: {count} van de {found} gevonden inzendingen beoordeeld; "
            "de rapporten en cijferlijsten tellen alleen die. Voer die grade-opdracht opnieuw uit om de rest te "
            "beoordelen")
    if lang == "nl":
        print(f"{count} {'inzending' if count == 1 else 'inzendingen'} opnieuw weergegeven; rapporten in {out}")
    else:
        print(f"{count} submission{'' if count == 1 else 's'} re-rendered; reports in {out}")
    if (found := copies.current(document, out)) is not None:  # the similarity.html index.html links
        print(_compared_said(document, found, lang))
    sys.stdout.flush()
    # Each note as this command's own: "grade report: let op: ...", not "grade: ...".
    print(re.sub(r"(?m)^grade: ", "grade report: ", held.getvalue()), end="", file=sys.stderr)
    return 0


def _compared_said(document: dict, found: dict, lang: str) -> str:
    """The line ``similarity.html: 3 van de 4 inzendingen vergeleken; 1 paar ...`` for ``found`` (the
    similarity.json of ``document``'s results, :func:`copies.current`), in ``lang``."""
    from grader.terminal_texts import TEXT

    text, pairs = TEXT[lang], found["pairs"]
    references = sum(isinstance(pair, dict) and bool(pair.get("reference")) for pair in pairs)
    between = len(pairs) - references
    said = text["compared-pairs-one" if between == 1 else "compared-pairs"].format(n=between)
    if references:
        said += text["similar-reference"].format(n=references)
    return text["report-compared"].format(compared=_compared(document, found), total=len(document["submissions"]),
                                          pairs=said)


def _compared(document: dict, found: dict | None) -> int:
    """How many of ``document``'s submissions the similarity.json ``found`` compared: those with code it did not
    leave out (one without a code file had nothing to compare); 0 without one."""
    left_out = set(found["not_compared"]) if found else set()
    return sum(1 for result in document["submissions"] if found and result["id"] not in left_out and
               copies.with_code(result))


def _similarity_said(document: dict, out: Path, options: Options, written: list[Path], lang: str) -> str | None:
    """What ``grade report`` says of similarity.html after re-rendering ``document`` (results.json) into ``out``,
    in ``lang``: that it compares fewer submissions than were graded, that the one grade made is kept, that the one
    in ``out`` is of other results (index.html does not link it), or that none could be written; each with why the
    graded files left out could not be read again. None when there is nothing to say."""
    from grader.terminal_texts import TEXT

    text, total = TEXT[lang], len(document["submissions"])
    found = copies.current(document, out)
    if found is None and (out / "similarity.html").exists():
        return text["report-stale"].format(out=out)
    if found is not None and out / "similarity.html" in written:
        key, unread = "report-fewer", found["not_compared"]
    elif options.similarity and total > 1:
        key, unread = ("report-kept" if found else "report-none"), copies.submission_sources(document)[1]
    else:
        return None
    if not unread:
        return None
    by_reason: dict[str, list[str]] = {}
    wanted = set(unread)
    for result in document["submissions"]:
        if result["id"] in wanted:
            by_reason.setdefault(copies.unread_reason(result), []).append(clean(str(result["id"]), 100))
    why = "; ".join(f"{text['why'][reason]}: {', '.join(ids[:5])}{f' (+{len(ids) - 5})' if len(ids) > 5 else ''}"
                    for reason, ids in by_reason.items())
    return text[key].format(compared=_compared(document, found), total=total, why=why)


def _holding_a_submission(out: Path, document: dict) -> str | None:
    """The ``source`` of the first submission of ``document`` (results.json) that lies inside ``out``, or None."""
    try:
        root = out.resolve()
    except (OSError, RuntimeError):
        return None
    for entry in document.get("submissions", []):
        source = entry.get("source") if isinstance(entry, dict) else None
        if isinstance(source, str) and source:
            try:
                if root in Path(source).resolve().parents:
                    return source[:200]
            except (OSError, RuntimeError, ValueError):
                continue
    return None


def bundle_main(argv: list[str]) -> int:
    """``grade gradescope-bundle [--out autograder.zip]``: build the Gradescope autograder package."""
    from grader.cli import Parser, language
    from grader.gradescope_bundle import PROJECT, build

    ap = Parser(prog="grade gradescope-bundle",
                description="Build the autograder zip for a Gradescope programming assignment.")
    ap.lang = language(argv)
    ap.add_argument("-o", "--out", default="autograder.zip", metavar="ZIP", help="the zip to write (default: autograder.zip)")
    ap.add_argument("--lang", choices=("nl", "en"), default="nl",
                    help="language of the feedback and of this command's messages (default: nl)")
    ap.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                    help="time limit per check and for loading main.py (default: 10)")
    add_checks_option(ap)
    args = ap.parse_args(argv)
    try:
        checks = checks_folder(args)
        if args.timeout <= 0:
            raise OptionError("--timeout must be positive", "--timeout moet positief zijn")
        out = build(Path(args.out), lang=args.lang, timeout=args.timeout, checks=checks)
    except OptionError as error:
        print(f"grade gradescope-bundle: {error.text(args.lang)}", file=sys.stderr)
        return 2
    except OSError as error:
        if error.strerror is None:  # build's own: the project source is not beside the installed grader
            said = (f"de broncode van het project (pyproject.toml) staat niet in {PROJECT}: installeer de grader "
                    "vanuit een kloon met pip install -e") if args.lang == "nl" else str(error)
        else:  # the zip cannot be written there
            said = (f"kan {args.out} niet schrijven: {error.strerror}" if args.lang == "nl"
                    else f"cannot write {args.out}: {error.strerror}")
        print(f"grade gradescope-bundle: {said}", file=sys.stderr)
        return 2
    if args.lang == "nl":
        print(f"Gradescope-autograder geschreven naar {out}: upload dit zip-bestand als autograder van de opdracht.")
    else:
        print(f"Gradescope autograder written to {out}: upload it as the assignment's autograder (zip).")
    return 0


def run(argv: list[str]) -> int:
    """Run the sub-command named by ``argv[0]`` (one of SUBCOMMANDS); returns its exit code."""
    command, rest = argv[0], argv[1:]
    return report_main(rest) if command == "report" else bundle_main(rest)
