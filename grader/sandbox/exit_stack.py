"""``contextlib.ExitStack`` and ``contextlib.closing`` for a submission: the grader's own classes (handed out through
factories, so no class of main.py's is built on them), with the rule of grader/sandbox/contexts.py.

Only an ``Exception`` ending the block reaches main.py's code (its callbacks, its exit functions, a ``close``), with
the class as ``type(x)`` shows it and None for the traceback; anything else (the grader's time-out, an interrupt) goes
on as if nothing suppressed it, after the exits of the context managers entered (main.py's own ``__exit__`` and the
``@contextmanager`` ones let such a stop pass without running main.py's code). A context manager is entered and left
as a ``with`` statement in main.py does: its class's ``__enter__`` and ``__exit__``, never with a traceback.
"""

from __future__ import annotations

from typing import Any, Callable

# What one entry of an ExitStack runs at the exit: a callback, a context manager's __exit__, an exit function.
_CALLBACK, _CONTEXT, _PUSHED = "callback", "context", "pushed"


def _stopped(kind: Any, error: Any) -> bool:
    """True when something other than an Exception (or nothing) ends the block: not main.py's to handle."""
    return kind is not None and not (isinstance(error, Exception) and type(error) is kind)


def _special(obj: Any, name: str) -> Any:
    """``type(obj).name`` as the ``with`` statement looks it up (on the class, never through a metaclass's
    ``__getattr__``), or None."""
    try:
        return type.__getattribute__(type(obj), name)
    except AttributeError:
        return None


class ExitStack:
    """``contextlib.ExitStack()``: ``enter_context``, ``callback``, ``push``, ``pop_all`` and ``close``; at the
    exit, the entries last in first out, each seeing the Exception still pending (None once one suppressed it)."""

    __slots__ = ("_exits", "_visible")

    def __init__(self, visible: Callable[[Any], Any]) -> None:
        object.__setattr__(self, "_exits", [])
        object.__setattr__(self, "_visible", visible)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("an ExitStack is read-only in the grader")

    def __repr__(self) -> str:
        return "<contextlib.ExitStack object>"

    def enter_context(self, manager: Any) -> Any:
        """Enters ``manager`` as ``with manager:`` does and keeps its exit; gives what ``__enter__`` gave."""
        enter, leave = _special(manager, "__enter__"), _special(manager, "__exit__")
        if enter is None or leave is None:
            raise TypeError(f"'{type(manager).__name__}' object does not support the context manager protocol")
        result = enter(manager)
        self._exits.append((_CONTEXT, (manager, leave)))
        return result

    def callback(self, function: Any, /, *args: Any, **kwargs: Any) -> Any:
        """Keeps ``function(*args, **kwargs)`` for the exit; gives ``function`` back (a decorator too)."""
        if not callable(function):
            raise TypeError(f"'{type(function).__name__}' object is not callable")
        self._exits.append((_CALLBACK, (function, args, kwargs)))
        return function

    def push(self, exit: Any) -> Any:  # noqa: A002 (Python's parameter name)
        """Keeps a context manager's exit (not entered) or an exit function ``exit(kind, error, traceback)``."""
        leave = _special(exit, "__exit__")
        if leave is not None:
            self._exits.append((_CONTEXT, (exit, leave)))
        elif callable(exit):
            self._exits.append((_PUSHED, exit))
        else:
            raise TypeError(f"'{type(exit).__name__}' object is not callable")
        return exit

    def pop_all(self) -> "ExitStack":
        """A new ExitStack holding this one's entries; this one is left empty."""
        moved = ExitStack(self._visible)
        moved._exits.extend(self._exits)
        self._exits.clear()
        return moved

    def close(self) -> None:
        """Runs every entry now, as leaving the with block without an exception does."""
        self.__exit__(None, None, None)

    def __enter__(self) -> "ExitStack":
        return self

    def __exit__(self, kind: Any, error: Any, traceback: Any) -> bool:
        if _stopped(kind, error):
            self._leave_contexts(kind, error)
            return False
        pending = error
        while self._exits:
            how, entry = self._exits.pop()
            try:
                if self._run(how, entry, pending):
                    pending = None
            except Exception as raised:
                pending = raised
        if pending is None:
            return error is not None  # suppressed
        if pending is error:
            return False
        raise pending

    def _run(self, how: str, entry: Any, pending: Any) -> bool:
        """Runs one entry with the Exception pending (or None); True when it suppressed it."""
        if how == _CALLBACK:
            function, args, kwargs = entry
            function(*args, **kwargs)
            return False
        if how == _CONTEXT:
            manager, leave = entry
            return bool(leave(manager, None if pending is None else type(pending), pending, None))
        return bool(entry(None if pending is None else self._visible(type(pending)), pending, None))

    def _leave_contexts(self, kind: Any, error: Any) -> None:
        """The grader's own stop: every context manager entered is left (their exits let it pass), nothing else."""
        while self._exits:
            how, entry = self._exits.pop()
            if how == _CONTEXT:
                manager, leave = entry
                try:
                    leave(manager, kind, error, None)
                except Exception:
                    pass


class Closing:
    """``contextlib.closing(thing)``: gives ``thing``, and calls ``thing.close()`` (read through the attribute guard,
    as main.py's code reads it: ``read``) when the block ends, also by an Exception."""

    __slots__ = ("_thing", "_read")

    def __init__(self, thing: Any, read: Callable[[Any, str], Any]) -> None:
        object.__setattr__(self, "_thing", thing)
        object.__setattr__(self, "_read", read)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError("closing is read-only in the grader")

    def __enter__(self) -> Any:
        return self._thing

    def __exit__(self, kind: Any, error: Any, traceback: Any) -> bool:
        if not _stopped(kind, error):
            self._read(self._thing, "close")()
        return False
