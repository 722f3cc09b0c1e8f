"""similarity.html and similarity.json: near-copies between submissions, for the instructor only."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Callable, Iterator, Mapping

from markupsafe import Markup, escape

from grader import similarity
from grader.discover import choose, safe_name
from grader.reports import templating
from grader.reports.cleaning import clean, visible
from grader.reports.files import write_atomic

# Pairs listed in the table, and the most similar of them shown side by side.
LISTED = 1000
SHOWN = 50
# A file shown side by side is cut after this many characters.
SHOWN_CHARS = 40_000


def decode(data: bytes) -> str:
    """Source bytes as text: UTF-8 (with or without BOM), else Windows-1252; line ends as ``\\n``."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


class DecodedTexts(Mapping[str, str]):
    """Source texts by submission id, read and decoded on each access, so a large class is not held in memory.

    In: the ids in order and ``read(id) -> bytes`` (KeyError for an id not among them).
    """

    def __init__(self, ids: list[str], read: Callable[[str], bytes]) -> None:
        self.ids, self.read = ids, read
        self.known = set(ids)

    def __getitem__(self, key: str) -> str:
        if key not in self.known:
            raise KeyError(key)
        return decode(self.read(key))

    def __iter__(self) -> Iterator[str]:
        return iter(self.ids)

    def __len__(self) -> int:
        return len(self.ids)


def submission_sources(document: dict, given: Mapping[str, bytes] | None = None) -> tuple[DecodedTexts, list[str]]:
    """The source text of every submission (decoded on access), and the ids whose source could not be had.

    In: a results.json document and, when grading, the bytes graded {id: bytes} (a mapping
    that may read them on access: grader.discover.Sources). Without them each file is read
    from its ``source`` path and used only when its sha256 still matches the graded one (a
    changed file is not what was graded), as grading loaded it (a notebook's code cells:
    grader.discover.choose.loaded).
    """
    read, ids, missing = {}, [], []
    for result in document["submissions"]:
        if given is not None and result["id"] in given:
            ids.append(result["id"])
            continue
        try:
            data = Path(result.get("source") or "").read_bytes()
        except (OSError, ValueError):
            data = None
        if data is not None and hashlib.sha256(data).hexdigest() == result.get("sha256"):
            read[result["id"]] = choose.loaded(Path(result.get("source") or "").name, data)  # a notebook's code
            ids.append(result["id"])
        else:
            missing.append(result["id"])
    return DecodedTexts(ids, lambda key: read[key] if key in read else given[key]), missing


def unread_reason(result: dict) -> str:
    """Why :func:`submission_sources` could not read ``result``'s graded file again: ``archive`` (a member of an
    archive), ``folder`` (no code file was handed in: ``source`` is the folder), ``missing`` (not found from here)
    or ``changed`` (its sha256 is not the graded one)."""
    source = str(result.get("source") or "")
    if "!/" in source:
        return "archive"
    path = Path(source)
    if source and path.is_dir():
        return "folder"
    return "changed" if source and path.is_file() else "missing"


def with_code(result: dict) -> bool:
    """Whether ``result`` (a results.json entry or a class summary) has code to compare: its submission is neither
    empty (an empty file counts as read) nor unreadable."""
    return ((result.get("load") or {}).get("problem") or {}).get("kind") not in ("empty", "unreadable")


def too_few(submissions: int, references: int) -> bool:
    """Whether ``submissions`` with code and ``references`` files are too few to compare: fewer than two files in
    all, or no submission (references are compared only with submissions)."""
    return submissions + references < 2 or not submissions


def reference_sources(paths: list[Path]) -> dict[str, str]:
    """The reference files {name: text}: named by file name, or by the path where two share a name."""
    names = [path.name for path in paths]
    return {(path.name if names.count(path.name) == 1 else str(path)): decode(path.read_bytes()) for path in paths}


def marked(text: str, spans: list[tuple[int, int]]) -> Markup:
    """``text`` escaped, with every span in ``<mark>``; cut at SHOWN_CHARS. Control, bidi and invisible
    characters are shown as escapes (a right-to-left override in a comment would reorder the code shown)."""
    text = text[:SHOWN_CHARS]
    parts, at = [], 0
    for start, end in spans:
        if start >= len(text):
            break
        parts.append(escape(visible(text[at:start])))
        parts.append(Markup("<mark>{}</mark>").format(visible(text[start:min(end, len(text))])))
        at = min(end, len(text))
    parts.append(escape(visible(text[at:])))
    return Markup("").join(parts)


def _row(pair: similarity.Pair, number: int) -> dict:
    return {
        "number": number, "a": clean(pair.a, 200), "b": clean(pair.b, 200), "reference": pair.reference,
        "a_html": f"feedback/{safe_name(pair.a)}.html",
        "b_html": None if pair.reference else f"feedback/{safe_name(pair.b)}.html",
        "percent": round(100 * pair.similarity), "percent_a": round(100 * pair.share_a),
        "percent_b": round(100 * pair.share_b), "shared": pair.shared, "identical": pair.identical,
    }


