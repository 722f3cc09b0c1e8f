"""What ``type(x)`` and ``x.__class__`` give a submission: safe classes, its own, stand-ins for the rest."""

from __future__ import annotations

import builtins
import collections
import dataclasses
import types
import typing
from typing import Any, Callable

from grader.battery import STUDENT_FILENAME
from grader.sandbox.abc_bases import PLAIN_ABCS
from grader.sandbox.names import forbidden_attribute
from grader.sandbox.modules import WHITELIST
from grader.sandbox.texts import Template

# The builtins a submission's namespace holds as they are (grader/sandbox/guards.py adds stand-ins).
PLAIN_BUILTINS = (
    "None", "False", "True", "Ellipsis", "NotImplemented", "abs", "all", "any", "ascii", "bin", "bool",
    "bytearray", "bytes", "callable", "chr", "classmethod", "complex", "dict", "dir", "divmod", "enumerate",
    "filter", "float", "format", "frozenset", "hash", "hex", "id", "int", "isinstance", "issubclass", "iter",
    "len", "list", "map", "max", "memoryview", "min", "next", "object", "oct", "ord", "pow", "property", "range", "repr",
    "reversed", "round", "set", "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "zip",
    "ArithmeticError", "AssertionError", "AttributeError", "EOFError", "Exception", "ImportError",
    "IndexError", "KeyError", "LookupError", "MemoryError", "NameError", "NotImplementedError", "OSError",
    "OverflowError", "RecursionError", "RuntimeError", "StopIteration", "TypeError", "UnicodeError",
    "UnicodeDecodeError", "UnicodeEncodeError", "ValueError", "ZeroDivisionError",
    # Named in except clauses and warnings.warn() of helpers and demos (all subclasses of Exception).
    "Warning", "UserWarning", "DeprecationWarning", "RuntimeWarning", "FileNotFoundError", "FileExistsError",
    "PermissionError", "TimeoutError", "UnboundLocalError", "IOError", "EnvironmentError",  # OSError's old names
    "FutureWarning", "PendingDeprecationWarning", "IsADirectoryError", "NotADirectoryError", "FloatingPointError",
    # An optional library tried first: try: import ujson as json / except ModuleNotFoundError: import json.
    "ModuleNotFoundError",
    # Every problem of a proposal at once (class Problems(ExceptionGroup, ValueError)); not BaseExceptionGroup, which
    # may hold the grader's BaseExceptions, and try/except* stays refused (grader/sandbox/policy.py visit_TryStar).
    "ExceptionGroup",
)


def make_type(visible: Callable[[type], Any]) -> type:
    """What ``type`` is in a submission: ``type(x)`` and ``isinstance(c, type)`` work, making classes does not.

    The real ``type`` (and every other metaclass) stays out of reach: its three-argument form
    builds classes with any dunder method (``__reduce_ex__``, ``__del__``...) past the policy
    and the class guard. ``type(x)`` gives ``visible(type(x))``; ``type(int)`` and
    ``type(type)`` give this class itself. The class of plain data (SAFE_CLASSES, no
    metaclass among them) is given without calling ``visible``: submissions call ``type(x)``
    thousands of times per grading.
    """
    class OneArgumentType(type):
        def __call__(cls, *args: object) -> object:
            if len(args) != 1:
                raise TypeError("only type(x) with one argument is available in the grader; use a class statement")
            found = type(args[0])
            return found if found in _SAFE_DATA_CLASSES else visible(found)

        def __instancecheck__(cls, obj: object) -> bool:
            return isinstance(obj, type)

        def __subclasscheck__(cls, other: type) -> bool:
            return issubclass(other, type)

        def __getitem__(cls, parameters: object) -> types.GenericAlias:
            # type[ProposalError] in an annotation: an alias of this stand-in (its __origin__, what typing.get_origin
            # gives), never of the real type.
            return types.GenericAlias(cls, parameters)

    stand_in = OneArgumentType("type", (), {"__slots__": (), "__module__": "builtins"})
    stand_in.__qualname__ = "type"
    return stand_in


# Classes ``type(x)`` and ``x.__class__`` hand out as they are (besides the submission's own): the
# builtins a submission has anyway and the classes of the whitelisted modules. Any other class
# (a bound method's, typing's aliases...) could build objects whose methods reach the grader.
SAFE_CLASSES = frozenset(
    {value for value in vars(builtins).values() if isinstance(value, type) and issubclass(value, BaseException)}
    | {getattr(builtins, name) for name in PLAIN_BUILTINS if isinstance(getattr(builtins, name), type)}
    | {type(None), type(Ellipsis), type(NotImplemented), bool}
    | {value for module, names in WHITELIST.values() if module is not None
       for value in (getattr(module, name) for name in names) if isinstance(value, type)})
