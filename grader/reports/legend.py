"""The legend of the code shown under "Tried": what the lesson's ``p`` and ``H(x)`` stand for, said only of
what the code shown uses (a checkpoint-1 failure uses p and never H)."""

from __future__ import annotations

import io
import re
import tokenize
from typing import Iterable

# The lesson's proposal p in full, shown in the reports when the code uses p (H(x) is explained in words only:
# its code would be checkpoint 2's solution).
PROPOSAL = ("p = {'call_id': 'c1', 'actor': 'learner', 'name': 'set_ticket', 'version': 0,\n"
            "     'arguments': {'ticket': 'lamp', 'status': 'done'}}")
# For code that does not tokenize: the name p, a call H(...).
_FALLBACK = {"p": re.compile(r"(?<![\w.'\"])p(?![\w'\"])"), "H": re.compile(r"(?<![\w.'\"])H\(")}


def used(codes: Iterable[str]) -> frozenset[str]:
    """Which of ``"p"`` (the name p) and ``"H"`` (a call ``H(...)``) the shown ``codes`` use; text in strings and
    comments does not count."""
    found: set[str] = set()
    for code in codes:
        try:
            tokens = [t for t in tokenize.generate_tokens(io.StringIO(code).readline)
                      if t.type in (tokenize.NAME, tokenize.OP)]
        except (tokenize.TokenError, SyntaxError):  # an unindent tokenize rejects is an IndentationError
            found |= {name for name, pattern in _FALLBACK.items() if pattern.search(code)}
            continue
        for token, after in zip(tokens, [*tokens[1:], None]):
            if token.type == tokenize.NAME and token.string == "p":
                found.add("p")
            elif token.type == tokenize.NAME and token.string == "H" and after and after.string == "(":
                found.add("H")
    return frozenset(found)


def key(names: frozenset[str], joiner: str = "_") -> str | None:
    """The text key of the legend of ``names`` (from :func:`used`): ``legend`` for both, ``legend<joiner>p`` or
    ``legend<joiner>h`` for one; None for neither (no legend)."""
    if not names:
        return None
    return "legend" if names == {"p", "H"} else f"legend{joiner}{next(iter(names)).lower()}"
