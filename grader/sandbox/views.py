"""The grader's stand-ins for modules main.py may import (sys, logging, contextlib, random, pprint, traceback,
warnings, doctest, reprlib, io, time.sleep, functools.partialmethod) and the base of every module view
(grader/sandbox/modules.py builds the views of the whitelisted modules)."""

from __future__ import annotations

import collections
import functools
import io
import random
import reprlib
import sys
import types
from typing import Any, Callable

from grader.sandbox.dunder_values import came_through_main
from grader.sandbox.memory_streams import FILE_CLASSES
from grader.sandbox.names import bindable_name, reserved_name
from grader.sandbox.output import StandardStream


_UNSET = object()  # an argument not given


class ModuleView:
    """Base of every module view: no instance state, no writes, and a clear error for the rest."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError(f"module {type(self).__name__} is read-only in the grader")

    def __delattr__(self, name: str) -> None:
        raise TypeError(f"module {type(self).__name__} is read-only in the grader")

    def __getattr__(self, name: str) -> object:
        if name == "__name__":  # what ``from typing import X`` names in its ImportError
            return f"{type(self).__name__} (in the grader only a vetted part of it)"
        raise AttributeError(f"module {type(self).__name__} has no attribute {name!r} in the grader "
                             f"(only a vetted part of it is available)")


# ``sys.version_info`` as a plain tuple that also names its parts (``sys.version_info.major``).
_VERSION_INFO = collections.namedtuple("version_info", "major minor micro releaselevel serial")


def sys_view(output: Any, exit_function: Callable[..., None], visible: Callable[[type], Any] = lambda cls: cls,
             main_names: Callable[[], dict] = dict) -> ModuleView:
    """A stand-in for ``sys`` with what innocent code uses: ``exit``, ``maxsize``, ``argv``,
    ``stdout``/``stderr`` (of ``output``, an OutputBuffer: both write to the captured output, or where
    ``contextlib.redirect_stdout``/``redirect_stderr`` send them), ``version_info``, ``version``,
    ``platform``, ``byteorder``, ``getrecursionlimit``/``setrecursionlimit`` (the limit stays the grader's:
    a deeper C stack could crash the process), ``getsizeof``, ``intern``, ``exc_info`` (``visible``: a class as ``type(x)``
    shows it) and ``modules``, holding main.py only (:func:`main_module_view` of ``main_names()``)."""
    limit = sys.getrecursionlimit()

    def exc_info() -> tuple:
        """The Exception being handled when it came from or through main.py's code (its traceback names main.py),
        as ``(class, exception, None)``; else ``(None, None, None)``: it may be one the grader's code handles."""
        error = sys.exc_info()[1]
        return (visible(type(error)), error, None) if came_through_main(error) else (None, None, None)
    namespace = {
        "__slots__": (), "maxsize": sys.maxsize, "argv": ("main.py",), "version_info": _VERSION_INFO(*sys.version_info),
        "version": sys.version, "platform": sys.platform, "byteorder": sys.byteorder,
        "exit": staticmethod(exit_function), "stdout": StandardStream(output), "stderr": StandardStream(output, "stderr"),
        "getrecursionlimit": staticmethod(lambda: limit), "setrecursionlimit": staticmethod(lambda new_limit: None),
        "exc_info": staticmethod(exc_info),
        # A size guard before a regex: the number only (its __self__ would be the real sys module).
        "getsizeof": staticmethod(lambda obj, *default: sys.getsizeof(obj, *default[:1])),
        # Status words compared by identity after interning: a plain str in, the same text out (TypeError otherwise).
        "intern": staticmethod(lambda string: sys.intern(string)),
        "modules": types.MappingProxyType({"main": main_module_view(main_names)}),
    }
    return type("sys", (ModuleView,), namespace)()


class MainModuleView(ModuleView):
    """The base of :func:`main_module_view`'s class: the guards let main.py's code write to it and read its names
    with one leading underscore (``THIS._helper``), as to an object of its own."""

    __slots__ = ()