# ``classmethod`` is a builtin, but a submission's ``classmethod`` is a checked stand-in (grader/sandbox/guards.py
# checked_classmethod): ``type(classmethod(f))`` must not hand out the unchecked class, which wraps any
# descriptor (a property's getter would run with a class as self).
SAFE_CLASSES = SAFE_CLASSES - {classmethod}
SAFE_CLASSES |= {Template}  # string.Template as main.py has it (grader/sandbox/texts.py)
_SAFE_DATA_CLASSES = frozenset(cls for cls in SAFE_CLASSES if not issubclass(cls, type))


def opaque_class(cls: type, made: dict[type, type]) -> type:
    """A stand-in for ``cls`` with its name and ``isinstance``/``issubclass``, that makes nothing; kept in ``made``
    (one load's: a stand-in made at the first load and kept for the process came back faster at a later one)."""
    if cls not in made:
        class Opaque(type):
            def __call__(view, *args: object, **kwargs: object) -> object:
                raise TypeError(f"{cls.__name__} objects cannot be made in the grader")

            def __instancecheck__(view, obj: object) -> bool:
                return isinstance(obj, cls)

            def __subclasscheck__(view, other: type) -> bool:  # issubclass(type(f), types.FunctionType) too
                return other is view or isinstance(other, type) and issubclass(other, cls)

        made[cls] = Opaque(cls.__name__, (), {"__slots__": (), "__module__": cls.__module__})
    return made[cls]


_MISSING = object()


class ClassRegistry:
    """The submission's own classes, found by identity.

    A set finds a member by hash, then by ``==``: a class whose metaclass defines ``__hash__`` and
    ``__eq__`` (the real ``type`` makes one) would answer as any class it likes, and once added under
    another class's hash make that class (``json.JSONEncoder``) count as main.py's own.
    """

    __slots__ = ("_classes",)

    def __init__(self) -> None:
        self._classes: dict[int, type] = {}

    def add(self, cls: type) -> None:
        self._classes[id(cls)] = cls

    def __contains__(self, cls: object) -> bool:
        return self._classes.get(id(cls)) is cls

    def __iter__(self):
        return iter(list(self._classes.values()))

    def __len__(self) -> int:
        return len(self._classes)


# Methods of main.py's classes that Python calls with another object, also from inside a dict, set or
# cache that compares keys: a library's key (typing's and functools' typed caches hold classes,
# the real ``type`` among them) can meet one of main.py's with the same hash.
COMPARISONS = frozenset({"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__contains__"})
# Descriptor methods, which Python calls with the owner class (``__get__``, ``__set_name__``) and the instance: the
# class statement hands ``__set_name__`` the class it is making, before the guards check it and count it as own.
DESCRIPTOR_METHODS = frozenset({"__get__", "__set__", "__delete__", "__set_name__"})
# Operators, which Python calls with any other operand (a class too, were a library to add one to main.py's object).
OPERATORS = frozenset({"__add__", "__radd__", "__iadd__", "__sub__", "__rsub__", "__isub__", "__mul__", "__rmul__",
                       "__or__", "__ror__", "__ior__", "__and__", "__rand__", "__iand__", "__xor__", "__rxor__"})


def seen_as_in_sandbox(class_name: str, name: str, method: object, visible: Callable[[type], Any]) -> object:
    """The class attribute ``name`` (of COMPARISONS, DESCRIPTOR_METHODS or OPERATORS) of main.py's class ``class_name``
    as it may be.

    main.py's own function receives a class as ``type(x)`` would give it (``visible``: the ``type``
    stand-in for a metaclass, an opaque class for a foreign one), so that no comparison Python makes
    on a library's behalf hands main.py a class it could not get itself. None stays as it is; anything
    else raises TypeError: a ``staticmethod``, a ``functools.partial``, an object with ``__call__``, and
    C code too, which a decorator makes of the ``def`` as easily: a bound ``append`` of main.py's list,
    the ``__getitem__`` of its defaultdict, ``list.append`` on a list subclass each keep the other object
    as it is, where main.py reads it (``type == probe`` in typing's ``_GenericAlias.__eq__`` gave it the
    real ``type``).
    """
    if method is None:
        return method
    if not student_function(method):
        raise TypeError(f"class {str(class_name)[:100]}: {name} must be a plain def (no decorator) in the grader")

    def compared(own: Any, *others: Any) -> Any:
        return method(own, *(visible(other) if isinstance(other, type) else other for other in others))
    compared.__name__, compared.__qualname__, compared.__doc__ = method.__name__, method.__qualname__, method.__doc__
    return compared


