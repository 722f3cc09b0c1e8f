"""The Gradescope autograder package (autograder.zip) and what its run_autograder does on Gradescope."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
import time
import zipfile
from pathlib import Path

import grader

# The project's own source, bundled so that setup.sh installs exactly this grader.
PROJECT = Path(grader.__file__).resolve().parent.parent
PROJECT_FILES = ("pyproject.toml", "README.md", "LICENSE")
PROJECT_DIRS = ("grader", "checks")
SKIPPED = ("__pycache__", ".pyc", ".pyo", ".DS_Store")
# A fixed time stamp for every zip member: the same inputs make the same zip.
STAMP = (2024, 1, 1, 0, 0, 0)

SETUP = """#!/usr/bin/env bash
# Gradescope runs this once while it builds the autograder image: find (or install) Python 3.11+
# and install this grader (with its dependencies from PyPI) into a virtual environment, from the
# bundled source. Ubuntu 22.04's python3 is 3.10: its python3.11 package is taken then.
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
SOURCE="$(cd "$(dirname "$0")" && pwd)"
CHECK='import sys, venv, ensurepip; assert sys.version_info >= (3, 11)'
pick() {
  for candidate in python3 python3.13 python3.12 python3.11; do
    if command -v "$candidate" >/dev/null && "$candidate" -c "$CHECK" 2>/dev/null; then
      PYTHON="$candidate"; return 0
    fi
  done
  return 1
}
if ! pick; then
  apt-get update
  apt-get install -y python3.11 python3.11-venv || apt-get install -y python3 python3-venv python3-pip
  pick || { echo "setup.sh: the grader needs Python 3.11 or newer" >&2; exit 1; }
fi
"$PYTHON" -m venv "$ROOT/venv"
"$ROOT/venv/bin/python" -m pip install --upgrade pip
"$ROOT/venv/bin/python" -m pip install "$SOURCE/project"
"""

RUN = """#!/usr/bin/env bash
# Gradescope runs this for every submission: grade $ROOT/submission and write
# $ROOT/results/results.json. AUTOGRADER_ROOT moves /autograder (for tests); GRADER_PYTHON
# picks the Python that has the grader installed (default: the one setup.sh made).
set -euo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
SOURCE="$(cd "$(dirname "$0")" && pwd)"
if [ ! -f "$SOURCE/grader-config.json" ]; then SOURCE="$ROOT/source"; fi
PYTHON="${GRADER_PYTHON:-$ROOT/venv/bin/python}"
exec "$PYTHON" -m grader.gradescope_bundle --root "$ROOT" --config "$SOURCE/grader-config.json"
"""


def _member(archive: zipfile.ZipFile, name: str, data: bytes, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    archive.writestr(info, data)


def _tree(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file() and not path.is_symlink()
                  and not any(part in SKIPPED or part.endswith(SKIPPED) for part in path.relative_to(folder).parts))


def build(out: Path, *, lang: str = "nl", timeout: float = 10.0, checks: Path | None = None) -> Path:
    """Write the Gradescope autograder zip to ``out``; returns the path.

    In: the feedback language, the time limit per check and an instructor's extra check
    folder (--checks, bundled as ``extra-checks/``). The zip holds, at its root,
    ``setup.sh`` (installs Python and this grader from ``project/``, a copy of the project
    source), ``run_autograder`` and ``grader-config.json``. Raises FileNotFoundError when
    the project source is not there (an installed wheel has no pyproject.toml: install the
    grader from a clone with ``pip install -e``).
    """
    if not (PROJECT / "pyproject.toml").is_file():
        raise FileNotFoundError(f"the project source (pyproject.toml) is not in {PROJECT}: "
                                "install the grader from a clone with pip install -e")
    config = {"lang": lang, "timeout": timeout, "checks": "extra-checks" if checks else None}
    out.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(out, "w") as archive:
        _member(archive, "setup.sh", SETUP.encode(), executable=True)
        _member(archive, "run_autograder", RUN.encode(), executable=True)
        _member(archive, "grader-config.json", (json.dumps(config, indent=1) + "\n").encode())
        for name in PROJECT_FILES:
            if (PROJECT / name).is_file():
                _member(archive, f"project/{name}", (PROJECT / name).read_bytes())
        for folder in PROJECT_DIRS:
            for path in _tree(PROJECT / folder):
                _member(archive, f"project/{path.relative_to(PROJECT).as_posix()}", path.read_bytes())
        if checks:
            for path in _tree(checks):
                _member(archive, f"extra-checks/{path.relative_to(checks).as_posix()}", path.read_bytes())
    return out


def _failed(message: str, seconds: float) -> dict:
    """A Gradescope result for a submission that could not be graded at all (nothing gradable handed in)."""
    return {"score": 0.0, "execution_time": max(1, round(seconds)), "output": message, "output_format": "md",
            "tests": [], "stdout_visibility": "hidden"}


def run(root: Path, config: dict, source: Path | None = None) -> dict:
    """Grade ``root/submission`` and write ``root/results/results.json`` (Gradescope's format); returns it.

    In: the autograder root (``/autograder`` on Gradescope), the bundle's config
    (``lang``, ``timeout``, ``checks``) and the folder it came from (default
    ``root/source``). The reports of the run go to a temporary folder.
    A submission with no gradable file gets score 0 and a message; an internal error of
    the grader raises (Gradescope then shows the instructor a failed autograder run).
    """
    from grader.discover import UsageError, discover
    from grader.grading import grade
    from grader.reports import Options, gradescope, jsonreport

    started = time.monotonic()
    lang = config.get("lang", "nl")
    source = source or root / "source"
    checks = source / config["checks"] if config.get("checks") else None
    target = root / "results" / "results.json"
    try:
        submissions, _ = discover([str(root / "submission")])
    except (UsageError, OSError) as error:
        document = _failed(f"Nothing to grade: {error}", time.monotonic() - started)
    else:
        chosen = [s for s in submissions if Path(s.path).name == "main.py"] if len(submissions) > 1 else submissions
        if len(chosen) != 1:
            names = ", ".join(sorted(Path(s.path).name for s in submissions))
            document = _failed(f"Hand in one file named `main.py` (found: {names}).", time.monotonic() - started)
        else:
            # The terminal summary would name the temporary folder, gone when the log is read: not printed.
            with tempfile.TemporaryDirectory(prefix="grader-") as out, contextlib.redirect_stdout(io.StringIO()):
                grade(chosen, Path(out), jobs=1, timeout=float(config.get("timeout", 10.0)), lang=lang,
                      quiet=True, single=False, options=Options(similarity=False), checks=checks,
                      kept=False)
                graded = jsonreport.read(Path(out) / "results.json")  # the full result (grade returns a summary)
            document = gradescope.render(graded["submissions"][0], lang, time.monotonic() - started,
                                         str(graded.get("grader", "")), str(graded.get("battery", "")))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(gradescope.text(document), encoding="utf-8")
    return document


def main(argv: list[str] | None = None) -> int:
    """``python -m grader.gradescope_bundle --root ROOT --config FILE``: what run_autograder runs."""
    ap = argparse.ArgumentParser(prog="python -m grader.gradescope_bundle")
    ap.add_argument("--root", default=os.environ.get("AUTOGRADER_ROOT", "/autograder"))
    ap.add_argument("--config", default=None)
    args = ap.parse_args(argv)
    root = Path(args.root)
    config_path = Path(args.config) if args.config else root / "source" / "grader-config.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    document = run(root, config, config_path.parent)
    print(f"score {document['score']}: {root / 'results' / 'results.json'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
