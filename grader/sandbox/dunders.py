"""The dunder attributes a submission may read (names.READABLE_DUNDERS), each judged by what it is read on.

None of them leads to a frame, a module, a function's globals or a class the submission could not
get otherwise: ``__dict__`` only of the submission's own objects and classes (of a class, a new read-only mapping of
its public names as ``Cls.name`` reads them: its namespace holds type's own descriptors and what @dataclass wrote),
``__qualname__`` and ``__module__`` only as plain strs, ``__cause__`` of an exception (set by ``raise ... from``;
``__context__`` and the others of dunder_values.py there), ``__setitem__``/``__delitem__`` only of its own objects
(``super().__setitem__(k, v)`` in a dict subclass; read off a class, ``dict.__setitem__(self, k, v)``, it takes
only those), ``__members__`` (and ``_member_map_``, ``_member_names_``, ``_value2member_map_``, as new
copies) only of its own enum classes, ``__init_subclass__`` only of ``super()`` in a hook of
its own class (grader/sandbox/subclass_hooks.py), ``__subclasses__()`` of its own classes (its own subclasses
only), ``__slots__`` and ``__match_args__`` of its own classes and objects, ``__annotations__`` only of its own
classes and functions, as a new dict (never the live one: the grader reads a class's to make dataclass fields),
``__required_keys__``/``__optional_keys__`` (new frozensets) and ``__total__`` of its own TypedDict classes,
``__dataclass_fields__`` of its own dataclasses and their objects (a new dict of the Field objects),
``__new__`` off a class or ``super()`` in its own class, as a function that makes objects of its own classes only,
``__reduce__`` of its own classes and objects whose class body defines it (grader/sandbox/class_specials.py).

Written (names.WRITABLE_DUNDERS, through :func:`dunder_writer`): ``__doc__`` of main.py's own functions and
classes, as an exact str or None, and ``__name__``/``__qualname__`` of its own functions, as an exact str.
"""

from __future__ import annotations

import builtins
import collections
import sys
import types
import weakref
from typing import TYPE_CHECKING, Any, Callable

from grader.battery import STUDENT_FILENAME
from grader.sandbox.class_specials import kept_reduce
from grader.sandbox.classes import bound_to_instances, foreign_function, student_function
from grader.sandbox.enums import is_enum_class, member_table
from grader.sandbox.module_names import ModuleNames
from grader.sandbox.dunder_values import read_value_dunder
from grader.sandbox.names import (BASE_METHODS, ENUM_TABLES, VALUE_DUNDERS, WRITABLE_DUNDERS, forbidden_attribute,
                                  reserved_name)
from grader.sandbox.subclass_hooks import super_of_own_class
from grader.sandbox.typing_bases import TYPED_DICT_ATTRIBUTES, is_typed_dict, typed_dict_attribute

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards


def read_dunder(guards: "Guards", obj: Any, name: str, default: tuple) -> Any:
    """``obj.name`` for a name of READABLE_DUNDERS (``default``: getattr's optional default)."""
    is_own = guards.is_own
    if name in VALUE_DUNDERS:
        return read_value_dunder(guards, obj, name, default)
    if name == "__setattr__":  # object.__setattr__ only, for main.py's own objects
        following = _next_setattr(obj) if _super_of_own(guards, obj) else None
        if following is object:  # super().__setattr__ reaching object's
            setter, target = own_setattr(object, is_own), obj.__self__
            return lambda name, value: setter(target, name, value)
        if following is not None and is_own(following) and \
                student_function(type.__getattribute__(following, "__dict__")["__setattr__"]):
            return getattr(obj, name)  # a base's own def __setattr__, as super() binds it
        return own_setattr(obj, is_own)
    if name in _JUDGED:
        if not _JUDGED[name](guards, obj):
            if default:
                return default[0]
            raise AttributeError(f'"{name}" of a {type(obj).__name__} object is not available in the grader')
        if name == "__dict__" and isinstance(obj, type):  # a class of constants: its public names, read as Cls.name
            names = [key for key in type.__dict__["__dict__"].__get__(obj) if type(key) is str and key[:1] != "_"]
            return types.MappingProxyType({key: guards.getattr(obj, key) for key in names})
        if name == "__dict__":
            return builtins.vars(obj)
        if name in ("__setitem__", "__delitem__") and isinstance(obj, type):
            return _initializer(obj, getattr(obj, name), is_own, name)  # dict.__setitem__(self, k, v)
        if name in ENUM_TABLES:
            return member_table(obj, name)
        if name == "__annotations__":
            return _annotations(guards, obj)
        if name == "__dataclass_fields__":  # a new dict of the Field objects dataclasses.fields() gives as well
            return dict(_dataclass_fields(guards, obj))
        if name in TYPED_DICT_ATTRIBUTES:
            return typed_dict_attribute(obj, name, guards.own_classes.__contains__)
        if name == "__init_subclass__":
            return guards.subclass_hooks.next_hook(obj.__self__, obj.__thisclass__)
        if name == "__new__":
            return _constructor(guards, getattr(obj, name))
        if name == "__subclasses__":  # a registry of rule classes: only main.py's own (not a stand-in of a pattern)
            return lambda: [klass for klass in type.__subclasses__(obj) if klass in guards.own_classes]
        value = getattr(obj, name, *default)
        if name in ("__qualname__", "__module__") and type(value) is not str:
            raise AttributeError(f'"{name}" is not available in the grader')
        return value
    value = getattr(obj, name, *default)
    if name == "__init__" and isinstance(obj, type):
        return _initializer(obj, value, is_own)
    if name == "__init__" and not (is_own(obj) or _super_of_own(guards, obj)):
        raise AttributeError('"__init__" of an object main.py did not create is not available in the grader')
    if name in BASE_METHODS and type(value) is types.FunctionType and not student_function(value):
        # Read off a class (or super() bound to one): a method the grader or a library wrote, also for a class made
        # for main.py (a dataclass's __repr__, SimpleNamespace's), reads any self's attributes past the guard.
        owner = obj.__self__ if isinstance(obj, super) else obj
        return bound_to_instances(value, owner if isinstance(owner, type) else type(owner))
    if type(value) is types.FunctionType:  # tuple.__getitem__(self, i) is C; a Python one is judged
        return foreign_function(obj, name, value, guards.own_classes.__contains__)
    return guards.visible_class(value) if name == "__class__" else value