def main_module_view(names: Callable[[], dict]) -> ModuleView:
    """``sys.modules[__name__]`` for main.py: reads its own names in ``names()`` (main.py's globals) as main.py's code
    does (``getattr(this, 'check_' + field)``, ``dir(this)``), never the grader's reserved ones; ``setattr(this, name,
    value)`` and ``delattr`` bind a name main.py could assign itself, as ``globals()[name] = value`` does."""
    def __getattr__(self: ModuleView, name: str) -> object:
        scope = names()
        if name in ("__name__", "__doc__") or type(name) is str and not reserved_name(name) and name in scope:
            return scope.get(name)
        raise AttributeError(f"module 'main' has no attribute {name!r}")

    def __dir__(self: ModuleView) -> list:
        return sorted(key for key in names() if type(key) is str and not reserved_name(key))

    def __setattr__(self: ModuleView, name: str, value: object) -> None:
        if not bindable_name(name):
            raise AttributeError(f"module 'main' cannot bind {str(name)[:60]!r} in the grader: only a name main.py "
                                 "could assign itself")
        names()[name] = value

    def __delattr__(self: ModuleView, name: str) -> None:
        scope = names()
        if not bindable_name(name) or name not in scope:
            raise AttributeError(f"module 'main' has no attribute {str(name)[:60]!r}")
        del scope[name]
    return type("main", (MainModuleView,), {"__slots__": (), "__getattr__": __getattr__, "__dir__": __dir__,
                                            "__setattr__": __setattr__, "__delattr__": __delattr__})()


class QuietLogging:
    """What ``logging.getLogger()`` (and a handler or formatter) gives a submission: every call is
    accepted and shows nothing, as Python's default WARNING level shows nothing of debug and info.
    Nothing is formatted, so no object of the submission is turned into text here."""

    __slots__ = ()
    name = "main"
    level = 0
    propagate = True
    disabled = False
    # ``if not logger.handlers:`` before adding one: a new empty list each time, so a handler added stays unseen.
    handlers = filters = property(lambda self: [])

    def __setattr__(self, name: str, value: object) -> None:
        # A setting (``logger.propagate = False``) is accepted and changes nothing: the logger shows nothing anyway.
        if name not in ("propagate", "disabled", "level"):
            raise TypeError("a logger is read-only in the grader")

    def _ignore(self, *args: object, **kwargs: object) -> None:
        return None

    def _self(self, *args: object, **kwargs: object) -> "QuietLogging":
        return self

    def _false(self, *args: object, **kwargs: object) -> bool:
        return False

    debug = info = warning = warn = error = exception = critical = fatal = log = _ignore
    setLevel = addHandler = removeHandler = setFormatter = addFilter = removeFilter = flush = close = _ignore
    getChild = _self
    isEnabledFor = hasHandlers = _false

    def getEffectiveLevel(self) -> int:
        return 30  # WARNING, Python's default: what a level set here would change is not shown either


