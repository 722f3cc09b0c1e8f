"""``with`` for a submission: its own classes' ``__enter__``/``__exit__`` and ``contextlib.contextmanager``.

Python hands ``__exit__`` the class, the object and the traceback of whatever ends the block: the
grader's time-out and ``KeyboardInterrupt`` too (which a true return value would swallow) and a
traceback whose frames lead to the checks. A submission's ``__exit__`` is therefore called only for
an ``Exception`` (anything else goes on as if it returned False), with the class as ``type(x)`` shows
it and ``None`` for the traceback. ``@contextmanager`` is the grader's own, on the submission's own
generator functions only, with the same rule for what it throws into the generator; what it makes is a decorator
too (``@quiet()``).
"""

from __future__ import annotations

import io
import types
from typing import Any, Callable

from grader.battery import STUDENT_FILENAME
from grader.sandbox.class_specials import kept_special
from grader.sandbox.classes import COMPARISONS, DESCRIPTOR_METHODS, OPERATORS, seen_as_in_sandbox, student_function


def class_namespace(class_name: str, namespace: dict, visible: Callable[[type], Any], bases: tuple = ()) -> dict:
    """A class body's namespace as the class may have it: comparison, descriptor and operator methods receive
    classes as ``type(x)`` shows them (classes.seen_as_in_sandbox) and ``__exit__`` sees only Exceptions, without a
    traceback. On an ``io`` base (``bases``), whose ``__exit__`` and finalizer call the class's ``close`` (and read
    ``closed``), main.py's own: the finalizer does nothing (it would run main.py's code wherever the grader frees the
    object) and ``__exit__`` lets the grader's stop pass."""
    made = {}
    if any(issubclass(base, io.IOBase) for base in bases if isinstance(base, type)):
        made["__del__"] = _no_finalizer
        if "__exit__" not in namespace:
            made["__exit__"] = _io_exit
    for key, value in namespace.items():
        if key in COMPARISONS or key in DESCRIPTOR_METHODS or key in OPERATORS:
            value = seen_as_in_sandbox(class_name, key, value, visible)
        elif key == "__exit__" and value is not None:
            value = _guarded_exit(class_name, value, visible)
        else:
            value = kept_special(class_name, key, value, visible)  # __reduce__, __class_getitem__
        made[key] = value
    return made


def _guarded_exit(class_name: str, method: Any, visible: Callable[[type], Any]) -> Callable[..., Any]:
    if not student_function(method):
        raise TypeError(f"class {str(class_name)[:100]}: __exit__ must be a plain def (no decorator) in the grader")

    def __exit__(own: Any, kind: Any, error: Any, traceback: Any) -> Any:
        if kind is not None and not (isinstance(error, Exception) and type(error) is kind):
            return False  # the grader's own stop (time-out, interrupt): not the submission's to handle
        return method(own, visible(kind) if kind is not None else None, error, None)
    __exit__.__name__, __exit__.__qualname__, __exit__.__doc__ = method.__name__, method.__qualname__, method.__doc__
    return __exit__


def _no_finalizer(own: Any) -> None:
    """In place of io's finalizer, which calls ``close()``: the object is freed without running code."""


def _io_exit(own: Any, kind: Any, error: Any, traceback: Any) -> bool:
    """io's ``__exit__`` (``close()``) for an Exception or none; the grader's own stop passes without it."""
    if kind is None or (isinstance(error, Exception) and type(error) is kind):
        io.IOBase.__exit__(own, kind, error, None)
    return False


class GeneratorContext:
    """What a ``@contextmanager`` function returns: enters by running its generator to the ``yield``, leaves
    by running it on (or throwing the block's Exception into it at the ``yield``)."""

    __slots__ = ("_generator", "_remake")

    def __init__(self, generator: Any, remake: Callable[[], Any]) -> None:
        object.__setattr__(self, "_generator", generator)
        object.__setattr__(self, "_remake", remake)

    def __call__(self, function: Any) -> Callable[..., Any]:
        """Used as a decorator (``@quiet()``): each call of ``function`` runs in a new context of the same generator
        function and arguments, as Python's ``ContextDecorator`` does (``remake`` makes that context's generator)."""
        remake = self._remake

        def decorated(*args: Any, **kwargs: Any) -> Any:
            with GeneratorContext(remake(), remake):
                return function(*args, **kwargs)
        if student_function(function):
            decorated.__name__, decorated.__qualname__ = function.__name__, function.__qualname__
            decorated.__doc__ = function.__doc__
        return decorated

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("a context manager is read-only in the grader")

    def __enter__(self) -> Any:
        try:
            return next(self._generator)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, kind: Any, error: Any, traceback: Any) -> bool:
        if kind is None:
            try:
                next(self._generator)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if not (isinstance(error, Exception) and type(error) is kind):
            return False  # the grader's own stop: the generator is not asked
        try:
            self._generator.throw(error)
        except StopIteration as stop:
            return stop is not error  # the generator caught it and ended: suppressed
        except Exception as raised:
            if raised is error:
                return False
            raise
        raise RuntimeError("generator didn't stop after throw()")


def contextmanager(function: Any) -> Callable[..., GeneratorContext]:
    """``contextlib.contextmanager`` for main.py's own generator functions."""
    if not student_function(function):
        raise TypeError("@contextmanager can only be used on a function main.py defines")

    def helper(*args: Any, **kwargs: Any) -> GeneratorContext:
        def remake() -> Any:
            generator = function(*args, **kwargs)
            # Only main.py's own generator: a library's (json's iterencode) would get main.py's exceptions thrown in.
            if type(generator) is not types.GeneratorType or generator.gi_code.co_filename != STUDENT_FILENAME:
                raise TypeError(f"@contextmanager: {function.__name__}() must be a generator function (with yield)")
            return generator
        return GeneratorContext(remake(), remake)
    helper.__name__, helper.__qualname__, helper.__doc__ = function.__name__, function.__qualname__, function.__doc__
    return helper