# How deep seen_as_classes() looks into nested tuples, lists, sets and dicts.
_SEEN_DEPTH = 20


def seen_as_classes(value: object, visible: Callable[[type], Any], depth: int = _SEEN_DEPTH) -> object:
    """``value`` with every class in it as ``type(x)`` would show it (``visible``), through tuples, lists, sets,
    frozensets and dicts; the rest as it is. For the ``args`` of an exception a library raised: they may hold a
    library's own classes (typing's dedupe put ``(p, type(p))`` pairs in an AssertionError).

    Only a container in which a class is shown otherwise is made anew; every other one is ``value`` itself, so
    ``error.args`` is one tuple and ``error.args[0]`` one object at every read, as in Python: a handler that
    completes the dict an exception carries (``error.args[0]['replayed'] = True``) and then returns
    ``error.args[0]`` returns what it completed."""
    if isinstance(value, type):
        return visible(value)
    if depth <= 0:
        return value
    kind = type(value)
    if kind in (tuple, list, set, frozenset):
        items = list(value)
        seen = [seen_as_classes(item, visible, depth - 1) for item in items]
        if all(new is old for new, old in zip(seen, items)):
            return value
        return kind(seen)
    if kind is dict:
        pairs = list(value.items())
        seen_pairs = [(seen_as_classes(key, visible, depth - 1), seen_as_classes(item, visible, depth - 1))
                      for key, item in pairs]
        if all(new_key is key and new is item for (new_key, new), (key, item) in zip(seen_pairs, pairs)):
            return value
        return dict(seen_pairs)
    return value


def student_function(value: object) -> bool:
    """Whether ``value`` is a plain function compiled from the submission's main.py."""
    return type(value) is types.FunctionType and value.__code__.co_filename == STUDENT_FILENAME


def foreign_function(obj: object, name: str, value: types.FunctionType, is_own_class: Callable[[type], bool]) -> Any:
    """A Python function read as ``obj.name`` (``value``), as a submission may have it.

    The submission's own functions (compiled from main.py) and what it stored in its own
    classes or objects come back as they are. A function of a class it did not write
    (``collections.Counter.copy``, read off the class) is called only with an instance of
    that class as its first argument: called with any other object, such methods run
    ``self.__class__(...)``, and for a class that is the real ``type``. Any other foreign
    function (a property's ``fget``, a static method) is refused: ``AttributeError``.
    """
    if student_function(value):
        return value
    context = obj if isinstance(obj, type) else type(obj)
    for klass in context.__mro__:
        found = vars(klass).get(name, _MISSING)
        if found is _MISSING:
            continue
        if is_own_class(klass):
            return value
        if found is value:
            return bound_to_instances(value, klass)
        break
    else:
        if not isinstance(obj, type) and is_own_class(type(obj)):
            return value  # stored in the submission's own object
    raise unavailable_attribute(obj, name)


def unavailable_attribute(obj: object, name: str) -> AttributeError:
    """The error for ``obj.name`` refused by the guard, naming the class or the object's kind."""
    where = f"class {obj.__name__}" if isinstance(obj, type) else f"a {type(obj).__name__} object"
    return AttributeError(f'"{name}" of {where} is not available in the grader')


def bound_to_instances(function: types.FunctionType, owner: type) -> Callable[..., Any]:
    """``function`` (a method of ``owner`` main.py did not write) callable with an ``owner`` object first only."""
    def method(*args: Any, **kwargs: Any) -> Any:
        if not args or not isinstance(args[0], owner):
            raise TypeError(f"{owner.__name__}.{function.__name__}() needs a {owner.__name__} object as its "
                            "first argument in the grader")
        return function(*args, **kwargs)
    method.__name__ = method.__qualname__ = function.__name__
    return method


