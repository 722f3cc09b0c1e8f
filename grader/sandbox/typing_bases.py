"""typing's class-statement bases (``class X(NamedTuple)``, ``TypedDict``, ``Protocol``) in their plain form.

typing builds such classes with metaclasses of its own, which read the class body with the real
getattr; a submission gets the plain equivalent, built by the guards' own metaclass: a TypedDict
is a dict, a NamedTuple a collections.namedtuple, a Protocol an object. A Protocol class marked
``@runtime_checkable`` answers main.py's ``isinstance`` as typing's does, by the names it lists
(:func:`protocol_isinstance`), with no metaclass of its own.
"""

from __future__ import annotations

import builtins
import collections
import types
import typing
import weakref
from typing import TYPE_CHECKING, Any, Callable

from grader.sandbox.names import forbidden_attribute

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


_PROTOCOLS: "weakref.WeakSet[type]" = weakref.WeakSet()  # classes made from ``class X(Protocol)``
_RUNTIME_PROTOCOLS: "weakref.WeakSet[type]" = weakref.WeakSet()  # those of them marked @runtime_checkable
# Names a Protocol class's namespace holds that are no members of it (typing's list, and the guards' Generic hook).
_NOT_MEMBERS = frozenset({"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__", "__annotations__",
                          "__init__", "__new__", "__slots__", "__class_getitem__", "__subclasshook__"})


def _protocol(guards: "Guards", name: str, namespace: dict) -> type:
    cls = guards.metaclass(name, (object,), namespace)
    _PROTOCOLS.add(cls)
    return cls


def runtime_checkable(cls: Any) -> Any:
    """``typing.runtime_checkable``: marks a Protocol class of main.py's for :func:`protocol_isinstance`."""
    if not (isinstance(cls, type) and cls in _PROTOCOLS):
        raise TypeError("@runtime_checkable can be only applied to protocol classes")
    _RUNTIME_PROTOCOLS.add(cls)
    return cls


def _has_special(obj: Any, name: str) -> bool:
    """Whether the class of ``obj`` has the special method ``name``, found as Python finds one (in the MRO's
    namespaces, read through type's own descriptors: no code of main.py's runs)."""
    return any(name in type.__dict__["__dict__"].__get__(klass) for klass in type.__dict__["__mro__"].__get__(type(obj)))


def protocol_isinstance(has: Callable[[Any, str], bool]) -> Callable[[Any, Any], bool]:
    """main.py's ``isinstance``: a runtime-checkable Protocol class (also in a tuple) holds every object that has each
    name the protocol's body defines or annotates, as typing answers: a special method on its class, any other name
    as ``has`` (the guards' hasattr) finds it."""
    def isinstance_(obj: Any, classinfo: Any) -> bool:
        if not _RUNTIME_PROTOCOLS:
            return builtins.isinstance(obj, classinfo)
        if type(classinfo) is tuple:
            return any(isinstance_(obj, each) for each in classinfo)
        if type(classinfo) is type and classinfo in _RUNTIME_PROTOCOLS and not builtins.isinstance(obj, classinfo):
            namespace = type.__dict__["__dict__"].__get__(classinfo)
            names = [*namespace, *namespace.get("__annotations__", {})]
            return all(_has_special(obj, name) if name[:2] == name[-2:] == "__" else has(obj, name)
                       for name in names if type(name) is str and name not in _NOT_MEMBERS)
        return builtins.isinstance(obj, classinfo)
    return isinstance_


def _plain_class(base: type, **extra: Any) -> Any:
    def make(guards: "Guards", name: str, namespace: dict, keywords: dict) -> type:
        return guards.metaclass(name, (base,), {**namespace, **extra})
    return make


def _typed_dict(guards: "Guards", name: str, namespace: dict, keywords: dict) -> type:
    """``class X(TypedDict, total=False)``: a dict subclass whose calls give plain dicts; ``total`` kept for
    :func:`typed_dict_attribute`."""
    cls = guards.metaclass(name, (dict,), {**namespace, "__new__": _TYPED_DICT_NEW})
    keep_total(cls, keywords.get("total", True))
    return cls


def typed_dict_function(guards: "Guards", value: Any) -> Callable[..., type]:
    """``typing.TypedDict`` as main.py calls it, ``TypedDict('Arguments', {'ticket': str}, total=False)``: the same
    plain class a class statement makes (:func:`_typed_dict`), not typing's own; ``class X(TypedDict)`` still works
    (the class statement asks the base for its real bases)."""
    def TypedDict(typename: Any, fields: Any = None, /, *, total: Any = True) -> type:
        if type(typename) is not str or forbidden_attribute(typename) or type(fields) is not dict \
                or not all(type(key) is str and not forbidden_attribute(key) for key in fields):
            raise TypeError("TypedDict(name, {'field': type, ...}) takes a name and a dict with str keys in the grader "
                            "(no name of Python's own, as a class statement could not declare it)")
        module = guards.main_module.__name__ if guards.main_module is not None else "main"
        namespace = {"__annotations__": dict(fields), "__module__": module, "__qualname__": typename}
        return _typed_dict(guards, typename, namespace, {"total": total})
    entries = value.__mro_entries__((value,))
    TypedDict.__mro_entries__ = lambda bases: entries  # type: ignore[attr-defined]
    return TypedDict


