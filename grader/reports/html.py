"""HTML reports: a self-contained feedback page per student and the class page (index.html)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Iterator

from markupsafe import Markup

from grader.discover import safe_name
from grader.reports import chart, classview, i18n, load_reason, templating
from grader.reports.classview import STATUSES
from grader.reports.feedback import feedback_path
from grader.reports.files import atomic_stream, write_atomic

# The most failed checks drawn in the chart (the table under it lists them all).
CHART_CHECKS = 15


def render_feedback(view: dict, lang: str) -> str:
    """One student's feedback page. In: a view (grader.reports.feedback.build), ``nl``/``en``. Out: HTML."""
    return templating.template("feedback.html").render(v=view, lang=lang, t=templating.translator(lang, "html", view["file"]))


def write_feedback(view: dict, student_id: str, out: Path, lang: str) -> Path:
    """Write ``out/feedback/<safe_name(id)>.html``; returns the path."""
    path = feedback_path(out, student_id, "html")
    write_atomic(path, render_feedback(view, lang))
    return path


def render_index(document: dict, similarity: int | None = None, stale: bool = False, few: bool = False) -> str:
    """The class page as one text; see :func:`index_pieces`."""
    return "".join(index_pieces(document, similarity, stale, few))


def index_pieces(document: dict, similarity: int | None = None, stale: bool = False,
                 few: bool = False) -> Iterator[str]:
    """The class page, piece by piece (a large class's page is never held whole).

    In: a class document (grader.reports.classview); the number of similar pairs when
    similarity.html exists; ``stale``: a similarity.html beside the page is of other results
    (the page says so instead of linking it); ``few``: the comparison was asked for but fewer than two
    submissions hold code (grader.reports.copies.too_few): the page says so. Out: HTML in the document's language: the pass rate per checkpoint and the failure
    rate per check as inline SVG charts (most failed first), the score distribution, the
    load errors by kind and the student table (sortable and filterable by a small inline
    script; every row links to the student's feedback page).
    """
    lang = document.get("lang", "nl")
    t = templating.translator(lang, "html")
    view = classview.build(document)
    failing = [check for check in view["checks"] if check["failed"]]
    shown = failing[:CHART_CHECKS]
    charts = {
        "checkpoints": chart.bars(
            [chart.Bar(f"Checkpoint {rate['number']}: {rate['function']}", rate["percent"] / 100,
                       f"{rate['passed']}/{rate['total']} ({rate['percent']}%)", "ok") for rate in view["rates"]],
            t("class_checkpoints"), "chart-rates"),
        "checks": chart.bars(
            # The check's rule in the run's language (cut on the chart, whole in its title); the table of
            # all checks below gives the ids.
            [chart.Bar(f"{check['clause']} {check['message'] or check['id']}", check["percent"] / 100,
                       f"{check['failed']}/{check['total']} ({check['percent']}%)") for check in shown],
            t("class_checks"), "chart-checks"),
        "scores": chart.histogram([(f"{row['score']}/{len(view['scores']) - 1}", row["count"])
                                   for row in view["scores"]], t("class_scores"), "chart-scores"),
    }
    return templating.template("index.html").generate(
        lang=lang, t=t, view=view, charts=charts, failing=bool(failing), similarity=similarity, stale=stale, few=few,
        # A load problem in the instructor's words, as the terminal's table names it.
        kinds=load_reason.KINDS.get(lang, load_reason.KINDS["en"]), reason=functools.partial(load_reason.words, lang=lang),
        statuses=STATUSES, offset=2 if view["names"] else 1,
        shown_template=i18n.MESSAGES["filter_shown"][lang],
        created=str(document.get("created", "")), grader=str(document.get("grader", "")),
        battery=str(document.get("battery", "")),
        # An interrupted run: how many submissions it found (of which view.count were graded).
        found=document.get("submissions_found") if document.get("interrupted") is True
        and isinstance(document.get("submissions_found"), int) else None,
    )


def write_index(document: dict, out: Path, similarity: int | None = None, stale: bool = False,
                few: bool = False) -> Path:
    """Write ``out/index.html``; returns the path. ``similarity``, ``stale``, ``few``: see :func:`index_pieces`."""
    path = out / "index.html"
    with atomic_stream(path) as stream:
        stream.writelines(index_pieces(document, similarity, stale, few))
    return path


def write_instructor_view(view: dict, student_id: str, out: Path, lang: str) -> Path:
    """Write ``out/instructor/<safe_name(id)>.html``: the feedback page with hidden checks shown in full.

    In: a view built with ``feedback.build(result, reveal=True)``. For the instructor only.
    """
    path = instructor_path(out, student_id)
    text = render_feedback(view, lang)
    banner = Markup('<div class="note" role="note">{}</div>').format(templating.translator(lang, "html")(
        "instructor_banner"))
    # ``banner`` is Markup: adding a str to it would escape that str, so join as plain text.
    write_atomic(path, text.replace("<main>", "<main>\n" + str(banner), 1))
    return path


def instructor_path(out: Path, student_id: str) -> Path:
    """Where a student's instructor page goes: ``out/instructor/<safe_name(id)>.html``."""
    return out / "instructor" / f"{safe_name(student_id)}.html"


def remove_instructor_view(student_id: str, out: Path) -> None:
    """Remove the student's instructor page an earlier run wrote (its battery had hidden checks, this result has none).

    Kept, it would show hidden checks that results.json no longer has. Never through a link out of ``out``;
    ``out/instructor`` goes too when nothing else is left in it.
    """
    path, root = instructor_path(out, student_id), out.resolve()
    try:
        if root in path.resolve().parents and path.is_file():
            path.unlink()
            if path.parent.resolve() != root and not any(path.parent.iterdir()):
                path.parent.rmdir()
    except OSError:  # another process's file, or the folder just got a file: nothing stale is shown by it
        pass