class DunderWriter:
    """What ``_write_dunder_`` hands back for ``obj.__doc__ = value``: sets that name on the object it holds (one
    :func:`dunder_writer` vetted) when ``value`` is an exact str (or None for ``__doc__``; ``__name__`` and
    ``__qualname__`` of a function only); ``TypeError`` for another value, ``AttributeError`` for another name or a
    ``del``."""

    __slots__ = ("_target",)

    def __init__(self, target: Any) -> None:
        object.__setattr__(self, "_target", target)

    def __setattr__(self, name: str, value: Any) -> None:
        target = object.__getattribute__(self, "_target")
        if name not in WRITABLE_DUNDERS:
            raise AttributeError(f'"{name}" is not an attribute a submission may use')
        if name != "__doc__" and isinstance(target, type):  # reports and class patterns name classes by them
            raise AttributeError(f'"{name}" of a class cannot be changed in the grader')
        if (value is not None or name != "__doc__") and type(value) is not str:
            allowed = "a str or None" if name == "__doc__" else "a str"
            raise TypeError(f'"{name}" can only be set to {allowed} in the grader, not a {type(value).__name__}')
        setattr(target, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f'"{name}" cannot be deleted in the grader')


def dunder_writer(guards: "Guards") -> Callable[[Any], DunderWriter]:
    """``_write_dunder_``: a :class:`DunderWriter` of ``obj`` when it is a plain function compiled from main.py or
    one of its own classes; ``TypeError`` for any other object (a builtin, a library's or the grader's function)."""
    def write_dunder(obj: Any) -> DunderWriter:
        if student_function(obj) or isinstance(obj, type) and guards.is_own(obj):
            return DunderWriter(obj)
        raise TypeError("only the docstring of a function or class main.py defines can be changed in the grader, "
                        f"not of a {type(obj).__name__} object")
    return write_dunder


def scope_builtins(guards: "Guards") -> dict[str, Callable[..., dict]]:
    """``vars``, ``locals`` and ``globals`` for a submission. ``vars(obj)``: the attributes of its own objects
    (``vars(self)`` in a ``__repr__``). ``locals()``, ``vars()`` and ``globals()``: a new dict of the names the calling
    code of main.py sees (``print(locals())`` while debugging, ``globals()[f'check_{field}']``), without the names
    that belong to the grader (``_getattr_``, ``__builtins__``, ``_tmp0``: names.reserved_name) but with the texts
    ``__name__``, ``__doc__``...; writing into a function's locals changes nothing (as in Python), writing into the
    module's names binds a name main.py could bind itself (grader/sandbox/module_names.py), and a call that does not
    come straight from main.py's code (a ``defaultdict(locals)`` read by the grader) raises NotImplementedError."""
    def vars(*obj: Any) -> dict:  # noqa: A001 (the builtin's name, as main.py calls it)
        if not obj:
            return _names_seen(guards, sys._getframe(1), "vars", "f_locals")
        if len(obj) != 1:
            raise TypeError(f"vars expected at most 1 argument, got {len(obj)}")
        return read_dunder(guards, obj[0], "__dict__", ())

    def locals() -> dict:  # noqa: A001
        return _names_seen(guards, sys._getframe(1), "locals", "f_locals")

    def globals() -> dict:  # noqa: A001
        return _names_seen(guards, sys._getframe(1), "globals", "f_globals")
    return {"vars": vars, "locals": locals, "globals": globals}