def _ignore_keywords(make: Callable[["Guards", str, dict], type]) -> Any:
    return lambda guards, name, namespace, keywords: make(guards, name, namespace)


def _plain_dict(cls: type, *args: Any, **kwargs: Any) -> dict:
    """``__new__`` of a TypedDict class: calling it gives a plain dict, as in Python."""
    return dict(*args, **kwargs)


_TYPED_DICT_NEW = staticmethod(_plain_dict)


def is_typed_dict(cls: type) -> bool:
    """True for a class made from ``class X(TypedDict)`` and for its subclasses (in: any class)."""
    return any(vars(klass).get("__new__") is _TYPED_DICT_NEW for klass in type.__getattribute__(cls, "__mro__"))


def is_typeddict(tp: Any) -> bool:
    """``typing.is_typeddict``: True for main.py's TypedDict classes (a class statement's, the functional form's and
    their subclasses), False for anything else, ``TypedDict`` itself included."""
    return isinstance(tp, type) and type(tp) is type and is_typed_dict(tp)


# ``total`` of each class made from ``class X(TypedDict, total=...)`` or from an own TypedDict base (else True).
_TOTAL: "weakref.WeakKeyDictionary[type, bool]" = weakref.WeakKeyDictionary()
# The TypedDict attributes a submission may read off its own TypedDict classes (new values: no live table).
TYPED_DICT_ATTRIBUTES = frozenset({"__required_keys__", "__optional_keys__", "__total__"})


def keep_total(cls: type, total: Any) -> None:
    """Record a TypedDict class statement's ``total`` keyword (True or False only)."""
    if type(total) is not bool:
        raise TypeError(f"class {cls.__name__}: total must be True or False in the grader")
    _TOTAL[cls] = total


def _qualifier(annotation: Any) -> Any:
    """``typing.Required`` or ``NotRequired`` when an annotation is one (also inside ``Annotated``), else None; a str
    annotation (``from __future__ import annotations``) has none, as typing 3.11 reads it. Only typing's own alias
    classes are looked into, by their exact type."""
    if type(annotation) is typing._AnnotatedAlias:  # type: ignore[attr-defined]
        annotation = annotation.__origin__
    if type(annotation) is typing._GenericAlias:  # type: ignore[attr-defined]
        origin = annotation.__origin__
        return origin if origin is typing.Required or origin is typing.NotRequired else None
    return None


def typed_dict_attribute(cls: type, name: str, own: Callable[[object], bool]) -> Any:
    """``__required_keys__``, ``__optional_keys__`` (new frozensets of str) or ``__total__`` of main.py's own
    TypedDict class ``cls``, as typing computes them: each own TypedDict class of the MRO classifies the keys it
    annotates by its own ``total`` unless an annotation says ``Required``/``NotRequired``."""
    if name == "__total__":
        return _TOTAL.get(cls, True)
    required: set = set()
    optional: set = set()
    for klass in reversed(type.__dict__["__mro__"].__get__(cls)):
        if not (own(klass) and is_typed_dict(klass)):
            continue
        annotations = type.__dict__["__dict__"].__get__(klass).get("__annotations__")
        for key, annotation in (annotations.items() if type(annotations) is dict else ()):
            qualifier = _qualifier(annotation)
            is_required = _TOTAL.get(klass, True) if qualifier is None else qualifier is typing.Required
            if type(key) is str:
                (required if is_required else optional).add(key)
    return frozenset(required if name == "__required_keys__" else optional)


# typing's class-statement bases have metaclasses of their own; a submission gets the plain
# equivalent: a TypedDict is a dict, a NamedTuple a collections.namedtuple, a Protocol an object.
TYPING_BASES = {
    (base,): make for base, make in (
        (getattr(typing, "_TypedDict", None), _typed_dict),
        (getattr(typing, "_NamedTuple", None), _ignore_keywords(_named_tuple)),
        (typing.Protocol, _ignore_keywords(_protocol)),
    ) if base is not None
}


def read_through(obj: object) -> object:
    """What ``obj.name`` reads when ``obj`` lacks the name: a typing alias's origin (``typing._BaseGenericAlias``
    forwards every other name to it, and so does ``list[int]`` to ``list``), the origin's origin..., else ``obj``.

    ``Annotated[e, 'm'].obj`` would read ``e.obj`` of an exception past the rule that exceptions only offer
    ``args`` (an AttributeError's ``obj`` is the object whose attribute was missing: ``typing.Type.x`` gives
    the real ``type``).
    """
    for _ in range(_ALIAS_DEPTH):
        if isinstance(obj, typing._BaseGenericAlias):
            obj = vars(obj).get("__origin__")
        elif isinstance(obj, types.GenericAlias):
            obj = obj.__origin__
        else:
            return obj
    return obj


_ALIAS_DEPTH = 100
