"""What ``globals()`` gives main.py's code: a new dict of its module's names whose writes bind those names in main.py's
module too, as Python's own ``globals()`` does (``globals()['check_' + field] = make_check(field)``, then
``check_actor(value)``), for a name main.py could bind itself with ``name = value`` only (names.bindable_name)."""

from __future__ import annotations

from typing import Any

from grader.sandbox.names import bindable_name

_MISSING = object()


class ModuleNames(dict):
    """A copy of main.py's module names whose item writes also reach ``module`` (main.py's globals): ``d[name] = v``,
    ``update``, ``setdefault``, ``|=``, ``del d[name]`` and ``pop`` of a bindable name. Another key, ``popitem`` and
    ``clear`` raise NotImplementedError; the copy and the module stay alike."""

    __slots__ = ("_module",)  # a name with "_" that the attribute guard refuses on an object main.py did not make

    def __init__(self, module: dict, names: dict) -> None:
        super().__init__(names)
        self._module = module

    def __setitem__(self, key: Any, value: Any) -> None:
        _bindable(key)
        self._module[key] = value
        super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        _bindable(key)
        del self._module[key]
        super().pop(key, None)

    def update(self, *others: Any, **names: Any) -> None:
        for key, value in dict(*others, **names).items():
            self[key] = value

    def __ior__(self, other: Any) -> "ModuleNames":
        self.update(other)
        return self

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key not in self:
            self[key] = default
        return self[key]

    def pop(self, key: Any, default: Any = _MISSING) -> Any:
        if key not in self and default is not _MISSING:
            return default
        value = self[key]
        del self[key]
        return value

    def popitem(self) -> tuple:
        raise NotImplementedError("globals().popitem() is not available in the grader")

    def clear(self) -> None:
        raise NotImplementedError("globals().clear() is not available in the grader")


def _bindable(key: Any) -> None:
    """NotImplementedError unless ``key`` is a name main.py could bind with ``key = value``."""
    if not bindable_name(key):
        shown = repr(key[:60]) if type(key) is str else f"<{type(key).__name__}>"
        raise NotImplementedError(f"globals() cannot bind or delete {shown} in the grader: only a name main.py "
                                  "could assign itself")
