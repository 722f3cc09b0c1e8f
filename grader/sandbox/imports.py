"""What ``import`` gives a submission: the view of a whitelisted module (grader/sandbox/modules.py), or a stand-in
(``os``, ``threading`` and ``asyncio`` partial ones: an environment of its own, locks, inert async locks), and
``pytest``, a module outside the standard library, as a stand-in of decorators for tests kept in main.py.

Another standard module (``os``, ``decimal``) may be imported in any form but is an :class:`Unavailable`
stand-in: an unused import, common in student code, costs nothing, and any use fails with the reason. Other names
raise ImportError.
"""

from __future__ import annotations

import _thread
import sys
from typing import Any

from grader.sandbox.refusal_lists import REFUSAL_CHARS, listing
from grader.sandbox.views import ModuleView


def available(views: dict) -> tuple[str, ...]:
    """The modules there are, as a refusal names them (alphabetical)."""
    return tuple(sorted(name for name in views if not name.startswith("_")))


def import_module(views: dict, name: Any, fromlist: Any, level: Any) -> Any:
    """``__import__(name, fromlist=fromlist, level=level)`` over ``views`` (module name -> view)."""
    allowed = available(views)
    if level == 0 and type(name) is str and name not in views and name.split(".")[0] in sys.stdlib_module_names:
        top = name.split(".")[0]
        if top in views and not fromlist:  # ``import os.path`` binds ``os``: the view (its other names are stand-ins)
            return views[top]
        return Unavailable(top if not fromlist else name[:100], allowed, name[:100] if top in views else top)
    if level != 0 or type(name) is not str or name not in views:
        said = f"import of {str(name)[:60]!r} is not allowed in the grader (allowed: "
        # A module that is not there is a ModuleNotFoundError, as in Python: an optional library's fallback catches it.
        error = ModuleNotFoundError if level == 0 and type(name) is str else ImportError
        raise error(f"{said}{listing(allowed, REFUSAL_CHARS - len(said))})")
    if "." in name and not fromlist:  # ``import collections.abc`` binds ``collections``
        return views[name.split(".")[0]]
    return views[name]


def import_star(views: dict, name: str, namespace: dict) -> None:
    """``from name import *``: binds in ``namespace`` (main.py's globals) every public name the grader offers of the
    module that Python's star import binds (those of the module's ``__all__`` when it has one: not ``abc`` of
    ``collections``, over main.py's ``import abc``); a module the grader does not offer raises ImportError."""
    module = import_module(views, name, ("*",), 0)
    if isinstance(module, Unavailable):
        raise ImportError(f"from {str(name)[:60]} import * is not available in the grader: import the names you use")
    exported = getattr(sys.modules.get(name), "__all__", None)
    for attribute in vars(type(module)):
        if not attribute.startswith("_") and (exported is None or attribute in exported):
            namespace[attribute] = getattr(module, attribute)


class Unavailable:
    """A standard module the grader does not offer (``os``, ``enum``), or a name read from one.

    Importing it, in any form, and reading names from it work, so that an unused import costs
    nothing; calling, indexing, iterating or testing it raises AttributeError with the reason, which names the
    module (``decimal``) and the modules there are. It holds only its dotted name, the modules
    that are available and the module it comes from (``module``); ``part``: that module is offered, but only
    in part (``os``: not ``os.system``).
    """

    __slots__ = ("_path", "_allowed", "_module", "_part")

    def __init__(self, path: str, allowed: tuple[str, ...], module: str, part: bool = False) -> None:
        object.__setattr__(self, "_path", path)
        object.__setattr__(self, "_allowed", allowed)
        object.__setattr__(self, "_module", module)
        object.__setattr__(self, "_part", part)

    def __getattr__(self, name: str) -> "Unavailable":
        if name.startswith("__"):  # Python's own probes (__mro_entries__, __spec__...): as for any object
            raise AttributeError(name)
        return Unavailable(f"{self._path}.{name}"[:200], self._allowed, self._module, self._part)

    def _refuse(self, *args: object, **kwargs: object) -> None:
        if self._part:
            raise AttributeError(f"{self._path} is not available in the grader: only a part of module {self._module} "
                                 "is offered")
        said = f"{self._path} is not available in the grader: module {self._module} is not offered (modules: "
        raise AttributeError(f"{said}{listing(self._allowed, REFUSAL_CHARS - len(said))})")

    __call__ = __getitem__ = __iter__ = __len__ = __bool__ = __setattr__ = __delattr__ = _refuse

    def __repr__(self) -> str:
        return f"<{self._path}: not available in the grader>"


