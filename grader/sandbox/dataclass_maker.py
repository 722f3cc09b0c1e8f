"""``dataclasses.make_dataclass`` for a submission: the class a class statement with the same fields would make.

Python's version builds the class with ``types.new_class`` (past the guards' metaclass, with any namespace) before
it applies ``@dataclass``. Here the class is made by the guards' metaclass, as a ``class`` statement's is (registered
as main.py's own, its attribute names checked), with the names a class body could bind, and then decorated by
main.py's ``@dataclass`` (grader/sandbox/wrappers.py), which checks the field names again.
"""

from __future__ import annotations

import keyword
from typing import TYPE_CHECKING, Any, Callable

from grader.sandbox.classes import student_function
from grader.sandbox.names import MAGIC_METHODS, bindable_name, forbidden_attribute

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards

# make_dataclass's keywords that go to @dataclass (Python 3.11).
_OPTIONS = frozenset({"init", "repr", "eq", "order", "unsafe_hash", "frozen", "match_args", "kw_only", "slots",
                      "weakref_slot"})


def _own_name(name: object) -> bool:
    """Whether a class body could bind ``name`` itself (an attribute name main.py may read)."""
    return bindable_name(name) and not forbidden_attribute(name)


def _fields(fields: Any) -> tuple[dict, dict]:
    """The annotations and defaults of make_dataclass's ``fields``, as Python reads them (its TypeErrors): each a
    name, a (name, type) or a (name, type, default or field()); every name one a class body could annotate."""
    annotations: dict = {}
    defaults: dict = {}
    for item in list(fields):  # any iterable, as Python's (a generator of names)
        if isinstance(item, str):  # a str of main.py's own class: the exact str it holds
            name, kind = str.__str__(item), "typing.Any"
        elif not isinstance(item, (list, tuple)):
            raise TypeError(f"object of type {type(item).__name__!r} has no len()")
        elif len(parts := tuple(item)) in (2, 3):  # a namedtuple of main.py's too
            name, kind = parts[0], parts[1]
            if len(parts) == 3:
                defaults[name] = parts[2]
        else:
            raise TypeError(f"Invalid field: {item!r}")
        if type(name) is not str or not name.isidentifier():
            raise TypeError(f"Field names must be valid identifiers: {str(name)[:100]!r}")
        if keyword.iskeyword(name):
            raise TypeError(f"Field names must not be keywords: {name!r}")
        if not _own_name(name):
            raise TypeError(f"make_dataclass(): the field name {name[:100]!r} is reserved in the grader")
        if name in annotations:
            raise TypeError(f"Field name duplicated: {name!r}")
        annotations[name] = kind
    return annotations, defaults


def _namespace(namespace: Any) -> dict:
    """make_dataclass's ``namespace``: names a class body could bind; a special method only as a def of main.py's."""
    if namespace is None:
        return {}
    if type(namespace) is not dict:
        raise TypeError("make_dataclass(): namespace= must be a dict in the grader")
    for name, value in namespace.items():
        if not (_own_name(name) or name in MAGIC_METHODS and student_function(value)):
            raise TypeError(f"make_dataclass(): namespace= names are those a class body binds; {str(name)[:60]!r} is "
                            "not available in the grader")
    return dict(namespace)


def make_dataclass_maker(guards: Guards, value: Any) -> Callable[..., type]:
    """``dataclasses.make_dataclass`` (``value``, not called) for one submission's ``guards``."""
    def make_dataclass(cls_name: Any, fields: Any, *, bases: Any = (), namespace: Any = None, **options: Any) -> type:
        unknown = sorted(set(options) - _OPTIONS)
        if unknown:
            raise TypeError(f"make_dataclass() got an unexpected keyword argument {unknown[0]!r}")
        if type(cls_name) is not str or forbidden_attribute(cls_name) or len(cls_name) > 100:
            raise ValueError(f"{str(cls_name)[:60]!r} cannot be the name of a class in the grader")
        if type(bases) is not tuple or not all(isinstance(base, type) for base in bases):
            raise TypeError("make_dataclass(): bases= must be a tuple of classes in the grader")
        annotations, defaults = _fields(fields)
        module = guards.main_module.__name__ if guards.main_module is not None else "main"
        body = {"__module__": module, "__qualname__": cls_name, **_namespace(namespace), **defaults,
                "__annotations__": annotations}
        return guards.views["dataclasses"].dataclass(guards.metaclass(cls_name, bases, body), **options)
    make_dataclass.__name__ = make_dataclass.__qualname__ = "make_dataclass"
    return make_dataclass
