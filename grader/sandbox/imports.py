"""What ``import`` gives a submission: the view of a whitelisted module (grader/sandbox/modules.py), or a stand-in.

Another standard module (``os``, ``decimal``) may be imported in any form but is an :class:`Unavailable`
stand-in: an unused import, common in student code, costs nothing, and any use fails with the reason. Other names
raise ImportError.
"""

from __future__ import annotations

import sys
from typing import Any


def import_module(views: dict, name: Any, fromlist: Any, level: Any) -> Any:
    """``__import__(name, fromlist=fromlist, level=level)`` over ``views`` (module name -> view)."""
    allowed = ", ".join(sorted(n for n in views if not n.startswith("_")))
    if level == 0 and type(name) is str and name not in views and name.split(".")[0] in sys.stdlib_module_names:
        top = name.split(".")[0]
        return Unavailable(top if not fromlist else name[:100], allowed)
    if level != 0 or type(name) is not str or name not in views:
        raise ImportError(f"import of {str(name)[:60]!r} is not allowed in the grader (allowed: {allowed})")
    if "." in name and not fromlist:  # ``import collections.abc`` binds ``collections``
        return views[name.split(".")[0]]
    return views[name]


class Unavailable:
    """A standard module the grader does not offer (``os``, ``enum``), or a name read from one.

    Importing it, in any form, and reading names from it work, so that an unused import costs
    nothing; calling, indexing, iterating or testing it raises AttributeError with the reason.
    It holds only its dotted name and the list of modules that are available.
    """

    __slots__ = ("_path", "_allowed")

    def __init__(self, path: str, allowed: str) -> None:
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_allowed", allowed)

    def __getattr__(self, name: str) -> "Unavailable":
        if name.startswith("__"):  # Python's own probes (__mro_entries__, __spec__...): as for any object
            raise AttributeError(name)
        return Unavailable(f"{self._path}.{name}"[:200], self._allowed)

    def _refuse(self, *args: object, **kwargs: object) -> None:
        raise AttributeError(f"{self._path} is not available in the grader (modules: {self._allowed})")

    __call__ = __getitem__ = __iter__ = __len__ = __bool__ = __setattr__ = __delattr__ = _refuse

    def __repr__(self) -> str:
        return f"<{self._path}: not available in the grader>"
