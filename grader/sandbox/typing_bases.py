"""typing's class-statement bases (``class X(NamedTuple)``, ``TypedDict``, ``Protocol``) in their plain form.

typing builds such classes with metaclasses of its own, which read the class body with the real
getattr; a submission gets the plain equivalent, built by the guards' own metaclass: a TypedDict
is a dict, a NamedTuple a collections.namedtuple, a Protocol an object.
"""

from __future__ import annotations

import collections
import typing
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards

def _named_tuple(guards: "Guards", name: str, namespace: dict) -> type:
    """``class X(NamedTuple)``: a collections.namedtuple of the annotated fields; the rest of the class
    body (methods, constants) goes on a subclass of it, as typing puts it on the class itself."""
    fields = list(namespace.get("__annotations__", {}))
    defaults = [namespace[field] for field in fields if field in namespace]
    cls = collections.namedtuple(name, fields, defaults=defaults, module=namespace.get("__module__"))
    type.__setattr__(cls, "__annotations__", dict(namespace.get("__annotations__", {})))  # as typing's has them
    guards.own_classes.add(cls)
    body = {key: value for key, value in namespace.items()
            if key not in fields and key not in ("__annotations__", "__module__", "__qualname__")}
    if not body:
        return cls
    return guards.metaclass(name, (cls,), {"__slots__": (), "__module__": cls.__module__,
                                           "__qualname__": namespace.get("__qualname__", name),
                                           "__annotations__": dict(vars(cls)["__annotations__"]), **body})


def _plain_class(base: type, **extra: Any) -> Any:
    def make(guards: "Guards", name: str, namespace: dict) -> type:
        return guards.metaclass(name, (base,), {**namespace, **extra})
    return make


def _plain_dict(cls: type, *args: Any, **kwargs: Any) -> dict:
    """``__new__`` of a TypedDict class: calling it gives a plain dict, as in Python."""
    return dict(*args, **kwargs)


_TYPED_DICT_NEW = staticmethod(_plain_dict)


def is_typed_dict(cls: type) -> bool:
    """True for a class made from ``class X(TypedDict)`` and for its subclasses (in: any class)."""
    return any(vars(klass).get("__new__") is _TYPED_DICT_NEW for klass in type.__getattribute__(cls, "__mro__"))


# typing's class-statement bases have metaclasses of their own; a submission gets the plain
# equivalent: a TypedDict is a dict, a NamedTuple a collections.namedtuple, a Protocol an object.
TYPING_BASES = {
    (base,): make for base, make in (
        (getattr(typing, "_TypedDict", None), _plain_class(dict, __new__=_TYPED_DICT_NEW)),
        (getattr(typing, "_NamedTuple", None), _named_tuple),
        (typing.Protocol, _plain_class(object)),
    ) if base is not None
}