def _names_seen(guards: "Guards", frame: types.FrameType, name: str, scope: str) -> dict:
    """The ``scope`` names (``f_locals`` or ``f_globals``) of ``frame`` when it runs main.py's code, reserved ones
    left out, as a new dict (a :class:`ModuleNames` when they are main.py's module names)."""
    if frame.f_code.co_filename != STUDENT_FILENAME:
        raise NotImplementedError(f"{name}() is available in the grader only when main.py's code calls it")
    names = getattr(frame, scope)
    seen = {key: value for key, value in names.items()
            if type(key) is str and (not reserved_name(key) or key in _SCOPE_DUNDERS)}
    return ModuleNames(names, seen) if names is guards.globals else seen


# The dunder names such a dict keeps: texts Python puts in a module's or a class body's namespace.
_SCOPE_DUNDERS = frozenset({"__name__", "__doc__", "__file__", "__module__", "__qualname__"})


def _super_of_own(guards: "Guards", obj: Any) -> bool:
    """``super()`` inside a method of main.py's class, bound to one of its instances (not to a class)."""
    return isinstance(obj, super) and guards.is_own(obj.__self__) and not isinstance(obj.__self__, type)


def _next_setattr(obj: super) -> type | None:
    """The class whose ``__setattr__`` a ``super()`` object finds (after its class in the instance's MRO)."""
    mro = type.__getattribute__(type(obj.__self__), "__mro__")
    start = mro.index(obj.__thisclass__) + 1 if obj.__thisclass__ in mro else len(mro)
    return next((klass for klass in mro[start:] if "__setattr__" in type.__getattribute__(klass, "__dict__")), None)


def _own_instance(guards: "Guards", obj: Any) -> bool:
    return not isinstance(obj, type) and guards.is_own(obj)


def _item_writer(guards: "Guards", obj: Any) -> bool:
    """An own object, ``super()`` over one, or a class whose method then takes only main.py's own instances."""
    return _own_instance(guards, obj) or _super_of_own(guards, obj) or \
        isinstance(obj, type) and (obj in _CONTAINERS or guards.is_own(obj))


# Classes whose ``__setitem__``/``__delitem__`` an own subclass calls by name (``dict.__setitem__(self, k, v)``).
_CONTAINERS = (dict, list, collections.OrderedDict, collections.defaultdict, collections.Counter, collections.deque)


_JUDGED: dict[str, Callable[["Guards", Any], bool]] = {
    "__dict__": lambda guards, obj: guards.is_own(obj),
    "__setitem__": _item_writer,
    "__delitem__": _item_writer,
    "__qualname__": lambda guards, obj: isinstance(obj, type) or guards.is_own(obj) or student_function(obj),
    "__module__": lambda guards, obj: isinstance(obj, type) or guards.is_own(obj) or student_function(obj),
    # Only set by ``raise ... from cause``, by main.py or by the library it called. Not ``__context__``: the
    # exception being handled wherever main.py's raised, in the grader's code too (its args, expected values).
    "__cause__": lambda guards, obj: isinstance(obj, BaseException),
    # Of an own class or object whose class body defines it (a def the grader kept: its answer is checked); object's
    # own would hand out copyreg's functions.
    "__reduce__": lambda guards, obj: guards.is_own(obj) and kept_reduce(obj if isinstance(obj, type) else type(obj))
    is not None,
    **dict.fromkeys(ENUM_TABLES, lambda guards, obj: is_enum_class(obj) and guards.is_own(obj)),
    "__annotations__": lambda guards, obj: _annotated(guards, obj),
    # Of an own dataclass or its object (set(Proposal.__dataclass_fields__), the field names), as a new dict.
    "__dataclass_fields__": lambda guards, obj: _dataclass_fields(guards, obj) is not None,
    # Of an own TypedDict class: new frozensets of its keys, and its total (a bool).
    **dict.fromkeys(TYPED_DICT_ATTRIBUTES, lambda guards, obj: isinstance(obj, type) and guards.is_own(obj)
                    and is_typed_dict(obj)),
    "__init_subclass__": lambda guards, obj: super_of_own_class(guards.is_own, obj),  # in a hook: super()'s
    "__subclasses__": lambda guards, obj: isinstance(obj, type) and guards.is_own(obj),
    # The names a slotted value type lists in its own __repr__ or as_dict(): of main.py's own classes and objects only.
    "__slots__": lambda guards, obj: guards.is_own(obj),
    "__match_args__": lambda guards, obj: guards.is_own(obj),
    # Off a class (``str.__new__(cls, value)``) or super() in an own class's method (``super().__new__(cls)``).
    "__new__": lambda guards, obj: isinstance(obj, type) or isinstance(obj, super) and guards.is_own(obj.__self__),
}


