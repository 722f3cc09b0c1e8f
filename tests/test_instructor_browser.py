"""The pages in a real browser: headless Chromium, at desktop width and at 375 px phone width."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from grader import reports
from grader.discover import safe_name
from test_instructor_class import LONG_ID, battery, result, sample_document

CHROMIUM = next((found for name in ("chromium", "chromium-browser", "google-chrome") if (found := shutil.which(name))),
                None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install "
                                                          "chromium; .ci/run installs it): no browser tests")
# No network, no background services, a fresh profile per run.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
         "--hide-scrollbars", "--allow-file-access-from-files"]
DESKTOP, PHONE = 1280, 375

# Added to a copy of a page: after load it measures the page and, on the class page, uses the
# table's filter and sort; the findings go to the parent frame (or into the page) as JSON.
PROBE = """<script>
window.addEventListener("load", function () {
  var d = document.documentElement;
  function box(selector) {
    var e = document.querySelector(selector);
    if (!e) { return null; }
    var r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return {width: r.width, height: r.height, left: r.left, right: r.right,
            shown: s.display !== "none" && s.visibility !== "hidden" && r.width > 0 && r.height > 0};
  }
  var found = {inner: window.innerWidth, scroll: d.scrollWidth, boxes: {}};
  SELECTORS.forEach(function (s) { found.boxes[s] = box(s); });
  var table = document.getElementById("students");
  if (table) {
    var rows = function () { return Array.prototype.filter.call(table.tBodies[0].rows, function (r) { return !r.hidden; }); };
    var search = document.getElementById("filter");
    search.value = "chris"; search.dispatchEvent(new Event("input"));
    found.filtered = rows().map(function (r) { return r.cells[0].textContent.trim().split(" ")[0]; });
    found.shownText = document.getElementById("shown").textContent;
    search.value = ""; search.dispatchEvent(new Event("input"));
    var status = document.getElementById("status");
    status.value = "load-error"; status.dispatchEvent(new Event("change"));
    found.loadErrors = rows().length;
    status.value = ""; status.dispatchEvent(new Event("change"));
    var score = table.querySelector('button[data-col="SCORE"]');
    score.click();
    found.ascending = rows().map(function (r) { return r.cells[SCORE].getAttribute("data-value"); });
    score.click();
    found.descending = rows().map(function (r) { return r.cells[SCORE].getAttribute("data-value"); });
    found.sortState = score.parentNode.getAttribute("aria-sort");
    table.querySelector('button[data-col="0"]').click();
    found.byId = rows().map(function (r) { return r.cells[0].textContent.trim().split(" ")[0]; });
  }
  var text = JSON.stringify(found);
  if (window.parent !== window) { window.parent.postMessage(text, "*"); }
  var out = document.createElement("pre"); out.id = "probe-result"; out.textContent = text;
  document.body.appendChild(out);
});
</script>"""

# A page at phone width: Chromium keeps its window at least 500 px wide, so the page is
# laid out in a 375 px frame (its viewport is then 375 px, as on a phone).
FRAME = """<!DOCTYPE html><html><body style="margin:0">
<iframe src="{page}" width="{width}" height="900" style="border:0;display:block"></iframe>
<pre id="probe-result"></pre>
<script>window.addEventListener("message", function (e) {{ document.getElementById("probe-result").textContent = e.data; }});</script>
</body></html>"""


def chromium(tmp_path: Path, url: str, *args: str) -> subprocess.CompletedProcess:
    """Run headless Chromium once on ``url`` with a fresh profile; returns the finished process."""
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    done = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args, url],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def measure(tmp_path: Path, page: Path, width: int, selectors: list[str], score_column: int = 0) -> dict:
    """Load ``page`` (a copy with PROBE) at ``width`` and return what the probe found."""
    probed = page.with_name(page.stem + ".probed.html")
    script = PROBE.replace("SELECTORS", json.dumps(selectors)).replace("SCORE", str(score_column))
    probed.write_text(page.read_text(encoding="utf-8").replace("</body>", script + "</body>"), encoding="utf-8")
    target = probed
    if width < 500:
        target = page.with_name(page.stem + f".frame{width}.html")
        target.write_text(FRAME.format(page=probed.name, width=width), encoding="utf-8")
    done = chromium(tmp_path, target.as_uri(), f"--window-size={max(width, 500)},900", "--virtual-time-budget=5000",
                    "--dump-dom")
    found = re.search(r'<pre id="probe-result">([^<]+)</pre>', done.stdout)
    assert found, done.stdout[-2000:]
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&"))


def screenshot(tmp_path: Path, page: Path, width: int) -> Path:
    """A PNG of ``page`` at ``width`` (a phone width through FRAME); returns its path after checking its size."""
    target = page
    if width < 500:
        target = page.with_name(page.stem + f".shot{width}.html")
        target.write_text(FRAME.format(page=page.name, width=width), encoding="utf-8")
    shot = tmp_path / f"{page.stem}-{width}.png"
    chromium(tmp_path, target.as_uri(), f"--window-size={width},900", f"--screenshot={shot}")
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", data[16:24]) == (width, 900)
    return shot


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pages")
    reports.render_all(sample_document(), out, reports.Options(similarity=False))
    return out


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
def test_the_class_page_fits_the_screen_and_its_table_sorts_and_filters(tmp_path, written, width):
    selectors = ["h1", *(f'svg[aria-labelledby="chart-{name}-title"]' for name in ("rates", "checks", "scores")),
                 "#students", "#filters", "#students tbody th a"]
    found = measure(tmp_path, written / "index.html", width, selectors, score_column=5)  # student, name, cp 1-3
    assert found["inner"] == width
    assert found["scroll"] <= width, f"the page is {found['scroll']} px wide in a {width} px window"
    for selector in selectors:
        box = found["boxes"][selector]
        assert box and box["shown"], selector
        if selector != "#students":  # the table may scroll inside its own box
            assert box["left"] >= 0 and box["right"] <= width + 0.5, (selector, box)
    assert found["filtered"] == ["chris"] and found["shownText"] == "1 of 8 shown"
    assert found["loadErrors"] == 2
    assert found["ascending"] == sorted(found["ascending"], key=int)
    assert found["descending"] == sorted(found["ascending"], key=int, reverse=True)
    assert found["sortState"] == "descending"
    screenshot(tmp_path, written / "index.html", width)


def test_the_class_page_sorts_numbers_in_ids_by_value(tmp_path):
    # Sorted as text, a click on the id column put student10 before student2 (and 12345 before 9999).
    document = {**sample_document(), "submissions": [result(i, battery()) for i in ("student10", "12345", "student2",
                                                                                    "9999")]}
    reports.render_all(document, tmp_path, reports.Options(similarity=False))
    found = measure(tmp_path, tmp_path / "index.html", DESKTOP, ["h1"], score_column=5)
    assert found["byId"] == ["9999", "12345", "student2", "student10"]


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
@pytest.mark.parametrize("student", ["bram", LONG_ID, "dana"])
def test_a_student_report_fits_the_screen(tmp_path, written, width, student):
    page = written / "feedback" / f"{safe_name(student)}.html"
    selectors = ["h1", ".score", "#overview", "main"] + (["article.check"] if student == "bram" else [])
    found = measure(tmp_path, page, width, selectors)
    assert found["inner"] == width
    assert found["scroll"] <= width, f"{student}: the page is {found['scroll']} px wide in a {width} px window"
    for selector in selectors:
        box = found["boxes"][selector]
        assert box and box["shown"] and box["right"] <= width + 0.5, (selector, box)
    if width == PHONE:
        screenshot(tmp_path, page, width)


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
def test_the_similarity_page_fits_the_screen(tmp_path, width):
    from grader import similarity
    from grader.reports import copies

    code = "def long_function_name_for_a_phone(first_argument, second_argument):\n" \
           "    return {'key': first_argument, 'other': [second_argument] * 40, 'text': 'x' * 120}\n" * 6
    detector = similarity.Detector({LONG_ID: code, "bram": code.replace("first", "eerste")})
    page = tmp_path / "similarity.html"
    page.write_text(copies.render(detector.pairs(), detector, "en", 0.6, []), encoding="utf-8")
    selectors = ["h1", "table", "#pair-1", ".sides pre", "mark"]
    found = measure(tmp_path, page, width, selectors)
    assert found["scroll"] <= width, f"the page is {found['scroll']} px wide in a {width} px window"
    for selector in selectors:
        assert found["boxes"][selector] and found["boxes"][selector]["shown"], selector
