"""Why an entry of a class folder or export became no submission: said per entry, in English and Dutch."""

from __future__ import annotations

import os

from grader.discover.files import Tree

# A reason's code -> (English, Dutch).
WHY = {
    "link": ("symbolic link, not followed", "symbolische link, niet gevolgd"),
    "empty": ("empty folder", "lege map"),
    "no-file": ("folder holding only links, hidden files or empty folders",
                "map met alleen links, verborgen bestanden of lege mappen"),
    "unread": ("no file read", "geen bestand gelezen"),
    "name": ("not named as the export names submissions", "niet genoemd zoals de export inzendingen noemt"),
    "inside": ("inside submission {id}, graded from {file}", "in inzending {id}, beoordeeld op {file}"),
}


class Unclaimed(str):
    """``"<path>: <entry>"`` of an entry that became no submission (a str, compared as one), with ``reason``: a
    code of :data:`WHY`, and ``why``: that reason, (English, Dutch)."""

    reason: str
    why: tuple[str, str]

    def __new__(cls, text: str, reason: str, why: tuple[str, str] | None = None, **values: str) -> Unclaimed:
        """``values``: the fields of the reason's text (``inside``: ``id`` and ``file``); ``why``: the reason as
        said already (read back from results.json), in place of those fields."""
        made = super().__new__(cls, text)
        made.reason, made.why = reason, why or tuple(said.format(**values) for said in WHY[reason])
        return made


def skipped_reason(path: str) -> str:
    """The code in :data:`WHY` of why the entry at ``path`` (on disk, as the walk met it: its clean name in
    ``Tree.skipped`` may differ) gave no file: a symbolic link, an empty folder, a folder of only links, hidden
    files or empty folders; ``unread`` when it is none of these (or gone)."""
    path = path.rstrip("/")
    try:
        if os.path.islink(path):
            return "link"
        if os.path.isdir(path):
            return "no-file" if os.listdir(path) else "empty"
    except OSError:
        pass
    return "unread"


def with_reasons(tree: Tree, entries: list[str], lang: int) -> list[str]:
    """``entries`` of ``tree.skipped`` each followed by its reason in parentheses; ``lang`` 0: English, 1: Dutch."""
    return [f"{entry} ({WHY[tree.skipped[entry]][lang]})" for entry in entries]


def stored(entries: list[str]) -> list[dict]:
    """``entries`` (a run's unclaimed entries) as results.json keeps them, top-level ``unclaimed``:
    ``[{"entry": "<path>: <entry>", "reason": code of WHY or null, "why": [English, Dutch] or null}]``, so
    ``grade report`` can say them again."""
    return [{"entry": str(entry), "reason": getattr(entry, "reason", None), "why": list(getattr(entry, "why", ())) or None}
            for entry in entries]


def restored(records: object) -> list[str]:
    """The entries :func:`stored` kept (results.json's ``unclaimed``), each an :class:`Unclaimed` when its reason
    is one of WHY, else the bare text; a record of another shape (a hand-edited file) is left out."""
    entries: list[str] = []
    for record in records if isinstance(records, list) else []:
        if isinstance(record, dict) and isinstance(record.get("entry"), str):
            reason, why = record.get("reason"), record.get("why")
            said = tuple(why) if isinstance(why, list) and len(why) == 2 and all(isinstance(w, str) for w in why) \
                else None
            # A reason with fields (inside) is said only as stored; one without, also from an older results.json.
            known = reason in WHY and (said is not None or "{" not in WHY[reason][0])
            entries.append(Unclaimed(record["entry"], reason, said) if known else record["entry"])
    return entries
