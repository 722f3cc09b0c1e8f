"""The sandbox form of module functions that make, change or copy objects (grader/sandbox/modules.py views).

A class such a function makes is registered as the submission's own; a class it changes must
already be the submission's own; a name it gives a class is checked like any attribute name;
and whatever it copies goes through the vetted copier (grader/sandbox/copying.py), never
through the standard ``copy`` module, which follows any object's ``__reduce__``.
"""

from __future__ import annotations

import builtins
import dataclasses
import re
import sys
import typing
from typing import TYPE_CHECKING, Any, Callable

from grader.sandbox.classes import check_fields, dataclass_fields_to_come, student_function
from grader.sandbox.dataclass_maker import make_dataclass_maker
from grader.sandbox.dunder_values import record_wrapped
from grader.sandbox.formatting import formatter_maker
from grader.sandbox.names import forbidden_attribute
from grader.sandbox.operators import attrgetter_maker, methodcaller_maker
from grader.sandbox.re_functions import re_function
from grader.sandbox.texts import Template, textwrap_function
from grader.sandbox.typing_bases import typed_dict_function

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards


def plain_function(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` as a plain function for the submission (its builtins, copy.copy and copy.deepcopy).

    ``copy.deepcopy`` and ``copy.copy`` treat a function as a value of its own, but walk into a bound
    method's object: the guard object, with its registry of the submission's classes."""
    def call(*args: Any, **keywords: Any) -> Any:
        return method(*args, **keywords)
    call.__name__ = call.__qualname__ = method.__name__
    return call


def wrap(guards: Guards, module: str, attribute: str, value: Any) -> Any:
    """``value`` (``module.attribute``) as a submission gets it: a wrapper, or ``value`` itself."""
    maker = _MAKERS.get((module, attribute))
    return maker(guards, value) if maker else value


def _checked_name(kind: str, name: object) -> None:
    # A class's name is a name like any other: a name of internals (__globals__, gi_frame) would
    # make a method of it read that attribute where methods are looked up by name.
    if type(name) is not str or forbidden_attribute(name):
        raise ValueError(f"{str(name)[:60]!r} cannot be the name of a {kind} in the grader")


def _namedtuple(guards: Guards, value: Callable[..., type]) -> Callable[..., type]:
    """collections.namedtuple or typing.NamedTuple (``value``): the name checked, the class made the submission's own."""
    kind = value.__name__

    def named(*args: Any, **kwargs: Any) -> type:
        _checked_name(kind, args[0] if args else kwargs.get("typename"))
        cls = check_fields(value(*args, **kwargs), guards.own_classes.__contains__)
        # main.py's class, also for @dataclass, which writes methods with sys.modules[cls.__module__]'s globals:
        # never a module main.py named (module=...) or the one typing.NamedTuple takes for its caller (this one).
        if guards.main_module is not None:
            type.__setattr__(cls, "__module__", guards.main_module.__name__)
        guards.own_classes.add(cls)
        return cls
    named.__name__ = named.__qualname__ = kind
    if hasattr(value, "__mro_entries__"):
        # ``class P(NamedTuple)`` still works: the class statement asks the base for its real bases
        # (typing's own answer insists on seeing typing.NamedTuple itself among them).
        entries = value.__mro_entries__((value,))
        named.__mro_entries__ = lambda bases: entries  # type: ignore[attr-defined]
    return named


def _get_args(guards: Guards, value: Callable[[Any], tuple]) -> Callable[[Any], tuple]:
    # get_args(Type[type]) holds the real type: every class in the answer is shown as type(x) shows it.
    def get_args(alias: Any) -> tuple:
        return tuple(guards.visible_class(arg) for arg in value(alias))
    return get_args


def _get_origin(guards: Guards, value: Callable[[Any], Any]) -> Callable[[Any], Any]:
    # get_origin(Type[int]) is the real type: the answer is shown as type(x) shows a class; Literal as main.py has it.
    def get_origin(alias: Any) -> Any:
        found = value(alias)
        return guards.views["typing"].Literal if found is typing.Literal else guards.visible_class(found)
    return get_origin


def _exact_flags(what: str, options: dict[str, Any], maybe_none: tuple[str, ...] = ()) -> None:
    """``TypeError`` unless every option is True or False (or None where ``maybe_none`` allows): the
    decorator tests them for truth (a base's ``frozen`` again for each subclass), which would run
    main.py's ``__bool__`` in the middle of it, after the checks."""
    for key, option in options.items():
        if type(option) is not bool and not (option is None and key in maybe_none):
            raise TypeError(f"{what}: {key}= must be True or False in the grader")


def _field(guards: Guards, value: Callable[..., Any]) -> Callable[..., Any]:
    def field(**options: Any) -> Any:
        _exact_flags("field()", {key: options[key] for key in ("init", "repr", "hash", "compare", "kw_only")
                                 if key in options}, maybe_none=("hash",))
        if options.get("metadata") is not None and type(options["metadata"]) is not dict:
            raise TypeError("field(): metadata= must be a dict in the grader")
        return value(**options)
    return field


def _resolvable_markers(guards: Guards, cls: type) -> list[str]:
    """Under ``from __future__ import annotations`` @dataclass tells ``ClassVar``, ``InitVar`` and ``KW_ONLY``
    apart by looking their names up in ``sys.modules[cls.__module__]``: the loader's empty stand-in gets,
    while the decorator runs (see :func:`_dataclass`, which takes them out again), main.py's bindings of
    exactly those objects, and for a dotted annotation (``dataclasses.InitVar[int]``, ``typing.ClassVar[int]``)
    its names of the two modules, bound to the real modules as @dataclass compares them. Only names an
    annotation of ``cls`` begins with, and never a builtin's name or one with an underscore: the methods the
    decorator writes (``__eq__``, ``__hash__``, a frozen ``__setattr__``) have the stand-in as their globals
    and look up ``NotImplemented``, ``hash``, ``type`` and ``super`` there before the builtins, so a
    ``NotImplemented`` of main.py's bound to typing made ``a == 5`` hand out the real typing module. Returns
    the names set."""
    module = guards.main_module
    if module is None or sys.modules.get(getattr(cls, "__module__", None)) is not module:
        return []
    annotations = vars(cls).get("__annotations__")
    wanted = set()
    for annotation in annotations.values() if type(annotations) is dict else ():
        found = _ANNOTATION_HEAD.match(annotation) if type(annotation) is str else None
        wanted.update(name for name in (found.groups() if found else ()) if name)
    markers = (typing.ClassVar, dataclasses.InitVar, dataclasses.KW_ONLY)
    modules = ((guards.views["dataclasses"], dataclasses), (guards.views["typing"], typing))
    names = []
    for name in sorted(wanted):
        if name.startswith("_") or name in vars(builtins) or name in vars(module):
            continue
        value = guards.globals.get(name)
        real = value if any(value is marker for marker in markers) else \
            next((real for view, real in modules if value is view), None)
        if real is not None:
            setattr(module, name, real)
            names.append(name)
    return names


# What @dataclass reads of a string annotation (dataclasses._MODULE_IDENTIFIER_RE): ``module.`` and a name.
_ANNOTATION_HEAD = re.compile(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)")


def _replace(guards: Guards, value: Callable[..., Any]) -> Callable[..., Any]:
    """``dataclasses.replace`` for main.py's own dataclass objects, reading each field through the guard.

    The library's version reads ``getattr(obj, f.name)`` raw for every Field in the class's
    ``__dataclass_fields__``, a dict main.py could reach and fill with objects of its own whose
    ``name`` answers differently each time.
    """
    def replace(obj: Any, /, **changes: Any) -> Any:
        if isinstance(obj, type) or not guards.is_own(obj) or not dataclasses.is_dataclass(obj):
            raise TypeError("replace() takes an object of a dataclass main.py made")
        fields = getattr(type(obj), "__dataclass_fields__", None)
        if type(fields) is not dict or not all(type(field) is dataclasses.Field and type(field.name) is str
                                               for field in fields.values()):
            raise TypeError("replace(): the class's fields are not what @dataclass made")
        for field in fields.values():
            if field._field_type is not dataclasses._FIELD:  # ClassVar, InitVar: as dataclasses.replace
                continue
            if not field.init:
                if field.name in changes:
                    raise ValueError(f"field {field.name} is declared with init=False, it cannot be specified with "
                                     "replace()")
            elif field.name not in changes:
                changes[field.name] = guards.getattr(obj, field.name)
        return type(obj)(**changes)
    return replace


def _final(guards: Guards, value: Callable[..., Any]) -> Callable[..., Any]:
    """``typing.final``: marks only main.py's own functions and classes (it writes ``__final__`` on its argument)."""
    def final(target: Any) -> Any:
        return value(target) if student_function(target) or target in guards.own_classes else target
    return final


def _dataclass(guards: Guards, value: Callable[..., Any]) -> Callable[..., Any]:
    def dataclass(cls: Any = None, /, **options: Any) -> Any:
        _exact_flags("@dataclass", options)
        if cls is None:
            return lambda target: dataclass(target, **options)
        own = guards.own_classes.__contains__
        guards.own_class("@dataclass", cls)
        # The fields reach the subclasses main.py already made too (their __match_args__, inherited):
        # checked on each of them before the decorator changes anything.
        coming = dataclass_fields_to_come(cls)
        for sub in list(guards.own_classes):
            if any(klass is cls for klass in sub.__mro__):  # by identity: not a metaclass's own ==
                check_fields(sub, own, annotations=sub is cls, extra=coming)
        if vars(cls).get("__doc__") is None:
            # Else the decorator writes one from inspect.signature, whose repr() of each default and
            # annotation runs main.py's own __repr__ in the middle of the decoration, after the checks.
            type.__setattr__(cls, "__doc__", f"{cls.__name__}(...)")
        markers = _resolvable_markers(guards, cls)
        try:
            made = value(cls, **options)
        finally:
            for name in markers:
                vars(guards.main_module).pop(name, None)
        guards.own_classes.add(made)  # slots=True makes a new class
        for sub in list(guards.own_classes):  # and after: the subclasses too, whatever happened meanwhile
            if any(klass is cls or klass is made for klass in sub.__mro__):
                check_fields(sub, own)
        return made
    return dataclass


def _as_data(guards: Guards, value: object, pairs: bool, factory: Callable[[Any], Any]) -> Any:
    """``dataclasses.asdict``'s (``pairs``) or ``astuple``'s walk, with the vetted copier for what is
    neither a container nor a dataclass (the standard walk calls ``copy.deepcopy``)."""
    def walk(item: object) -> Any:
        return _as_data(guards, item, pairs, factory)

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = dataclasses.fields(value)
        if pairs:
            return factory([(field.name, walk(guards.getattr(value, field.name))) for field in fields])
        return factory([walk(guards.getattr(value, field.name)) for field in fields])
    if type(value) in (list, tuple):
        return type(value)(walk(item) for item in value)
    if type(value) is dict:
        return {walk(key): walk(item) for key, item in value.items()}
    return guards.copier.deepcopy(value)


def _asdict(guards: Guards, value: Callable[..., Any]) -> Callable[..., Any]:
    def asdict(obj: Any, *, dict_factory: Callable[[Any], Any] = dict) -> Any:
        if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
            raise TypeError("asdict() should be called on dataclass instances")
        return _as_data(guards, obj, True, dict_factory)
    return asdict


def _astuple(guards: Guards, value: Callable[..., Any]) -> Callable[..., Any]:
    def astuple(obj: Any, *, tuple_factory: Callable[[Any], Any] = tuple) -> Any:
        if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
            raise TypeError("astuple() should be called on dataclass instances")
        return _as_data(guards, obj, False, tuple_factory)
    return astuple


def _copier(attribute: str) -> Callable[[Guards, Any], Callable[[Any], Any]]:
    # No __reduce__ of a foreign object is followed, and no memo argument (a caller's own memo
    # would keep every original deepcopy walked through).
    def make(guards: Guards, value: Any) -> Callable[..., Any]:
        return plain_function(getattr(guards.copier, attribute))
    return make


def _wraps(guards: Guards, value: Any) -> Callable[..., Any]:
    # A decorator's usual helper, with its effect only between main.py's own functions: the wrapper takes the
    # name and docstring of the function it wraps (a registry keyed by ``f.__name__`` finds it), which main.py
    # can read anyway, and __wrapped__ is read as the function wrapped. Nothing else: __dict__ would hand over, or
    # write, attributes of any function (a grader function among them), and a grader function's name stays off
    # main.py's functions.
    def wraps(wrapped: Any, assigned: Any = (), updated: Any = ()) -> Any:
        def decorate(wrapper: Any) -> Any:
            if student_function(wrapped) and student_function(wrapper):
                wrapper.__name__, wrapper.__qualname__ = wrapped.__name__, wrapped.__qualname__
                wrapper.__doc__ = wrapped.__doc__ if type(wrapped.__doc__) is str else None
                record_wrapped(wrapper, wrapped)  # wrapper.__wrapped__ (grader/sandbox/dunder_values.py)
            return wrapper
        return decorate
    return wraps


def _update_wrapper(guards: Guards, value: Any) -> Callable[..., Any]:
    # wraps as a function; a class-based decorator's update_wrapper(self, function), an object of main.py's own, gets
    # the function's name, qualname, docstring and module in its __dict__ and __wrapped__ (which main.py could write
    # there itself through self.__dict__), as Python's does: its __call__ may log self.__name__.
    wraps = _wraps(guards, value)

    def update_wrapper(wrapper: Any, wrapped: Any, assigned: Any = (), updated: Any = ()) -> Any:
        if guards.is_own(wrapper) and not isinstance(wrapper, type) and student_function(wrapped):
            doc = wrapped.__doc__ if type(wrapped.__doc__) is str else None
            object.__getattribute__(wrapper, "__dict__").update(
                __module__=wrapped.__module__, __name__=wrapped.__name__, __qualname__=wrapped.__qualname__,
                __doc__=doc, __wrapped__=wrapped)
            return wrapper
        return wraps(wrapped)(wrapper)
    return update_wrapper


def _lru_cache(guards: Guards, value: Callable[..., Any]) -> Callable[..., Any]:
    """``functools.lru_cache`` without ``typed=True``: a typed key holds ``type(arg)`` next to the arguments, and
    the cache compares a colliding key of main.py's item by item, so main.py's ``__eq__`` would receive the real
    class of what it passed (``type`` for ``int``), which ``type(x)`` never hands out."""
    def lru_cache(maxsize: Any = 128, typed: Any = False) -> Any:
        if typed is not False:
            raise TypeError("lru_cache(typed=True) is not available in the grader")
        return value(maxsize, False)
    lru_cache.__name__ = lru_cache.__qualname__ = "lru_cache"
    return lru_cache


class _Literal:
    """``typing.Literal`` for a submission: ``Literal[...]`` makes the same alias, but neither through typing's
    cache, which is typed (see :func:`_lru_cache`): ``Literal[int]`` kept ``(Literal, int, <class>, type)`` as a
    key, nor through typing's own dedupe, which pairs each value with its real class (``(p, type(p))``) and
    raises ``AssertionError(pairs)`` or ``KeyError(pair)`` when a value's hash changes meanwhile (``List[probe]``):
    main.py reads ``args`` of any exception, and the pair held ``typing._GenericAlias`` itself."""

    __slots__ = ()

    def __getitem__(self, parameters: Any) -> Any:
        if not isinstance(parameters, tuple):
            parameters = (parameters,)
        values = typing._flatten_literal_params(parameters)  # Literal[Literal[1], 2]: its values, as typing does
        kept: list = []
        try:
            for value in values:
                hash(value)  # typing keeps every value when one is unhashable
        except TypeError:
            kept = list(values)
        for value in values if not kept else ():
            # The same value of the same class only once, as typing keeps it; no pair with a class is made here.
            if not any(type(other) is type(value) and other == value for other in kept):
                kept.append(value)
        return typing._LiteralGenericAlias(typing.Literal, tuple(kept))

    def __repr__(self) -> str:
        return "typing.Literal"


def _literal(guards: Guards, value: Any) -> Any:
    return _Literal()


def _total_ordering(guards: Guards, value: Callable[[type], type]) -> Callable[[Any], type]:
    def total_ordering(cls: Any) -> type:
        return value(guards.own_class("@total_ordering", cls))
    return total_ordering


def _overload(guards: Guards, value: Any) -> Callable[[Any], Callable[..., Any]]:
    """``typing.overload``: as Python, a stand-in that refuses to be called (the real one also files the
    function in typing's process-wide registry, read by ``get_overloads``)."""
    def overload(function: Any) -> Callable[..., Any]:
        def overloaded(*args: Any, **kwargs: Any) -> Any:
            raise NotImplementedError("You should not call an overloaded function. A series of @overload-decorated "
                                      "functions outside a stub module should always be followed by an "
                                      "implementation that is not @overload-ed.")
        return overloaded
    return overload


_RE_FUNCTIONS = ("compile", "fullmatch", "match", "search", "sub", "subn", "split", "findall", "finditer", "escape")
_TEXTWRAP_FUNCTIONS = ("dedent", "indent", "fill", "wrap", "shorten")

_MAKERS: dict[tuple[str, str], Callable[[Any, Any], Any]] = {
    **{("re", name): re_function for name in _RE_FUNCTIONS},
    **{("textwrap", name): textwrap_function for name in _TEXTWRAP_FUNCTIONS},
    ("collections", "namedtuple"): _namedtuple,
    ("typing", "NamedTuple"): _namedtuple,
    ("typing", "TypedDict"): typed_dict_function,
    ("typing", "get_args"): _get_args,
    ("typing", "get_origin"): _get_origin,
    ("dataclasses", "dataclass"): _dataclass,
    ("dataclasses", "field"): _field,
    ("dataclasses", "replace"): _replace, ("dataclasses", "make_dataclass"): make_dataclass_maker,
    ("typing", "final"): _final,
    ("typing", "overload"): _overload,
    ("operator", "attrgetter"): attrgetter_maker,
    ("operator", "methodcaller"): methodcaller_maker,
    ("dataclasses", "asdict"): _asdict,
    ("dataclasses", "astuple"): _astuple,
    ("copy", "copy"): _copier("copy"), ("copy", "deepcopy"): _copier("deepcopy"),
    ("functools", "wraps"): _wraps, ("functools", "update_wrapper"): _update_wrapper,
    ("functools", "total_ordering"): _total_ordering,
    ("functools", "lru_cache"): _lru_cache,
    ("typing", "Literal"): _literal,
    ("string", "Template"): lambda guards, value: Template, ("string", "Formatter"): formatter_maker,
}
