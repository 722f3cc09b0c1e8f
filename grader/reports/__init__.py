"""Reports: one module per output format, all rendered from results.json data."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Callable, Iterable, Mapping

from grader import isolation
from grader.results import compact, expand
from grader.similarity import THRESHOLD
from grader.reports import classview, copies, feedback, gradebook, gradescope, html, jsonreport, lms, markdown, templating

# Extra output formats (--format) and gradebooks (--gradebook; gradebook.csv is always written).
FORMATS = ("gradescope",)
GRADEBOOKS = ("plain", *lms.PLATFORMS)


@dataclasses.dataclass(frozen=True)
class Options:
    """Which optional outputs a run writes (the defaults write only the standard files).

    ``formats``: extra formats (``gradescope``); ``gradebooks``: LMS gradebooks
    (``canvas``, ``brightspace``, ``moodle``; ``plain`` is gradebook.csv, always written);
    ``assignment``: the grade column's name in them; ``similarity``: compare the
    submissions (similarity.html); ``references``: files to compare them with;
    ``threshold``: the similarity reported, (0, 1].
    """

    formats: tuple[str, ...] = ()
    gradebooks: tuple[str, ...] = ()
    assignment: str = lms.DEFAULT_ASSIGNMENT
    similarity: bool = True
    references: tuple[Path, ...] = ()
    threshold: float = THRESHOLD


def write_submission(result: dict, out: Path, lang: str, options: Options | None = None) -> None:
    """Write one student's feedback files under ``out``.

    In: a submission entry of results.json, the output folder, the language (``nl``/``en``)
    and the run's options. Out: ``out/feedback/<safe_name(id)>.html`` and ``.md``; when the
    result has hidden checks also ``out/instructor/<safe_name(id)>.html`` (everything shown); when it has none, an
    instructor page an earlier run wrote for it is removed (it would disagree with results.json).
    """
    view = feedback.build(result)
    html.write_feedback(view, result["id"], out, lang)
    markdown.write_feedback(view, result["id"], out, lang)
    if classview.has_hidden(result):
        html.write_instructor_view(feedback.build(result, reveal=True), result["id"], out, lang)
    else:
        html.remove_instructor_view(result["id"], out)


def prepare() -> None:
    """Compile the feedback templates now (about 0.05 s), so that the first report does not wait for it."""
    templating.template("feedback.html")
    templating.template("feedback.md")


def write_class(document: dict, out: Path, options: Options | None = None,
                sources: Mapping[str, bytes] | None = None) -> list[Path]:
    """Write the class outputs of a results.json ``document`` with format 1 records (see :func:`write_class_outputs`)."""
    catalogue: dict[str, dict] = {}
    entries = [compact(result, catalogue) for result in document["submissions"]]
    return write_class_outputs(classview.summarize(document), lambda: iter(entries), catalogue, out, options, sources)


def write_class_outputs(summary: dict, entries: Callable[[], Iterable[dict]], catalogue: dict[str, dict], out: Path,
                        options: Options | None = None, sources: Mapping[str, bytes] | None = None) -> list[Path]:
    """Write the class outputs under ``out``: results.json, gradebook.csv, index.html and the chosen extras.

    In: the class document (grader.reports.classview.summarize: summaries and the check
    catalogue of the class page), ``entries``, which gives the compact results.json entries
    (grader.results.compact) in the same order each time it is called, and their
    ``catalogue``. Entries are read one at a time: results.json and the Gradescope files are
    written as they come. Extras (``options``): ``gradebook-<platform>.csv``,
    ``gradescope/<id>.json`` per submission, ``similarity.html`` and ``.json`` (``sources``:
    the graded bytes by id; without them, re-rendering, the files are read from their paths,
    and index.html links a similarity.html already in ``out`` that was made for these
    results, or says that the one there is of other results). Out: the paths written.
    """
    options = options or Options()
    header = {key: value for key, value in summary.items() if key not in ("submissions", "checks")}
    written = [jsonreport.write(header, catalogue, entries(), out), gradebook.write(summary, out)]
    written += [lms.write(summary, out, platform, options.assignment)
                for platform in options.gradebooks if platform != "plain"]
    if "gradescope" in options.formats:
        written += write_gradescope(header, (expand(entry, catalogue) for entry in entries()), out)
    pairs = None
    if options.similarity:
        def compare() -> int | None:
            return copies.write(summary, out, list(options.references), options.threshold, sources)

        # In a process of its own: comparing a large class needs memory for a short while (grader.isolation).
        try:
            pairs = isolation.run_apart(compare)
        except (RuntimeError, OSError):  # no fork possible, or that process failed: the same, here
            pairs = compare()
        if pairs is not None:
            written += [out / "similarity.html", out / "similarity.json"]
    stale = False
    if pairs is None and sources is None:  # re-rendering: a page already there is linked when it is of these results
        kept = copies.current(summary, out)
        pairs, stale = (len(kept["pairs"]), False) if kept else (None, (out / "similarity.html").exists())
    # Asked for, and not written because there is too little to compare: index.html says so rather than nothing.
    few = options.similarity and pairs is None and not stale and copies.too_few(
        sum(copies.with_code(result) for result in summary["submissions"]), len(options.references))
    written.append(html.write_index(summary, out, pairs, stale, few))
    return written


def write_gradescope(header: dict, results: Iterable[dict], out: Path) -> list[Path]:
    """Write ``out/gradescope/<id>.json`` for every result (format 1 records); ``header``: results.json's top level.

    Out: the paths written.
    """
    return [gradescope.write(result, out, header.get("lang", "nl"), str(header.get("grader", "")),
                             str(header.get("battery", ""))) for result in results]


def render_all(document: dict, out: Path, options: Options | None = None) -> list[Path]:
    """Re-render every output under ``out`` from a results.json document, without grading.

    The student reports are written in the document's language; similarity reads the
    sources from their paths (only files whose sha256 still matches). Out: the class outputs
    written (similarity.html is missing when fewer than two sources could be read again).
    """
    lang = document.get("lang", "nl")
    for result in document["submissions"]:
        write_submission(result, out, lang, options)
    return write_class(document, out, options)
