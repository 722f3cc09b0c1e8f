"""``functools.singledispatch``, ``functools.cached_property`` and ``abc`` for a submission, the grader's own.

Python's ``singledispatch`` reads a registered function's annotations with ``get_type_hints`` (which
evaluates strings with the real ``eval``) and keeps a cache keyed by classes; its ``cached_property``
is a descriptor whose ``__set_name__`` and ``__get__`` Python calls with any owner; ``abc.ABC`` brings
``ABCMeta`` (``register`` changes ``isinstance`` for everyone). Here: a dispatcher that takes classes
given explicitly (or a function whose annotations are already classes), compared by identity; a
cached property of main.py's own functions on main.py's own objects; a plain ``ABC`` base that refuses
to make an object of a class with abstract methods left, and an ``abstractmethod`` that marks main.py's
own functions.
"""

from __future__ import annotations

import types
import typing
from typing import TYPE_CHECKING, Any, Callable

from grader.sandbox.classes import student_function

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards


class SingleDispatch:
    """A ``@singledispatch`` function: calls the function registered for the class of the first argument
    (the nearest in its MRO), else the default. ``register(cls)`` (a decorator), ``register(cls, f)`` or
    ``register(f)`` with the first parameter annotated with a class."""

    __slots__ = ("_default", "_registry")

    def __init__(self, function: Any) -> None:
        object.__setattr__(self, "_default", function)
        object.__setattr__(self, "_registry", [])  # (class, function) pairs: classes compared by identity

    @property
    def __name__(self) -> str:  # type: ignore[override]
        return self._default.__name__

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("a singledispatch function is read-only in the grader")

    def register(self, cls: Any, function: Any = None) -> Any:
        if function is None and _classes(cls) is None:  # @f.register on an annotated function
            function = cls
            annotations = getattr(function, "__annotations__", None) if student_function(function) else None
            hints = [value for key, value in (annotations or {}).items() if key != "return"]
            hint = hints[0] if hints else None
            # from __future__ import annotations: the name of a class (or names joined by |)
            classes = _named_classes(function, hint) if isinstance(hint, str) else _classes(hint)
            if not hints or classes is None:
                raise TypeError("register(f): annotate f's first parameter with a class (or the name of one), or "
                                "use register(cls) in the grader")
        else:
            classes = _classes(cls)
        if classes is None:
            raise TypeError(f"register(): {type(cls).__name__} is not a class")
        if function is None:
            return lambda decorated: self.register(cls, decorated)
        if not student_function(function):
            raise TypeError("register() takes a function main.py defines")
        for one in classes:  # a union (int | str) registers each of its classes, as in Python
            self._registry.append((one, function))
        return function

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if not args:
            raise TypeError(f"{self.__name__} requires at least 1 positional argument")
        return self._find(args[0])(*args, **kwargs)

    def _find(self, value: Any) -> Any:
        mro = type.__getattribute__(type(value), "__mro__")
        found = None
        for klass in mro:
            found = next((function for cls, function in reversed(self._registry) if cls is klass), None)
            if found is not None:
                break
        if found is None:  # an abstract base (Mapping, Iterable): the latest registration it matches
            found = next((function for cls, function in reversed(self._registry) if isinstance(value, cls)), None)
        return found or self._default


def _classes(value: Any) -> tuple | None:
    """The classes ``register`` takes ``value`` for: a class or a union of classes (``int | str``,
    ``typing.Union``/``Optional``); None for anything else."""
    if value is None:  # an annotation None stands for NoneType
        return (type(None),)
    if isinstance(value, type):
        return (value,)
    if isinstance(value, types.UnionType) or type(value) is type(typing.Union[int, str]):
        if all(isinstance(member, type) for member in value.__args__):
            return tuple(value.__args__)
    return None