def _constructor(guards: "Guards", make: Callable[..., Any]) -> Callable[..., Any]:
    """A ``__new__`` as main.py may call it: it makes an object of one of main.py's own classes only (not of an
    enum, whose members the grader makes), never of a library's or the grader's class, which its ``__init__``
    would have set up."""
    def __new__(cls: Any, *args: Any, **kwargs: Any) -> Any:
        if not (isinstance(cls, type) and guards.is_own(cls)) or is_enum_class(cls):
            raise TypeError("__new__ can only make an object of a class main.py defines in the grader")
        return make(cls, *args, **kwargs)
    return __new__


def _annotated(guards: "Guards", obj: Any) -> bool:
    """An own class, or an own function (also bound to an object): their annotations are main.py's own values."""
    return isinstance(obj, type) and guards.is_own(obj) or student_function(obj) or \
        type(obj) is types.MethodType and student_function(obj.__func__)


def _dataclass_fields(guards: "Guards", obj: Any) -> dict | None:
    """The table of fields @dataclass wrote on ``obj``'s class (or ``obj``, a class) or the nearest base that has one,
    when that class is main.py's own; else None."""
    for klass in type.__getattribute__(obj if isinstance(obj, type) else type(obj), "__mro__"):
        if "__dataclass_fields__" in vars(klass):
            table = vars(klass)["__dataclass_fields__"]
            return table if guards.is_own(klass) and type(table) is dict else None
    return None


def _annotations(guards: "Guards", obj: Any) -> dict:
    """A new dict of the names and annotations of ``obj`` (an :func:`_annotated` class or function): a class's
    own, a TypedDict's with those of its own TypedDict bases first (as typing merges them)."""
    if not isinstance(obj, type):
        declared = (obj.__func__ if type(obj) is types.MethodType else obj).__annotations__
        return dict(declared) if type(declared) is dict else {}
    mro = type.__getattribute__(obj, "__mro__")
    merged: dict = {}
    for klass in reversed(mro) if is_typed_dict(obj) else (obj,):
        declared = vars(klass).get("__annotations__") if guards.is_own(klass) else None
        merged.update(declared if type(declared) is dict else {})
    return merged


def _initializer(cls: type, init: Callable[..., Any], is_own: Callable[[object], bool],
                 name: str = "__init__") -> Callable[..., Any]:
    """``cls.__init__`` (or ``cls.__setitem__``...) read from the class (``Base.__init__(self, ...)``): only for
    the submission's own instances of ``cls``.

    On any other object (a grader function, a shared class, a shared property) it would write
    attributes (or items) the write guard never sees.
    """
    def method(target: Any, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(target, cls) or isinstance(target, type) or not is_own(target):
            raise TypeError(f"{cls.__name__}.{name} can only change a {cls.__name__} object main.py made in the grader")
        return init(target, *args, **kwargs)
    method.__name__, method.__qualname__ = name, f"{cls.__name__}.{name}"
    if name == "__init__":  # get_type_hints(Row.__init__) reads init's annotations (grader/sandbox/type_hints.py)
        INITIALIZERS[method] = (cls, init)
    return method


# What each ``cls.__init__`` that :func:`_initializer` made stands for: ``(cls, init)``.
INITIALIZERS: "weakref.WeakKeyDictionary[Callable[..., Any], tuple[type, Any]]" = weakref.WeakKeyDictionary()


def own_setattr(holder: object, is_own: Callable[[object], bool]) -> Callable[[Any, str, Any], None]:
    """``object.__setattr__`` for a submission (a frozen dataclass's ``__post_init__``): sets an attribute
    of the submission's own objects only, under the names ``obj.name = value`` may write there. Read off
    anything but ``object`` itself (``x.__setattr__``, ``dict.__setattr__``) it is not available."""
    if holder is not object:
        raise AttributeError('"__setattr__" is only available in the grader as object.__setattr__')

    def __setattr__(target: Any, name: str, value: Any) -> None:
        if isinstance(target, type) or not is_own(target):
            raise TypeError("object.__setattr__ can only set attributes of main.py's own objects in the grader")
        if type(name) is not str or forbidden_attribute(name, own=True):
            raise AttributeError(f"the attribute {str(name)[:60]!r} is not one a submission may set")
        object.__setattr__(target, name, value)
    __setattr__.__qualname__ = "object.__setattr__"
    return __setattr__