def logging_view() -> ModuleView:
    """A stand-in for ``logging`` with what innocent code uses: loggers, handlers and formatters that
    accept every call and show nothing, ``basicConfig``, the module-level functions and the levels. Logging to a
    file (an audit log: ``basicConfig(filename=...)``, a ``FileHandler``) is accepted too and writes nothing, as are
    the handlers of ``logging.handlers`` (:data:`LOGGING_HANDLERS`: a ``MemoryHandler``, a ``RotatingFileHandler``)."""
    quiet = QuietLogging()
    levels = {"CRITICAL": 50, "FATAL": 50, "ERROR": 40, "WARNING": 30, "WARN": 30, "INFO": 20, "DEBUG": 10, "NOTSET": 0}
    namespace: dict[str, Any] = {"__slots__": (), **levels,
                                 "Logger": QuietLogging, "Handler": QuietLogging}  # type hints, isinstance
    for name in ("getLogger", "StreamHandler", "NullHandler", "FileHandler", "Formatter", "LoggerAdapter"):
        namespace[name] = staticmethod(lambda *args, **kwargs: quiet)
    for name in ("debug", "info", "warning", "warn", "error", "exception", "critical", "fatal", "log",
                 "disable", "captureWarnings", "basicConfig"):
        namespace[name] = staticmethod(lambda *args, **kwargs: None)
    names = {number: name for name, number in reversed(levels.items())}  # 50: CRITICAL, 30: WARNING
    namespace["getLevelName"] = staticmethod(
        lambda level: names.get(level, f"Level {level}") if type(level) is int else levels.get(level, f"Level {level}"))
    namespace["handlers"] = type("logging.handlers", (ModuleView,), {"__slots__": (), **{  # quiet too
        name: staticmethod(lambda *args, **kwargs: quiet) for name in LOGGING_HANDLERS}})()
    return type("logging", (ModuleView,), namespace)()


# logging.handlers' classes: quiet handlers that write, send and buffer nothing (no file, socket or mail).
LOGGING_HANDLERS = ("MemoryHandler", "BufferingHandler", "RotatingFileHandler", "TimedRotatingFileHandler",
                    "WatchedFileHandler", "QueueHandler", "QueueListener", "SocketHandler", "DatagramHandler",
                    "SysLogHandler", "SMTPHandler", "HTTPHandler")


class Suppress:
    """``contextlib.suppress(*exceptions)``: a with block that swallows those exceptions (the grader's own
    class: Python's keeps its exceptions where a submission could read them)."""

    __slots__ = ("_exceptions",)

    def __init__(self, *exceptions: type) -> None:
        object.__setattr__(self, "_exceptions", exceptions)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("suppress is read-only in the grader")

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> bool:
        # Only an Exception, as main.py's own __exit__ sees (grader/sandbox/contexts.py): suppress(object) would
        # swallow the grader's time-out, and a TypeError from issubclass() replace it with one main.py catches.
        if kind is None or not (isinstance(value, Exception) and type(value) is kind):
            return False
        return issubclass(kind, self._exceptions)


class NullContext:
    """``contextlib.nullcontext(value)``: a with block that does nothing and gives ``value``."""

    __slots__ = ("_value",)

    def __init__(self, value: object = None) -> None:
        object.__setattr__(self, "_value", value)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("nullcontext is read-only in the grader")

    def __enter__(self) -> object:
        return self._value

    def __exit__(self, *details: object) -> bool:
        return False


def contextlib_view() -> ModuleView:
    """A stand-in for ``contextlib`` with ``suppress`` and ``nullcontext`` (dispatch.add_views adds the others)."""
    namespace = {"__slots__": (), "suppress": staticmethod(lambda *exceptions: Suppress(*exceptions)),
                 "nullcontext": staticmethod(lambda value=None: NullContext(value))}
    return type("contextlib", (ModuleView,), namespace)()


def random_view() -> ModuleView:
    """A stand-in for ``random``: the functions of a generator of the submission's own, so ``random.seed(...)``
    changes no other generator of the process, and ``Random(seed)`` for a new one."""
    generator = random.Random()
    names = ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample", "uniform", "seed",
             "getrandbits")
    namespace = {"__slots__": (), **{name: staticmethod(getattr(generator, name)) for name in names}}
    # random.Random(seed): a new generator of Python's for a demo's reproducible ids (made here: the class itself,
    # a base to build on, stays out).
    namespace["Random"] = staticmethod(lambda *seed: random.Random(*seed))
    return type("random", (ModuleView,), namespace)()


