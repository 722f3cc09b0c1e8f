"""Charts as inline SVG drawn in Python: horizontal bars with a text label per bar, and a histogram."""

from __future__ import annotations

import dataclasses

from markupsafe import Markup

# Chart geometry in SVG user units; the SVG scales to the width of the page.
WIDTH = 320
ROW = 36
LABEL_CHARS = 44


@dataclasses.dataclass
class Bar:
    """One bar: its label (shown above the bar), its value as a share 0..1 and the text after the bar."""

    label: str
    share: float
    value: str
    tone: str = "bad"  # the CSS class of the bar: ``ok`` or ``bad`` (colour is never the only cue)


def cut(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` in at most ``limit`` characters, cut with ``…`` (a chart label, a terminal column)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def caption(label: str, value: str) -> str:
    """A bar's tooltip: ``label`` and its ``value`` joined with ``": "``; a label that ends a sentence with a full
    stop or colon loses it first (not "… ValueError.: 1/5"), one ending in ``?`` or ``!`` keeps it, joined by a space."""
    label = label.rstrip()
    if label.endswith(("?", "!")):
        return f"{label} {value}"
    return f"{label.rstrip('.:;')}: {value}"


def bars(items: list[Bar], title: str, chart_id: str) -> Markup:
    """A horizontal bar chart: per item its label on a line, then the bar and its value text.

    In: the bars, the chart's accessible title and a unique id for the page. Out: an
    ``<svg>`` element (Markup) whose text is escaped; long labels are cut with ``…`` and
    kept whole in the bar's ``<title>``. Screen readers get the title and every label.
    """
    height = max(ROW * len(items), ROW) + 4
    parts = [Markup('<svg class="chart" role="img" aria-labelledby="{0}-title" viewBox="0 0 {1} {2}" '
                    'width="{1}" height="{2}" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">'
                    '<title id="{0}-title">{3}</title>').format(chart_id, WIDTH, height, title)]
    track = WIDTH - 95
    for number, item in enumerate(items):
        top = number * ROW
        share = min(max(item.share, 0.0), 1.0)
        parts.append(Markup(
            '<g><title>{title}</title>'
            '<text class="chart-label" x="0" y="{ty}">{short}</text>'
            '<rect class="chart-track" x="0" y="{by}" width="{track}" height="12" rx="2"></rect>'
            '<rect class="chart-bar {tone}" x="0" y="{by}" width="{width:.1f}" height="12" rx="2"></rect>'
            '<text class="chart-value" x="{vx}" y="{vy}">{value}</text></g>'
        ).format(title=caption(item.label, item.value), value=item.value, short=cut(item.label), ty=top + 13, by=top + 18,
                 track=track, tone="ok" if item.tone == "ok" else "bad", width=track * share, vx=track + 6,
                 vy=top + 29))
    parts.append(Markup("</svg>"))
    return Markup("").join(parts)


def histogram(counts: list[tuple[str, int]], title: str, chart_id: str) -> Markup:
    """A column chart of counts: per column its label below and its count above.

    In: ``(label, count)`` pairs in order, the accessible title and a unique id. Out: an
    ``<svg>`` element (Markup).
    """
    height, base, top = 160, 128, 20
    columns = max(len(counts), 1)
    slot = WIDTH / columns
    most = max([count for _, count in counts] + [1])
    parts = [Markup('<svg class="chart" role="img" aria-labelledby="{0}-title" viewBox="0 0 {1} {2}" '
                    'width="{1}" height="{2}" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg">'
                    '<title id="{0}-title">{3}</title>').format(chart_id, WIDTH, height, title)]
    parts.append(Markup('<line class="chart-axis" x1="0" y1="{0}" x2="{1}" y2="{0}"></line>').format(base, WIDTH))
    for number, (label, count) in enumerate(counts):
        column = (base - top) * count / most
        left = number * slot + slot * 0.2
        parts.append(Markup(
            '<g><title>{title}</title>'
            '<rect class="chart-bar column" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="2"></rect>'
            '<text class="chart-value" x="{cx:.1f}" y="{vy:.1f}" text-anchor="middle">{count}</text>'
            '<text class="chart-label" x="{cx:.1f}" y="{ly}" text-anchor="middle">{label}</text></g>'
        ).format(title=caption(label, str(count)), label=label, count=count, x=left, y=base - column, w=slot * 0.6, h=column,
                 cx=number * slot + slot / 2, vy=base - column - 5, ly=base + 18))
    parts.append(Markup("</svg>"))
    return Markup("").join(parts)