def check_fields(cls: type, is_own_class: Callable[[type], bool], annotations: bool = False,
                 extra: tuple = ()) -> type:
    """``cls`` when no field of it is an attribute of a base main.py did not write; else ``TypeError``.

    Fields are the names in ``__match_args__`` (a ``case C(x)`` pattern reads them without the
    attribute guard), the fields of a dataclass (its ``__eq__``, ``asdict`` and ``replace``
    read them with the real getattr, and ``@dataclass`` takes a field's default from the
    class, a base's attribute included) and, with ``annotations``, the names the class body
    annotates (checked before ``@dataclass`` runs). A field named like a base's attribute
    (``format`` of a str subclass, ``copy`` of a Counter subclass) would hand out that
    attribute as it is: the raw ``str.format``, or a method callable with any ``self``.
    Called on every class the submission makes; ``extra``: the fields a base is about to get
    (``@dataclass`` applied late to a base of ``cls``).
    """
    for name, value in vars(cls).items():
        # A slot is an attribute the class itself defines (a member descriptor): one named like Python's own
        # (``__traceback__``, ``__class__``) hides that attribute, for the grader's reads too.
        if type(value) is types.MemberDescriptorType and (type(name) is not str or forbidden_attribute(name, own=True)):
            raise TypeError(f"class {cls.__name__}: {str(name)[:60]!r} cannot be a slot: a name of Python's own")
    names = field_names(cls, annotations) + list(extra)
    foreign = [klass for klass in cls.__mro__[1:] if not is_own_class(klass)]
    for name in names:
        if type(name) is not str or forbidden_attribute(name) or any(name in vars(klass) for klass in foreign):
            raise TypeError(f"class {cls.__name__}: {str(name)[:60]!r} cannot be a field: a name of Python's own "
                            "or an attribute of a base class, which the grader hands out only through its guard")
    return cls


def dataclass_fields_to_come(cls: type) -> tuple:
    """Every field name ``@dataclass`` would give ``cls``: the names its body annotates and the fields
    of every dataclass in its MRO (keyed, and as their Field objects name them), for
    :func:`check_fields` on ``cls`` and on the subclasses main.py already made, before the decorator
    changes anything. ``TypeError`` for a ``field()`` object that already belongs to a field:
    ``@dataclass`` renames it, and so the field of another class (its ``__match_args__`` next).
    """
    names = field_names(cls, annotations=True)
    declared = vars(cls).get("__annotations__")
    for name in declared if type(declared) is dict else ():
        # As @dataclass finds a default: getattr, a base's class attribute included.
        default = getattr(cls, name, None) if type(name) is str else None
        if type(default) is dataclasses.Field and default.name is not None:
            raise TypeError(f"class {cls.__name__}: field {name!r} reuses the field() of {default.name!r}: "
                            "call field() once per field")
    for klass in cls.__mro__:
        fields = vars(klass).get("__dataclass_fields__")
        for key, field in fields.items() if type(fields) is dict else ():
            names += [key] + ([field.name] if type(field) is dataclasses.Field and field.name is not None else [])
    return tuple(names)


def field_names(cls: type, annotations: bool = False) -> list:
    """The names :func:`check_fields` checks: ``__match_args__``, dataclass fields and (``annotations``) the
    names the class body annotates. Untrusted: any value may be in there."""
    names = getattr(cls, "__match_args__", ())
    names = list(names) if type(names) is tuple else [names]
    fields = getattr(cls, "__dataclass_fields__", None)
    names += list(fields) if type(fields) is dict else []
    # The generated __eq__, __repr__ and replace() read each field by its Field's own name.
    names += [field.name for field in fields.values() if type(field) is dataclasses.Field
              and field.name is not None] if type(fields) is dict else []
    declared = vars(cls).get("__annotations__") if annotations else None
    names += list(declared) if type(declared) is dict else []
    return names


# Origins of the bases that give a class type parameters (class Box(Generic[T]), class Check(Protocol[T])).
GENERIC_ORIGINS = (typing.Generic, typing.Protocol)
# Parametrised containers a class may name as its base; it gets the plain class.
_PLAIN_GENERIC_BASES = (dict, list, set, frozenset, tuple, collections.OrderedDict, collections.defaultdict,
                        collections.Counter, collections.deque)


def plain_base(base: object) -> object:
    """``dict[str, int]`` or ``typing.Dict[str, int]`` as a base: ``dict`` (read without its ``__mro_entries__``,
    which compares the alias's origin with every base), ``Mapping[str, int]`` the real ``Mapping`` (whose plain
    stand-in the guards' metaclass puts in its place), ``Protocol[T]`` typing's ``Protocol``; any other base as it is."""
    if type(base) in (types.GenericAlias, typing._GenericAlias) and (
            base.__origin__ in _PLAIN_GENERIC_BASES or base.__origin__ in PLAIN_ABCS or base.__origin__ is typing.Protocol):
        return base.__origin__
    return base


def parameters_ignored(cls: type, parameters: object) -> type:
    """``Box[int]`` of a class that named ``Generic[T]`` as a base: the class itself (annotations only)."""
    return cls