def _named_classes(function: Any, text: str) -> Any:
    """The classes a string annotation names, as ``get_type_hints`` would find them, without evaluating
    anything: names of main.py's globals or builtins, then attributes of the grader's module views
    (``abc.Mapping``), joined by ``|`` for a union."""
    from grader.sandbox.views import ModuleView  # here: views is imported by what imports this module

    found_all = []
    for name in text.split("|"):
        parts = name.strip().split(".")
        if not all(part.isidentifier() and not part.startswith("_") for part in parts):
            return None
        scope = function.__globals__
        builtins = scope.get("__builtins__")
        found = scope[parts[0]] if parts[0] in scope else (builtins or {}).get(parts[0])
        for part in parts[1:]:
            if not isinstance(found, ModuleView):
                return None
            found = getattr(found, part, None)
        if name.strip() == "None":
            found = type(None)
        if not isinstance(found, type):
            return None
        found_all.append(found)
    return tuple(found_all)


class SingleDispatchMethod:
    """A ``@singledispatchmethod`` in main.py's class: dispatches on the argument after ``self``."""

    __slots__ = ("_dispatcher",)

    def __init__(self, function: Any) -> None:
        object.__setattr__(self, "_dispatcher", singledispatch(function))

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("a singledispatchmethod is read-only in the grader")

    def register(self, cls: Any, function: Any = None) -> Any:
        return self._dispatcher.register(cls, function)

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        dispatcher = self._dispatcher

        def method(*args: Any, **kwargs: Any) -> Any:
            if not args:
                raise TypeError(f"{dispatcher.__name__} requires at least 1 positional argument")
            return dispatcher._find(args[0])(instance, *args, **kwargs)
        return method


def singledispatch(function: Any) -> SingleDispatch:
    if not student_function(function):
        raise TypeError("@singledispatch can only be used on a function main.py defines")
    return SingleDispatch(function)


# Objects whose ``register`` main.py may read (guards: ``register`` is otherwise ABCMeta's, refused).
DISPATCHERS = (SingleDispatch, SingleDispatchMethod)


class CachedProperty:
    """``@functools.cached_property``: computed once per object by main.py's function, then kept in the
    object's attributes (where the object's own ``__dict__`` keeps it, as in Python)."""

    __slots__ = ("_function", "_name", "_is_own")

    def __init__(self, function: Any, is_own: Callable[[object], bool]) -> None:
        if not student_function(function):
            raise TypeError("@cached_property can only be used on a function main.py defines")
        object.__setattr__(self, "_function", function)
        object.__setattr__(self, "_name", None)
        object.__setattr__(self, "_is_own", is_own)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("a cached_property is read-only in the grader")

    def __set_name__(self, owner: type, name: str) -> None:
        if self._name is not None and self._name != name:
            raise TypeError(f"cannot assign the same cached_property to two names ({self._name!r} and {name!r})")
        if type(name) is not str or name.startswith("_") and name.endswith("_"):
            raise TypeError("a cached_property needs a plain attribute name")
        object.__setattr__(self, "_name", name)

    def __get__(self, instance: Any, owner: Any = None) -> Any:
        if instance is None:
            return self
        if self._name is None or isinstance(instance, type) or not self._is_own(instance):
            raise TypeError("a cached_property only works on main.py's own objects in the grader")
        attributes = vars(instance)
        if self._name in attributes:
            return attributes[self._name]
        value = self._function(instance)
        attributes[self._name] = value
        return value


class ABC:
    """``abc.ABC``: a plain base; a class with methods marked ``@abstractmethod`` and not overridden makes no
    objects (TypeError, as in Python)."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        missing = sorted(_abstract_names(cls))
        if missing:
            raise TypeError(f"Can't instantiate abstract class {cls.__name__} with abstract method"
                            f"{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
        make = super().__new__
        return make(cls) if make is object.__new__ else make(cls, *args, **kwargs)  # an int or str base takes them


class ABCMeta:
    """``abc.ABCMeta``, only as ``metaclass=ABCMeta`` of a class statement (see :func:`abc_meta_base`)."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("ABCMeta can only be named as metaclass=ABCMeta in the grader")


def abc_meta_base(metaclass: Any) -> type:
    """The base that ``class X(metaclass=ABCMeta)`` gets in the grader: ``ABC``, which does what that metaclass
    does for main.py (abstract methods)."""
    if metaclass is not ABCMeta:
        raise TypeError("in the grader a class may only name metaclass=ABCMeta (abc's)")
    return ABC


def _abstract_names(cls: type) -> set:
    names: set = set()
    for klass in reversed(type.__getattribute__(cls, "__mro__")):
        for name, value in vars(klass).items():
            names.discard(name)
            if _marked(value):
                names.add(name)
    return names


