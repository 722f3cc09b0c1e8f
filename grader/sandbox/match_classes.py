"""The stand-in classes that ``case C(p, ...)`` class patterns match with (grader/sandbox/patterns.py rewrites
the pattern to use them): the names in ``__match_args__`` are checked when Python reads them."""

from __future__ import annotations

from typing import Callable

from grader.sandbox.names import forbidden_attribute

# Py_TPFLAGS_MATCH_SELF: ``case int(x)`` binds the subject itself (no attribute is read).
_MATCH_SELF = 1 << 22
# A class's MRO and namespace as type itself keeps them: ``klass.__mro__`` and ``vars(klass)`` are read through the
# class's metaclass first, whose own ``__mro__`` property could name no foreign base at all.
_TYPE_MRO, _TYPE_DICT = type.__dict__["__mro__"], type.__dict__["__dict__"]


class _MatchClass(type):
    """The metaclass of :func:`match_class`'s stand-ins: ``isinstance`` as the real class answers it,
    and ``__match_args__`` checked at the moment Python reads it, just before it reads those names."""

    _cls: type
    _is_own: Callable[[type], bool]

    def __instancecheck__(cls, obj: object) -> bool:
        # type's own test (the class's MRO), not a metaclass's __instancecheck__: one that says yes to any
        # subject would let the names be read off an object of a class never checked (format of a str).
        return type.__instancecheck__(cls._cls, obj)

    _positional: int | None = None  # with keyword sub-patterns: how many positional ones come first
    _keywords: tuple[str, ...] = ()

    @property
    def __match_args__(cls) -> object:
        real, is_own = cls._cls, cls._is_own
        if cls._keywords:
            names = cls._keyword_names()
        else:
            names = getattr(real, "__match_args__")  # AttributeError: Python says it takes no positional patterns
        if type(names) is not tuple or not all(type(name) is str for name in names):
            return names  # Python refuses it with its own TypeError
        pending, seen = [real], set()
        while pending:  # the class and every subclass: the subject may be any of them
            klass = pending.pop()
            if klass in seen:
                continue
            seen.add(klass)
            pending.extend(type.__subclasses__(klass))
            for base in _TYPE_MRO.__get__(klass):
                namespace = _TYPE_DICT.__get__(base)
                declared = namespace.get("__match_args__", ())
                for name in names:
                    if forbidden_attribute(name) or not is_own(base) and name in namespace and name not in declared:
                        raise TypeError(f"case {real.__name__}(...) would read {name!r} of {base.__name__} "
                                        "without the attribute guard: not allowed in the grader")
        return names

    def _keyword_names(cls) -> tuple:
        """``case C(p, k=q)`` as the policy rewrote it (``case stand-in(p, q)``): C's first positional names, then
        the keywords; main.py's own classes only (a keyword may name an instance's attribute no class shows)."""
        real, count = cls._cls, cls._positional
        if not cls._is_own(real):
            raise TypeError(f"case {real.__name__}(name=...): keyword sub-patterns are only available for "
                            "main.py's own classes in the grader (use an if-guard)")
        if count and type.__getattribute__(real, "__flags__") & _MATCH_SELF and not hasattr(real, "__match_args__"):
            raise TypeError(f"case {real.__name__}(x, name=...) is not available in the grader")
        names = getattr(real, "__match_args__", ()) if count else ()
        if type(names) is not tuple or not all(type(name) is str for name in names) or len(names) < count:
            raise TypeError(f"{real.__name__}() does not accept {count} positional sub-patterns here")
        return names[:count] + cls._keywords


def match_class(is_own_class: Callable[[type], bool], made: dict, cls: object, positional: int | None = None,
                keywords: tuple = ()) -> object:
    """What ``case cls(p, ...)`` (positional sub-patterns) matches with: a stand-in class.

    Python reads the names in ``cls.__match_args__`` off the subject with the real getattr: a
    name that is an attribute of a class main.py did not write (``format`` of a ``str``
    subclass) would hand out the raw method. The stand-in checks the names when Python reads
    them, against the class and every subclass of it, whatever changed the class since it was
    made. A class that binds the subject itself (``int(x)``) and anything but a class are
    returned as they are. ``made``: stand-ins by class (one per class and submission).
    """
    # Only a class of plain type binds the subject itself as it is: a metaclass could say "no __match_args__"
    # to hasattr() here and name attributes when the interpreter reads them just after.
    if keywords:  # the policy's rewrite of ``case C(p, k=q)``: stand-ins by class, count and keywords
        if not isinstance(cls, type):
            return cls  # Python: "called match pattern must be a class"
        key = (cls, positional, keywords)
        if key not in made:
            made[key] = _MatchClass(f"{cls.__name__}", (), {"_cls": cls, "_is_own": staticmethod(is_own_class),
                                                            "_positional": positional, "_keywords": keywords})
        return made[key]
    if not isinstance(cls, type) or (type(cls) is type and type.__getattribute__(cls, "__flags__") & _MATCH_SELF
                                     and not hasattr(cls, "__match_args__")):
        return cls
    if cls not in made:
        made[cls] = _MatchClass(f"{cls.__name__}", (), {"_cls": cls, "_is_own": staticmethod(is_own_class)})
    return made[cls]
