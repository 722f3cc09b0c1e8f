"""Runtime guards: what running student code may read, write, import, call and print."""

from __future__ import annotations

import builtins
import collections
import functools
import operator
import typing
import types
from typing import Any

from RestrictedPython.Guards import guarded_iter_unpack_sequence, guarded_unpack_sequence

from grader.sandbox.classes import (GENERIC_ORIGINS, PLAIN_BUILTINS, SAFE_CLASSES, ClassRegistry, check_fields,
                                    foreign_function, make_type, opaque_class, parameters_ignored,
                                    plain_base, seen_as_classes, student_function,
                                    unavailable_attribute)
from grader.sandbox import clock, paths, typing_bases, wrappers
from grader.sandbox.wrappers import plain_function
from grader.sandbox.copying import Copier
from grader.sandbox.abc_bases import plain_abc
from grader.sandbox.contexts import class_namespace
from grader.sandbox.dispatch import DISPATCHERS, abc_meta_base, add_views
from grader.sandbox.dunders import dunder_writer, read_dunder, scope_builtins
from grader.sandbox.formatting import GuardedFormatter
from grader.sandbox.generators import kept
from grader.sandbox.imports import (Unavailable, asyncio_view, import_module, import_star, os_view, partial_view,
                                   pytest_view, threading_view)
from grader.sandbox.enums import is_enum_class, make_enum
from grader.sandbox.enum_body import ClassStatement
from grader.sandbox.modules import build_views
from grader.sandbox.stdlib_views import add_stdlib_views, process_names
from grader.sandbox.views import (MainModuleView, ModuleView, QuietLogging, io_view, pprint_view, sys_view,
                                  traceback_view)
from grader.sandbox.output import OutputBuffer, Printer
from grader.sandbox.subclass_hooks import SubclassHooks
from grader.sandbox.refusals import ExitCalled, quiet_help, refuse_exit, refuse_input, refuse_unavailable
from grader.sandbox.match_classes import match_class
from grader.sandbox.memory_files import new_folder
from grader.sandbox.memory_paths import glob_names, os_names, os_path_names
from grader.sandbox.names import INTROSPECTION_PREFIXES, READABLE_DUNDERS, WRITABLE_DUNDERS, forbidden_attribute
from grader.sandbox.names import refusal_hint

# The operators behind ``x op= y`` (RestrictedPython's ``_inplacevar_`` hook).
INPLACE = {
    "+=": operator.iadd, "-=": operator.isub, "*=": operator.imul, "/=": operator.itruediv,
    "%=": operator.imod, "**=": operator.ipow, "<<=": operator.ilshift, ">>=": operator.irshift,
    "|=": operator.ior, "^=": operator.ixor, "&=": operator.iand, "//=": operator.ifloordiv,
    "@=": operator.imatmul,
}

# What main.py's code may change besides its own objects: containers and a few of the grader's views.
WRITABLE = (dict, list, set, bytearray, memoryview, collections.deque, collections.UserDict, collections.UserList, QuietLogging,
            MainModuleView)


class ReadOnly:
    """What ``_write_`` hands back for objects that are not the submission's own: refuses every write."""

    __slots__ = ("_target",)

    def __init__(self, target: object) -> None:
        object.__setattr__(self, "_target", target)

    def _refuse(self, *args: object) -> None:
        raise TypeError(f"a {type(self._target).__name__} object that main.py did not create cannot be "
                        "changed in the grader")

    __setattr__ = __delattr__ = _refuse

    # A value Python never lets change (a tuple handed in as completed): Python's own error, as the student sees it.
    def __setitem__(self, *args: object) -> None:
        if type(self._target) in IMMUTABLE:
            raise TypeError(f"'{type(self._target).__name__}' object does not support item assignment")
        self._refuse()

    def __delitem__(self, *args: object) -> None:
        if type(self._target) in IMMUTABLE:
            raise TypeError(f"'{type(self._target).__name__}' object doesn't support item deletion")
        self._refuse()


IMMUTABLE = (tuple, str, bytes, int, float, complex, frozenset, bool, type(None), range)


