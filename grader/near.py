"""Which of a few names a misspelled one most likely means: a typo, a plural, or its words in another order."""

from __future__ import annotations

import difflib

# difflib's ratio at least this: a typo, a plural, a Dutch word for an English one.
CUTOFF = 0.7


def _words(name: str) -> str:
    """``name``'s words (split at ``_``) in sorted order: ``fingerprint_proposal`` is ``fingerprint_proposal``,
    ``proposal_fingerprint`` too."""
    return "_".join(sorted(name.lower().split("_")))


def closest(name: str, candidates: list[str]) -> str | None:
    """The candidate closest to ``name`` by difflib's ratio (at least :data:`CUTOFF`), of the names as written or, when
    none is close, of their words in sorted order (``fingerprint_proposal`` for ``proposal_fingerprint``); else None."""
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=CUTOFF)
    if close:
        return close[0]
    by_words = {}
    for candidate in candidates:
        by_words.setdefault(_words(candidate), candidate)
    close = difflib.get_close_matches(_words(name), list(by_words), n=1, cutoff=CUTOFF)
    return by_words[close[0]] if close else None