def partial_view(module: str, views: dict, names: dict) -> ModuleView:
    """A stand-in for a standard module of which the grader offers only ``names`` (the view's class attributes); any
    other name is an :class:`Unavailable` stand-in, as for a module the grader does not offer (``views``: the
    submission's, named in its refusal)."""
    def other(view: ModuleView, name: str) -> object:
        if name.startswith("__"):
            return ModuleView.__getattr__(view, name)
        return Unavailable(f"{module}.{name}"[:200], available(views), module, True)

    return type(module, (ModuleView,), {"__slots__": (), "__getattr__": other, **names})()


def os_view(views: dict, files: dict) -> ModuleView:
    """A stand-in for ``os`` as a debug switch reads it: an empty environment of the submission's own (``os.environ``,
    ``os.getenv``), so no grade depends on the grading machine's variables, ``os.sep`` and ``os.linesep`` (a POSIX
    machine's, as ``curdir``, ``pardir``, ``extsep`` and ``altsep``), ``os.path`` (``views["os.path"]``, grader/sandbox/paths.py) and ``files``, the functions on main.py's
    files in memory (grader/sandbox/memory_paths.py); any other name is an :class:`Unavailable` stand-in."""
    environ: dict[str, str] = {}
    return partial_view("os", views, {**files, "environ": environ, "path": views["os.path"], "sep": "/",
                                      "linesep": "\n", "curdir": ".", "pardir": "..", "extsep": ".", "altsep": None,
                                      "getenv": staticmethod(lambda key, default=None: environ.get(key, default))})


class Lock:
    """What ``threading.Lock()`` gives a submission: Python's own C lock, taken and released as in Python, that never
    waits for a time. A grading child runs one thread, so no other thread can release a lock it holds: a time-out
    would only pass, using no CPU time, as ``time.sleep`` would (which returns at once for that reason). So a held
    lock taken with a time-out answers False at once, after its arguments are checked as Python checks them; taken
    without one, it is a deadlock, as in Python, killed on the wall clock like any child that waits."""

    __slots__ = ("_lock",)

    def __init__(self) -> None:
        object.__setattr__(self, "_lock", _thread.allocate_lock())

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"'lock' object attribute '{name}' is read-only")

    def acquire(self, blocking: Any = True, timeout: Any = -1) -> bool:
        _thread.allocate_lock().acquire(blocking, timeout)  # the arguments, checked by a free lock: no wait
        if self._lock.acquire(False):
            return True
        if blocking and float(timeout) == -1:  # a deadlock (checked above: timeout is a number)
            return self._lock.acquire()
        return False

    def release(self) -> None:
        self._lock.release()

    def locked(self) -> bool:
        return self._lock.locked()

    acquire_lock, release_lock, locked_lock = acquire, release, locked

    def __enter__(self) -> bool:
        return self.acquire()

    def __exit__(self, *exception: object) -> None:
        self.release()

    def __repr__(self) -> str:
        return repr(self._lock)


def threading_view(views: dict) -> ModuleView:
    """A stand-in for ``threading`` as a module-level lock around a dispatcher uses it: ``Lock()`` gives a
    :class:`Lock` (Python's own C lock that never waits for a time), ``RLock()`` Python's own C re-entrant lock (of
    ``_thread``: no attribute leads anywhere but to the lock's C methods). A grading child runs one thread, so a
    ``with lock:`` never waits, unless a plain ``Lock`` is taken twice: a deadlock, as in Python, killed on the wall
    clock like any child that waits. ``Thread`` and every other name are :class:`Unavailable` stand-ins (an unused
    import costs nothing)."""
    return partial_view("threading", views, {"Lock": staticmethod(lambda: Lock()),
                                             "RLock": staticmethod(lambda: _thread.RLock())})