def render(pairs: list[similarity.Pair], detector: similarity.Detector, lang: str, threshold: float,
           missing: list[str]) -> str:
    """The instructor's similarity page. In: the pairs (most similar first), the detector that found them,
    the language, the threshold (in (0, 1]) and the ids not compared. Out: HTML.

    The table lists up to LISTED pairs; the first SHOWN are shown side by side with the
    matching regions marked.
    """
    rows = [_row(pair, number) for number, pair in enumerate(pairs[:LISTED], 1)]
    views = []
    for row, pair in zip(rows[:SHOWN], pairs[:SHOWN]):
        detector.mark(pair)
        text_b = detector.references[pair.b] if pair.reference else detector.texts[pair.b]
        views.append({**row, "code_a": marked(detector.texts[pair.a], pair.spans_a),
                      "code_b": marked(text_b, pair.spans_b)})
    return templating.template("similarity.html").render(
        lang=lang, t=templating.translator(lang, "html"), rows=rows, views=views, more=max(0, len(pairs) - SHOWN),
        threshold=round(100 * threshold), missing=", ".join(clean(m, 100) for m in missing[:50]) if missing else "",
    )


def results_key(document: dict) -> str:
    """What similarity.json records of the results it was made for: a hash of every submission's id and sha256
    (the same for a results.json and its class document, in any order)."""
    graded = sorted((str(result["id"]), str(result.get("sha256"))) for result in document["submissions"])
    return hashlib.sha256(json.dumps(graded, ensure_ascii=False).encode()).hexdigest()


def references_key(references: Mapping[str, str]) -> dict[str, str]:
    """The reference files as similarity.json records them: name -> sha256 of the text compared."""
    return {name: hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
            for name, text in sorted(references.items())}


def current(document: dict, out: Path) -> dict | None:
    """``out/similarity.json`` when it and similarity.html are there and were made for the results of
    ``document`` (its submissions' ids and sha256, :func:`results_key`), else None (none, unreadable, made for
    other results or by a version that did not record them)."""
    try:
        found = json.loads((out / "similarity.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(found, dict) and found.get("results") == results_key(document)
            and isinstance(found.get("pairs"), list) and isinstance(found.get("not_compared"), list)
            and all(isinstance(name, str) for name in found["not_compared"]) and (out / "similarity.html").is_file()):
        return None
    return found


def as_json(pairs: list[similarity.Pair], threshold: float, missing: list[str], results: str = "",
            references: Mapping[str, str] | None = None) -> str:
    """similarity.json: the results it was made for (:func:`results_key`), the threshold, the reference files
    (:func:`references_key`), every pair found and the ids not compared."""
    return json.dumps({
        "results": results,
        "threshold": threshold,
        "references": references_key(references or {}),
        "pairs": [{"a": p.a, "b": p.b, "reference": p.reference, "similarity": round(p.similarity, 4),
                   "share_a": round(p.share_a, 4), "share_b": round(p.share_b, 4), "shared": p.shared,
                   "identical": p.identical} for p in pairs],
        "not_compared": missing,
    }, ensure_ascii=False, indent=1) + "\n"


def write(document: dict, out: Path, references: list[Path] | None = None, threshold: float = similarity.THRESHOLD,
          sources: Mapping[str, bytes] | None = None) -> int | None:
    """Compare the submissions (and the reference files) and write ``out/similarity.html`` and ``.json``.

    In: a results.json document, the output folder, reference file paths, the threshold
    (in (0, 1]) and, when grading, the graded bytes by id (without them, as ``grade report``
    re-renders, the files are read again from their paths). Out: the number of pairs found,
    or None (nothing written) when fewer than two files with code could be compared (:func:`too_few`), or when
    re-rendering and the comparison already in ``out`` (:func:`current`) was made with the
    same threshold and reference files and compared more of these submissions than can be
    read again (a member of an archive): that one is kept. Never changes a result.
    """
    texts, missing = submission_sources(document, sources)
    refs = reference_sources(list(references or []))
    if sources is None and (kept := current(document, out)) is not None and kept.get("threshold") == threshold \
            and kept.get("references") == references_key(refs) and set(kept["not_compared"]) < set(missing):
        return None
    coded = {result["id"] for result in document["submissions"] if with_code(result)}
    if too_few(len([key for key in texts if key in coded]), len(refs)):
        return None
    detector = similarity.Detector(texts, refs)
    pairs = detector.pairs(threshold)
    write_atomic(out / "similarity.html", render(pairs, detector, document.get("lang", "nl"), threshold, missing))
    write_atomic(out / "similarity.json", as_json(pairs, threshold, missing, results_key(document), refs))
    return len(pairs)