def pprint_view(print_function: Callable[..., None]) -> ModuleView:
    """A stand-in for ``pprint`` with what debugging code uses: ``pprint``/``pp`` print the object as ``print``
    would show its ``repr`` (no line breaking), ``pformat`` gives that text."""
    def pformat(value: object, *args: object, **options: object) -> str:
        return str.__str__(repr(value))

    def pprint(value: object, *args: object, **options: object) -> None:
        print_function(pformat(value))

    namespace = {"__slots__": (), "pprint": staticmethod(pprint), "pp": staticmethod(pprint),
                 "pformat": staticmethod(pformat)}
    return type("pprint", (ModuleView,), namespace)()


def traceback_view(print_function: Callable[..., None]) -> ModuleView:
    """A stand-in for ``traceback`` as debugging code in an ``except`` block uses it: no frames are shown (they are
    the grader's too), and the exception being handled is not looked up (it may be one the grader's code handles,
    whose text holds an expected value). ``print_exc``/``format_exc`` give a fixed line; an exception passed to
    ``format_exception``/``print_exception`` is shown as ``Name: message``; the print functions write to ``file`` as
    ``print(..., file=...)`` does."""
    fixed = "Traceback: not shown in the grader\n"

    def format_exception(exc: object, value: object = _UNSET, *args: object, **options: object) -> list:
        exc = exc if value is _UNSET else value  # the old form: format_exception(type(e), e, e.__traceback__)
        message = str.__str__(str(exc)) if isinstance(exc, BaseException) else ""
        name = type(exc).__name__ if isinstance(exc, BaseException) else "Exception"
        return [f"{name}: {message}\n" if message else f"{name}\n"]

    def print_exception(exc: object, value: object = _UNSET, tb: object = None, limit: object = None,
                        file: object = None, chain: object = True) -> None:
        print_function("".join(format_exception(exc, value)), end="", file=file)

    def print_exc(limit: object = None, file: object = None, chain: object = True) -> None:
        print_function(fixed, end="", file=file)

    namespace = {"__slots__": (), "format_exc": staticmethod(lambda *args, **options: fixed),
                 "print_exc": staticmethod(print_exc),
                 "format_exception": staticmethod(format_exception),
                 "format_exception_only": staticmethod(format_exception),
                 "print_exception": staticmethod(print_exception),
                 "format_stack": staticmethod(lambda *args, **options: []),
                 "print_stack": staticmethod(lambda *args, **options: None)}
    return type("traceback", (ModuleView,), namespace)()


def warnings_view() -> ModuleView:
    """A stand-in for ``warnings``: ``warn`` and the filters accept every call and show nothing (as a warning
    filtered out would), ``catch_warnings`` is a with block that does nothing."""
    def ignore(*args: object, **kwargs: object) -> None:
        return None

    namespace = {"__slots__": (), **{name: staticmethod(ignore) for name in
                                     ("warn", "simplefilter", "filterwarnings", "resetwarnings")},
                 "catch_warnings": staticmethod(lambda *args, **kwargs: NullContext([]))}
    return type("warnings", (ModuleView,), namespace)()


def atexit_view() -> ModuleView:
    """A stand-in for ``atexit``: ``register`` (also as a decorator) keeps nothing and gives the function back, as a
    log saved when the program ends is never saved while grading; ``unregister`` does nothing."""
    def register(function: Any, *args: object, **kwargs: object) -> Any:
        if not callable(function):
            raise TypeError("the first argument must be callable")
        return function

    namespace = {"__slots__": (), "register": staticmethod(register), "unregister": staticmethod(lambda function: None)}
    return type("atexit", (ModuleView,), namespace)()