class Guards:
    """The guard hooks and builtins of one submission's restricted namespace.

    One instance per loaded submission: it holds the registry of classes the submission
    created (only their instances accept attribute writes and ``_private`` attributes) and
    the buffer its ``print`` writes to.
    """

    def __init__(self, output: OutputBuffer) -> None:
        self.output = output
        self.own_classes = ClassRegistry()  # by identity (a set would ask the classes' own ==)
        self.match_classes: dict = {}  # stand-ins for class patterns (match_classes.match_class)
        # Attribute names that passed the name-only tests of getattr: bounded, never a name the tests would refuse;
        # one load's own (a process-wide set made a name read at a fresh check's load faster than at the first).
        self.plain_names: set[str] = set()
        self.opaque_classes: dict[type, type] = {}  # what type(x) shows of a foreign class (classes.opaque_class)
        self.main_module: types.ModuleType | None = None  # sys.modules' stand-in for main.py (the loader's)
        self.globals: dict = {}
        self.write_dunder = dunder_writer(self)  # ``f.__doc__ = "..."``
        self.subclass_hooks = SubclassHooks()
        self.type = make_type(plain_function(self.visible_class))
        self.copier = Copier(lambda cls: cls in self.own_classes,
                             lambda value: isinstance(value, ModuleView) or is_enum_class(type(value))  # a member
                             or is_enum_class(value))
        self.views = build_views(self._wrap_module_value)
        add_views(self, self.views)
        self.views["io"] = io_view(self.visible_class)
        self.views["sys"] = sys_view(output, refuse_exit, self.visible_class, lambda: self.globals)
        self.views["pprint"] = pprint_view(Printer(output)._call_print)
        self.views["traceback"] = traceback_view(Printer(output)._call_print)
        self.views["os.path"] = partial_view("os.path", self.views, {**paths.os_path_names(), **os_path_names()})
        self.views["pathlib"] = partial_view("pathlib", self.views, paths.pathlib_names())
        self.views["os"] = os_view(self.views, {**os_names(), **process_names()})
        self.views["glob"] = partial_view("glob", self.views, glob_names())
        add_stdlib_views(self.views, self.getattr)
        for name, make in (("threading", threading_view), ("asyncio", asyncio_view), ("pytest", pytest_view)):
            self.views[name] = make(self.views)

    # Reading --------------------------------------------------------------------------------
    def is_own(self, obj: object) -> bool:
        """True for the submission's own classes and their instances (``type()`` cannot lie)."""
        return type(obj) in self.own_classes or (isinstance(obj, type) and obj in self.own_classes)

    def visible_class(self, cls: object) -> object:
        """``cls`` as ``type(x)`` and ``x.__class__`` give it: a metaclass becomes the ``type`` stand-in,
        a class neither safe (SAFE_CLASSES) nor the submission's own an :func:`opaque_class`."""
        if not isinstance(cls, type) or cls is self.type:
            return cls
        if issubclass(cls, type):
            return self.type
        return cls if cls in SAFE_CLASSES or cls in self.own_classes else opaque_class(cls, self.opaque_classes)

    def getattr(self, obj: object, name: str, *default: object) -> Any:
        """``_getattr_``: attribute reads. Refuses internals, frames and unsafe formatting."""
        if type(name) is not str:
            raise TypeError("attribute name must be a str")
        if name not in self.plain_names:
            if name in READABLE_DUNDERS:
                return read_dunder(self, obj, name, default)
            # ABCMeta.register changes isinstance for everyone: only the register of main.py's own objects, of its own
            # classes whose metaclass is plain type (no ABC) and of a module view (atexit's) is the submission's business.
            own = self.is_own(obj) or isinstance(obj, MainModuleView)  # THIS._helper of main.py's own module
            if forbidden_attribute(name, own=own) or (name == "register" and not isinstance(obj, REGISTRIES) and (
                    (type(obj) is not type and type(obj) not in self.own_classes) or not own)) \
                    or (name.startswith("_") and not own):
                raise AttributeError(f'"{name}" is not available in the grader{refusal_hint(name)}')
            if not name.startswith(("_", *INTROSPECTION_PREFIXES)) and name != "register" and \
                    len(self.plain_names) < _PLAIN_NAMES_LIMIT:
                self.plain_names.add(name)  # a verdict on the name alone: the next read skips these tests
        held = typing_bases.read_through(obj)  # a typing alias reads every name it lacks off its origin, with the real getattr
        if type(held) is super:  # super(KeyError, error).name reads error's attributes from a base class on
            held = held.__self__
        foreign_exception = isinstance(held, BaseException) and not self.is_own(held)
        if foreign_exception and name not in _EXCEPTION_NAMES and name not in _EXCEPTION_FIELDS and \
                (name not in _GROUP_NAMES or type(held) is not ExceptionGroup):
            raise AttributeError(f'exceptions only offer "args" in the grader, not "{name}"')
        value = getattr(obj, name, *default)
        if foreign_exception and name in _EXCEPTION_FIELDS and type(value) not in (str, int, bytes, type(None)):
            raise AttributeError(f'"{name}" of this exception is not available in the grader')
        if name == "args" and isinstance(held, BaseException) and not self.is_own(held):
            return seen_as_classes(value, self.visible_class)  # a library's exception may carry its own classes
        if type(value) is types.FunctionType and not isinstance(obj, ModuleView):
            return foreign_function(obj, name, value, self.own_classes.__contains__)
        # A descriptor object as it is (read off a class, or copied into an instance's __dict__ by
        # functools.lru_cache): only the submission's own. A foreign property wrapped in classmethod()
        # runs its getter with a class as self (ChainMap.parents: self.__class__ is the real type).
        if type(value) in (property, classmethod, staticmethod) and not _own_descriptor(value):
            raise unavailable_attribute(obj, name)
        # str.format reads fields with getattr: judged by what was found, not by how it was
        # reached (S.format on a str subclass, super().format, a default value...).
        if is_str_formatter(value):
            if isinstance(value, types.BuiltinMethodType) and isinstance(value.__self__, str):
                return GuardedFormatter(self).bound(value.__self__, mapping=value.__name__ == "format_map")
            raise AttributeError("use a string's own .format() or an f-string")
        return clock.now_method(value, name)  # datetime.now and the like read the clock main.py sees

    def hasattr(self, obj: object, name: str) -> bool:
        """``hasattr`` through the same guard."""
        try:
            self.getattr(obj, name)
        except AttributeError:
            return False
        return True

    def setattr(self, obj: object, name: str, value: object) -> None:
        """``setattr``: what ``obj.name = value`` may do (the same name check as at compile time, then ``_write_``)."""
        if type(name) is not str:
            raise TypeError("attribute name must be a str")
        if name in WRITABLE_DUNDERS:
            return setattr(self.write_dunder(obj), name, value)
        if forbidden_attribute(name, own=True):
            raise AttributeError(f'"{name}" is not an attribute a submission may use')
        setattr(self.write(obj), name, value)

    def delattr(self, obj: object, name: str) -> None:
        """``delattr``: what ``del obj.name`` may do, the name checked as :meth:`setattr` checks it (no dunder: an
        ``__doc__`` main.py may assign is not deleted); ``AttributeError`` for a module, a builtin, the grader's."""
        if type(name) is not str:
            raise TypeError("attribute name must be a str")
        if name in WRITABLE_DUNDERS or forbidden_attribute(name, own=True):
            raise AttributeError(f'"{name}" is not an attribute a submission may use')
        delattr(self.write(obj), name)

    # Writing -------------------------------------------------------------------------------
    def write(self, obj: object) -> object:
        """``_write_``: containers (a deque, a UserDict too) and the submission's own objects and functions may change
        (``dispatch_ticket.calls = 0``); nothing else."""
        if isinstance(obj, WRITABLE) and not isinstance(obj, type) or self.is_own(obj) or student_function(obj):
            return obj
        return ReadOnly(obj)

    # Classes -------------------------------------------------------------------------------
    def build_class(self, body: Any, name: str, /, *bases: Any, **keywords: Any) -> type:
        """``__build_class__``: every base must be a class, or typing's NamedTuple or TypedDict
        (``Generic[T]`` is left out, ``Protocol[T]`` is ``Protocol``).

        Python asks any other base for its real bases (``__mro_entries__``) before :meth:`metaclass`
        sees them, and typing's aliases answer by comparing their origin (the real ``type``) with
        every base: a base object of the submission with its own ``__eq__`` would receive it.
        """
        typing_view = self.views["typing"]
        # Generic[T] only adds type parameters: the class is made without it, and ``Box[int]`` is ``Box`` (also of a
        # Protocol[T]). A parametrised container (dict[str, int], typing.Dict[str, int]) is read as its plain class.
        generic = any(type(base) is typing._GenericAlias and base.__origin__ in GENERIC_ORIGINS for base in bases)
        bases = tuple(plain_base(base) for base in bases
                      if not (type(base) is typing._GenericAlias and base.__origin__ is typing.Generic))
        for base in bases:
            if isinstance(base, Unavailable):
                base._refuse()  # enum.Enum and the like: say which module is missing
            if not isinstance(base, type) and base is not typing_view.NamedTuple and base is not typing_view.TypedDict:
                raise TypeError(f"class {str(name)[:100]}: base {type(base).__name__} object is not supported "
                                "in the grader (a base must be a class)")
        made = builtins.__build_class__(body, name, *bases, **keywords)
        if generic and isinstance(made, type):
            type.__setattr__(made, "__class_getitem__", classmethod(parameters_ignored))
        return made

    def metaclass(self, name: str, bases: tuple, namespace: dict, /, **keywords: Any) -> type:
        """``__metaclass__``: every ``class`` statement; plain classes only, registered as own. A plain class's
        keywords go to its bases' ``__init_subclass__``; a typing base's (``total=False``) and an enum's are left
        out."""
        if bases in typing_bases.TYPING_BASES:  # class X(TypedDict / NamedTuple / Protocol): plain equivalents
            return typing_bases.TYPING_BASES[bases](self, name, namespace, keywords)
        # class Sub(Base, total=False) on an own TypedDict: total is typing's keyword, not a base hook's.
        typed = any(type(base) is type and base in self.own_classes and typing_bases.is_typed_dict(base)
                    for base in bases)
        total = keywords.pop("total", True) if typed else None
        hook = self.subclass_hooks.take(name, namespace)
        if any(is_enum_class(base) for base in bases):
            if hook is not None:
                raise TypeError(f"class {name}: an enum's __init_subclass__ is not available in the grader")
            return make_enum(self, name, bases, class_namespace(name, namespace, self.visible_class))
        bases = tuple(plain_abc(base) for base in bases)  # class Log(MutableMapping): its plain stand-in
        for base in bases:
            # A subclass of super would be an own proxy over a foreign object; of property and the
            # method wrappers, own descriptors of foreign functions.
            if type(base) is not type or issubclass(base, (type, *PROXY_BASES)):
                raise TypeError(f"class {name}: base {base!r} is not supported in the grader")
        namespace = class_namespace(name, namespace, self.visible_class, bases)  # comparisons, __exit__
        cls = check_fields(type(name, bases, namespace), self.own_classes.__contains__)
        self.own_classes.add(cls)
        self.subclass_hooks.keep(cls, hook)
        self.subclass_hooks.run(cls, keywords)  # a base's __init_subclass__, now that cls is checked and main.py's
        if typed:
            typing_bases.keep_total(cls, total)
        return cls

    def own_class(self, helper: str, cls: object) -> type:
        """``cls`` when it is one of the submission's classes; helpers that set class attributes need one."""
        if not (isinstance(cls, type) and cls in self.own_classes):
            raise TypeError(f"{helper} can only be used on a class main.py defines")
        return cls

    def _wrap_module_value(self, module: str, attribute: str, value: Any) -> Any:
        """Module functions that make, change or copy objects, in their sandbox form (grader/sandbox/wrappers.py)."""
        return wrappers.wrap(self, module, attribute, value)

    # Importing -------------------------------------------------------------------------------
    def import_(self, name: str, globals: Any = None, locals: Any = None, fromlist: Any = (), level: int = 0) -> Any:
        """``__import__``: a whitelisted module's view, or a stand-in (grader/sandbox/imports.py)."""
        return import_module(self.views, name, fromlist, level)

    # Printing --------------------------------------------------------------------------------
    def print_factory(self, _getattr_: object = None) -> "Printer":
        """``_print_``: RestrictedPython makes one printer per function scope."""
        return Printer(self.output)

    # The namespace ------------------------------------------------------------------------------
    def namespace(self) -> dict:
        """A fresh globals dict for one execution of the module body."""
        safe = {name: getattr(builtins, name) for name in PLAIN_BUILTINS}
        # main.py's files, in memory (grader/sandbox/memory_files.py): open(...) is rewritten to _open_(...), and a
        # bare open (writer = open, functools.partial(open, ...)) is the same function
        safe["open"] = open_ = plain_function(new_folder().open)
        safe.update({
            "__build_class__": plain_function(self.build_class),
            "__import__": plain_function(self.import_),
            "getattr": plain_function(self.getattr),
            "hasattr": plain_function(self.hasattr),
            "setattr": plain_function(self.setattr),
            "delattr": plain_function(self.delattr),
            **scope_builtins(self),
            "isinstance": plain_function(typing_bases.protocol_isinstance(self.hasattr)),
            "type": self.type,
            "classmethod": checked_classmethod,
            "input": refuse_input,
            "help": quiet_help,
            "exit": refuse_exit,
            "quit": refuse_exit,
            "SystemExit": ExitCalled,  # raise SystemExit(0) ends the module body as exit() does
        })
        self.globals = {
            "__builtins__": safe,
            "__name__": "main",
            "__file__": paths.MAIN_FILE,  # a folder that does not exist: paths are text (grader/sandbox/paths.py)
            "__doc__": None,  # the module docstring replaces it when there is one
            "__metaclass__": ClassStatement(self.metaclass, self.own_classes.__contains__),  # enum_body.py
            "_getattr_": self.getattr,
            "_getitem_": operator.getitem,
            "_getiter_": iter,
            "_iter_unpack_sequence_": guarded_iter_unpack_sequence,
            "_unpack_sequence_": guarded_unpack_sequence,
            "_write_": self.write,
            "_write_dunder_": self.write_dunder,
            "_match_class_": functools.partial(match_class, self.own_classes.__contains__, self.match_classes),
            "_inplacevar_": lambda op, x, y: INPLACE[op](x, y),
            "_apply_": lambda function, *args, **kwargs: function(*args, **kwargs),
            "_abc_meta_base_": abc_meta_base,
            "_unavailable_": refuse_unavailable,
            "_open_": open_,
            "_print_": self.print_factory,
            "_import_star_": lambda name: import_star(self.views, name, self.globals),
            "_generator_": kept,
        }
        return self.globals


