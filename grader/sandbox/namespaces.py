"""``types.SimpleNamespace`` for a submission: a small class of the grader's, one per submission.

Python's own is a C type whose ``__reduce__`` and ``__dict__`` belong to every such object, the
grader's too. This one is made afresh for each submission and registered as its own class (guards:
its objects accept attribute writes as main.py's own objects do, under the names ``obj.name = value``
may write); it has keyword construction (and, as Python 3.13, one mapping), ``repr`` and ``==``, and
nothing else: no ``__reduce__``, no methods a submission could read off it.
"""

from __future__ import annotations

import reprlib
from typing import Any

from grader.sandbox.names import forbidden_attribute


def make_simple_namespace() -> type:
    """A new ``SimpleNamespace`` class (in: nothing; out: the class, which the caller registers as main.py's).

    ``SimpleNamespace(a=1)`` sets ``a``; an attribute name that is not an exact str, or that ``obj.name =
    value`` could not write (``__class__``, ``_x_``, ``gi_frame``...), raises ``TypeError``/``AttributeError``.
    """
    class SimpleNamespace:
        """A simple attribute-based namespace: ``SimpleNamespace(**kwargs)``."""

        __hash__ = None  # type: ignore[assignment]  (mutable, compared by value: unhashable, as Python's)

        def __init__(self, mapping: Any = (), /, **kwargs: Any) -> None:
            for name, value in {**dict(mapping), **kwargs}.items():
                if type(name) is not str:
                    raise TypeError(f"SimpleNamespace: attribute names must be strings, not {type(name).__name__}")
                if forbidden_attribute(name, own=True):
                    raise AttributeError(f"the attribute {name[:60]!r} is not one a submission may set")
                object.__setattr__(self, name, value)

        @reprlib.recursive_repr("namespace(...)")
        def __repr__(self) -> str:
            fields = ", ".join(f"{name}={value!r}" for name, value in vars(self).items())
            return f"namespace({fields})"

        def __eq__(self, other: object) -> bool:
            if not (isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace)):
                return NotImplemented
            return vars(self) == vars(other)

    SimpleNamespace.__module__ = "types"
    return SimpleNamespace
