"""The list of modules that ends a refusal of a module the grader does not offer (grader/sandbox/imports.py): cut
to fit a check's detail, or whole in a load failure's problem (a report shows it whole, the terminal cut). Plain
text functions: the terminal reads them too, without the sandbox."""

from __future__ import annotations

import re

# A refusal's text at most (characters): a check's detail shows it as raised, its list of modules cut at a whole
# name to fit, the rest counted ("... json and 30 more"); a load failure's problem has the whole list (unabridged).
REFUSAL_CHARS = 290
# The list of modules that ends a refusal: "(allowed: a, b and 3 more)" or "(modules: a, b, c)".
_LISTED = re.compile(r"\((?P<label>allowed|modules): (?P<names>[\w.]+(?:, [\w.]+)*)(?: and (?P<more>\d+) more)?\)$")


def listing(names: tuple[str, ...], room: int) -> str:
    """``names`` joined with ``, `` in at most ``room`` characters (the first name always), cut after a whole
    name with `` and N more``."""
    shown = ", ".join(names)
    for count in range(len(names), 0, -1):
        shown = ", ".join(names[:count]) + (f" and {len(names) - count} more" if count < len(names) else "")
        if len(shown) <= room:
            break
    return shown


def unabridged(message: str, allowed: tuple[str, ...]) -> str:
    """``message`` (an error's text) with the cut list of modules of a refusal that ends it replaced by all of
    ``allowed`` (grader.sandbox.imports.available); any other text as it is."""
    found = _LISTED.search(message)
    if not found or not found["more"]:
        return message
    return f"{message[:found.start()]}({found['label']}: {', '.join(allowed)})"


def abridged(message: str, room: int = REFUSAL_CHARS) -> str:
    """``message`` with the whole list of modules of a refusal that ends it (:func:`unabridged`) cut as a refusal
    cuts it (:func:`listing`) when the message is longer than ``room``; any other text as it is."""
    found = _LISTED.search(message)
    if not found or found["more"] or len(message) <= room:
        return message
    said = f"{message[:found.start()]}({found['label']}: "
    return f"{said}{listing(tuple(found['names'].split(', ')), room - len(said))})"
