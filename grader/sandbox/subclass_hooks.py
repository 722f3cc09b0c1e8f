"""``__init_subclass__`` of main.py's own classes, called by the guards, never by Python.

Python calls a base's ``__init_subclass__`` inside ``type.__new__``, for every subclass made by
anyone: the grader's own code makes subclasses of main.py's classes (``@dataclass(slots=True)``
remakes a class; class patterns use stand-ins), and within the class statement it runs before
the guards have checked and registered the new class, which it would hand to main.py unvetted.
So the hook is taken out of the class body (no class holds one, Python finds only ``object``'s)
and kept here; the guards call it once the subclass is checked and registered as main.py's own
(:func:`run` from ``Guards.metaclass``), as the nearest base's hook, with no keywords (class
keywords are not available anyway). ``super().__init_subclass__(**kwargs)`` inside a hook reads
:func:`next_hook`: the next kept hook up the MRO, else ``object``'s (which takes no keywords).
"""

from __future__ import annotations

import types
from typing import Any, Callable

from grader.sandbox.classes import student_function

NAME = "__init_subclass__"


class SubclassHooks:
    """The kept hooks of one submission's classes, found by identity (in: classes and main.py's functions)."""

    __slots__ = ("_hooks",)

    def __init__(self) -> None:
        self._hooks: dict[int, tuple[type, types.FunctionType]] = {}

    def take(self, name: str, namespace: dict) -> types.FunctionType | None:
        """Pops ``__init_subclass__`` off a class body (``namespace``, changed in place) and returns its function
        (a plain ``def`` of main.py's, or one in ``@classmethod``); ``None`` when there is none. ``TypeError``
        for anything else (``None``, a staticmethod, a function main.py did not write)."""
        if NAME not in namespace:
            return None
        hook = namespace.pop(NAME)
        function = hook.__func__ if type(hook) is classmethod else hook
        if not student_function(function):
            raise TypeError(f"class {name}: __init_subclass__ must be a plain def in the grader")
        return function

    def keep(self, cls: type, function: types.FunctionType | None) -> None:
        """Keeps ``function`` as the hook of ``cls`` (a class just registered as main.py's own)."""
        if function is not None:
            self._hooks[id(cls)] = (cls, function)

    def run(self, cls: type, keywords: dict) -> None:
        """Calls the hook of ``cls``'s nearest base that has one, with ``cls`` (a new own class) and the class
        statement's ``keywords`` (``class IdRule(Rule, field='call_id')``)."""
        self.next_hook(cls, cls)(**keywords)

    def next_hook(self, cls: type, after: type) -> Callable[..., None]:
        """``super(after, cls).__init_subclass__``: the first kept hook in ``cls``'s MRO after ``after``, bound to
        ``cls``; else ``object``'s, which returns None and refuses keywords (``TypeError``)."""
        mro = type.__getattribute__(cls, "__mro__")
        start = mro.index(after) + 1 if after in mro else len(mro)
        for klass in mro[start:]:
            kept = self._hooks.get(id(klass))
            if kept is not None and kept[0] is klass:
                return lambda **kwargs: kept[1](cls, **kwargs)
        return _object_hook


def _object_hook(**kwargs: Any) -> None:
    if kwargs:
        raise TypeError("object.__init_subclass__() takes no keyword arguments")


def super_of_own_class(is_own: Callable[[object], bool], obj: Any) -> bool:
    """``super()`` inside a classmethod (an ``__init_subclass__``) of main.py's class, bound to an own class."""
    return type(obj) is super and isinstance(obj.__self__, type) and is_own(obj.__self__)