class AsyncPrimitive:
    """What ``asyncio.Lock()`` (``Semaphore``, ``Event``, ``Condition``, ``Queue``) gives a submission: an inert object
    of the grader's. Only an ``async def`` can use one (``async with _lock:``), and an async def never runs in the
    grader (grader/sandbox/policy.py), so the object needs no method: it only has to exist, for the module to load."""

    __slots__ = ("_kind",)

    def __init__(self, kind: str) -> None:
        object.__setattr__(self, "_kind", kind)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError(f"asyncio.{self._kind} does nothing in the grader")

    def __repr__(self) -> str:
        return f"<asyncio.{self._kind}: inert in the grader, where async code does not run>"


ASYNC_PRIMITIVES = ("Lock", "Semaphore", "BoundedSemaphore", "Event", "Condition", "Queue")
_GENERIC = frozenset({"Queue"})  # asyncio's classes that typing subscripts (``asyncio.Queue[dict]``)


class AsyncKind:
    """``asyncio.Lock`` (``Queue``...) as a submission reads it, in place of asyncio's class: calling it makes an inert
    :class:`AsyncPrimitive`; ``isinstance(x, asyncio.Lock)`` holds for the inert objects of its kind only, and
    ``asyncio.Queue[dict]`` (an annotation at module level or of a dataclass field, which Python evaluates) is the
    kind itself. Not a class: nothing can be built on it."""

    __slots__ = ("_kind",)

    def __init__(self, kind: str) -> None:
        object.__setattr__(self, "_kind", kind)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError(f"asyncio.{self._kind} does nothing in the grader")

    def __call__(self, *args: object, **kwargs: object) -> AsyncPrimitive:
        return AsyncPrimitive(self._kind)

    def __instancecheck__(self, obj: object) -> bool:
        return type(obj) is AsyncPrimitive and obj._kind == self._kind

    def __getitem__(self, parameters: object) -> "AsyncKind":
        if self._kind not in _GENERIC:
            raise TypeError(f"type '{self._kind}' is not subscriptable")
        return self

    def __repr__(self) -> str:
        return f"<asyncio.{self._kind}: inert in the grader, where async code does not run>"


def asyncio_view(views: dict) -> ModuleView:
    """A stand-in for ``asyncio`` as a module with async code around the three functions uses it: its locks, events
    and queues (:class:`AsyncKind`) made at module level are :class:`AsyncPrimitive` objects; ``run``, ``gather`` and every other name are
    :class:`Unavailable` stand-ins (``asyncio.run(main())`` runs only under the main guard, which grading skips)."""
    return partial_view("asyncio", views, {kind: AsyncKind(kind) for kind in ASYNC_PRIMITIVES})


def _give_back(target: Any) -> Any:
    return target


def _marker(*args: Any, **kwargs: Any) -> Any:
    """``@pytest.fixture`` or ``@pytest.mark.slow`` bare on a function or class gives it back (pytest's own rule: one
    callable argument, no keywords); with arguments (``@pytest.mark.parametrize(...)``, ``@pytest.fixture(scope=...)``)
    it is a decorator that gives back what it decorates."""
    if len(args) == 1 and not kwargs and callable(args[0]):
        return args[0]
    return _give_back


class PytestMarks(ModuleView):
    """``pytest.mark``, read-only as a module view: every mark (``parametrize``, ``skipif``, ``xfail``, a custom one)
    is :func:`_marker`."""

    __slots__ = ()

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            return ModuleView.__getattr__(self, name)
        return _marker


def pytest_view(views: dict) -> ModuleView:
    """A stand-in for ``pytest`` as a main.py that holds its own tests uses it at module level: the decorators
    (``mark``, ``fixture``) give back what they decorate and ``param(...)`` its values; grading never runs those
    tests, so ``raises``, ``approx``, ``main`` and every other name are :class:`Unavailable` stand-ins. Nothing of the
    real pytest, which runs the grader's own checks in this process, is reachable."""
    return partial_view("pytest", views, {"mark": PytestMarks(), "fixture": staticmethod(_marker),
                                          "param": staticmethod(lambda *values, **options: values)})