class PartialMethod:
    """``functools.partialmethod(function, *args, **keywords)`` in a class body: read off an object it is
    ``partial(function, obj, *args, **keywords)``, off the class itself, called with the object first. It calls
    ``function`` only as main.py could itself (``function(obj, *args)``): no descriptor of another object is bound
    (Python's binds any ``__get__`` the function has)."""

    __slots__ = ("_function", "_args", "_keywords")

    def __init__(self, function: Any, /, *args: Any, **keywords: Any) -> None:
        if not callable(function):
            raise TypeError(f"{function!r} is not callable")
        for name, value in (("_function", function), ("_args", args), ("_keywords", keywords)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("a partialmethod is read-only in the grader")

    def __get__(self, obj: Any, cls: Any = None) -> Any:
        if obj is None:
            return self  # read off the class: called with the object first (``Ticket.close(ticket)``)
        return functools.partial(self._function, obj, *self._args, **self._keywords)

    def __call__(self, first: Any, /, *more: Any, **extra: Any) -> Any:
        return self._function(first, *self._args, *more, **{**self._keywords, **extra})

    def __repr__(self) -> str:
        return "functools.partialmethod(...)"


TestResults = collections.namedtuple("TestResults", "failed attempted")

# doctest's option flags, as numbers (``optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE``).
DOCTEST_FLAGS = {name: 1 << bit for bit, name in enumerate((
    "DONT_ACCEPT_TRUE_FOR_1", "DONT_ACCEPT_BLANKLINE", "NORMALIZE_WHITESPACE", "ELLIPSIS", "SKIP",
    "IGNORE_EXCEPTION_DETAIL", "REPORT_UDIFF", "REPORT_CDIFF", "REPORT_NDIFF", "REPORT_ONLY_FIRST_FAILURE",
    "FAIL_FAST"))}


def doctest_view() -> ModuleView:
    """A stand-in for ``doctest`` as a main.py that ends with ``doctest.testmod()`` (unguarded, at module level) uses
    it: ``testmod``/``testfile`` run nothing (grading checks the functions itself, and running the examples would
    need the docstrings' code compiled outside the sandbox) and give ``TestResults(failed=0, attempted=0)``;
    ``run_docstring_examples`` does nothing; the option flags are doctest's numbers."""
    nothing = TestResults(0, 0)
    namespace = {"__slots__": (), **DOCTEST_FLAGS, "TestResults": TestResults,
                 "testmod": staticmethod(lambda *args, **options: nothing),
                 "testfile": staticmethod(lambda *args, **options: nothing),
                 "run_docstring_examples": staticmethod(lambda *args, **options: None)}
    return type("doctest", (ModuleView,), namespace)()


def reprlib_view() -> ModuleView:
    """A stand-in for ``reprlib`` with ``repr``: Python's, of a ``Repr`` of this submission's own (its limits cannot
    be reached: ``__self__`` is refused), which calls only ``repr()`` and the submission's own methods, as ``repr(x)``
    in main.py does."""
    return type("reprlib", (ModuleView,), {"__slots__": (), "repr": staticmethod(reprlib.Repr().repr)})()


def io_view(visible: Callable[[type], Any]) -> ModuleView:
    """A stand-in for ``io`` with ``StringIO`` (Python's, a text buffer in memory: a message built line by line, also
    with ``print(..., file=buffer)``) and, as ``visible`` (the Guards' ``type(x)``) shows them, stand-ins that make
    nothing of the classes of ``open()``'s files and their bases, for ``isinstance(f, io.TextIOWrapper)`` and an
    annotation (grader/sandbox/memory_streams.py); ``open`` and every other name are unavailable, as for a module
    not offered."""
    classes = {cls.__name__: visible(cls) for cls in (*FILE_CLASSES, io.IOBase, io.TextIOBase, io.BufferedIOBase)}
    return type("io", (ModuleView,), {"__slots__": (), "StringIO": io.StringIO, **classes})()


def sleep(seconds: object) -> None:
    """``time.sleep``: the length checked as Python checks it, and no wait. A pause in a demo or a back-off between
    retries changes no result, and a child that waits would be killed on the wall clock as if it hung."""
    if not isinstance(seconds, (int, float)):
        raise TypeError(f"'{type(seconds).__name__}' object cannot be interpreted as an integer")
    if not float(seconds) >= 0:
        raise ValueError("sleep length must be non-negative")