# Builtin classes that stand for another object: no submission class may be built on them.
PROXY_BASES = (super, property, classmethod, staticmethod)


_EXCEPTION_NAMES = frozenset({"args", "add_note", "with_traceback"})  # a library exception's (main.py has no traceback)
REGISTRIES = (*DISPATCHERS, ModuleView)  # a register() that changes no isinstance: singledispatch's, atexit's
_GROUP_NAMES = frozenset({"exceptions", "message", "split", "subgroup", "derive"})  # an ExceptionGroup main.py made
# The details json's, a codec's, re's and an OSError's errors carry (e.msg, e.pos, e.reason, e.errno...): offered as
# plain values only.
_EXCEPTION_FIELDS = frozenset({"msg", "doc", "pos", "lineno", "colno", "pattern", "encoding", "object", "start", "end",
                               "reason", "errno", "strerror", "filename", "filename2"})


def is_str_formatter(value: object) -> bool:
    """True for ``str.format``/``str.format_map``, unbound or bound (their fields read any attribute)."""
    if value is str.format or value is str.format_map:
        return True
    # ``type() is``: builtin methods cannot be subclassed, and most values are not one (fast path).
    return (type(value) is types.BuiltinMethodType and isinstance(getattr(value, "__self__", None), str)
            and getattr(value, "__name__", None) in ("format", "format_map"))


_PLAIN_NAMES_LIMIT = 10_000  # names Guards.plain_names holds at most


def _own_descriptor(value: object) -> bool:
    """True for a property, classmethod or staticmethod whose functions all come from main.py."""
    parts = (value.fget, value.fset, value.fdel) if isinstance(value, property) else (value.__func__,)
    return all(part is None or student_function(part) for part in parts)


def checked_classmethod(function: Any) -> classmethod:
    """``classmethod`` for a submission: of a function (or an ``lru_cache`` of one) only. In Python
    3.9-3.12 a classmethod hands the class as the instance to the ``__get__`` of what it wraps: a
    property's getter would get the class."""
    if type(function) not in (types.FunctionType, functools._lru_cache_wrapper) and hasattr(type(function), "__get__"):
        raise TypeError(f"classmethod() of a {type(function).__name__} object is not available in the grader")
    return classmethod(function)