def _marked(value: Any) -> bool:
    if isinstance(value, property):
        value = value.fget
    elif isinstance(value, (classmethod, staticmethod)):
        value = value.__func__
    return student_function(value) and value.__dict__.get("__isabstractmethod__") is True


def abstractmethod(function: Any) -> Any:
    """``@abc.abstractmethod`` on main.py's own function (under ``@property``, ``@classmethod``... as in Python)."""
    target = function.__func__ if isinstance(function, (classmethod, staticmethod)) else function
    if not student_function(target):
        raise TypeError("@abstractmethod can only be used on a function main.py defines")
    target.__dict__["__isabstractmethod__"] = True
    return function


def add_views(guards: "Guards", views: dict) -> None:
    """The stand-ins above (and enum's, contextlib's contextmanager, ExitStack and closing) in the module views of one
    submission."""
    # here: enums imports classes, which imports modules
    from grader.sandbox.enums import enum_view_namespace, use_guards
    from grader.sandbox.contexts import contextmanager
    from grader.sandbox.exit_stack import Closing, ExitStack
    from grader.sandbox.output import Redirect
    from grader.sandbox.views import ModuleView
    from grader.sandbox.namespaces import make_simple_namespace
    from grader.sandbox.dunders import read_dunder
    from grader.sandbox.type_hints import type_hints

    type(views["functools"]).singledispatch = staticmethod(singledispatch)
    type(views["functools"]).singledispatchmethod = staticmethod(SingleDispatchMethod)
    type(views["functools"]).cached_property = staticmethod(lambda function: CachedProperty(function, guards.is_own))
    type(views["contextlib"]).contextmanager = staticmethod(contextmanager)
    type(views["contextlib"]).ExitStack = staticmethod(lambda: ExitStack(guards.visible_class))
    type(views["contextlib"]).closing = staticmethod(lambda thing: Closing(thing, guards.getattr))
    # print(..., file=trail) of main.py's own object: its write, read as main.py's code would read it.
    guards.output.write_to = lambda target, text: guards.getattr(target, "write")(text)
    for stream in ("stdout", "stderr"):  # output.Redirect
        setattr(type(views["contextlib"]), "redirect_" + stream,
                staticmethod(lambda target, stream=stream: Redirect(guards.output, stream, target)))
    type(views["typing"]).get_type_hints = staticmethod(
        type_hints(guards, lambda obj: read_dunder(guards, obj, "__annotations__", ())))
    # typing_extensions (installed beside most editors' type checkers) is typing's view; @override (typing's from
    # Python 3.12) gives the function back, as it does when nothing reads the __override__ it writes.
    type(views["typing"]).override = staticmethod(lambda function: function)
    views["typing_extensions"] = views["typing"]
    views["abc"] = type("abc", (ModuleView,), {"__slots__": (), "ABC": ABC, "ABCMeta": ABCMeta,
                                               "abstractmethod": staticmethod(abstractmethod)})()
    views["enum"] = type("enum", (ModuleView,), {"__slots__": (), **enum_view_namespace()})()
    use_guards(guards)  # Enum('Status', 'OPEN DONE') makes its class with this submission's guards
    namespace_class = make_simple_namespace()  # the submission's own: its objects take attribute writes
    guards.own_classes.add(namespace_class)
    type(views["types"]).SimpleNamespace = namespace_class

    def dump(obj: Any, fp: Any, **options: Any) -> None:  # json.dump into a buffer: its write read through the guard
        guards.getattr(fp, "write")(views["json"].dumps(obj, **options))
    type(views["json"]).dump = staticmethod(dump)
    type(views["json"]).load = staticmethod(lambda fp, **options: views["json"].loads(guards.getattr(fp, "read")(),
                                                                                      **options))
    # The classes of functions, methods and annotations for isinstance tests (a rule table of mixed kinds): the
    # stand-ins type(x) gives of them, which make nothing (FunctionType(code, globals) would build a function).
    for name in ("FunctionType", "LambdaType", "MethodType", "BuiltinFunctionType", "BuiltinMethodType",
                 "GeneratorType", "UnionType", "GenericAlias"):
        setattr(type(views["types"]), name, guards.visible_class(getattr(types, name)))
