"""Read-only views of the standard modules a submission may import (a vetted whitelist)."""

from __future__ import annotations

import collections
import copy
import dataclasses
import functools
import hashlib
import hmac
import itertools
import json
import math
import re
import string
import types
import typing
from typing import Any, Callable

# Module name -> the attributes a submission may use. Everything else of the real module,
# and the module object itself, stays out of reach (a module's attributes lead to sys, os
# and the real builtins). Left out on purpose: string.Formatter/Template (field access
# bypasses the attribute guard), functools.wraps/update_wrapper (write attributes of any
# function), typing.get_type_hints/ForwardRef (evaluate strings), operator (attrgetter).
WHITELIST: dict[str, tuple[Any, tuple[str, ...]]] = {
    "re": (re, ("compile", "fullmatch", "match", "search", "sub", "subn", "split", "findall", "finditer",
                "escape", "error", "Pattern", "Match", "A", "ASCII", "I", "IGNORECASE", "M", "MULTILINE",
                "S", "DOTALL", "X", "VERBOSE", "U", "UNICODE", "NOFLAG")),
    "json": (json, ("dumps", "loads", "JSONDecodeError")),
    "hashlib": (hashlib, ("sha256", "sha1", "sha224", "sha384", "sha512", "md5", "blake2b", "blake2s", "new")),
    "copy": (copy, ("copy", "deepcopy", "Error")),
    "math": (math, tuple(name for name in dir(math) if not name.startswith("_"))),
    "string": (string, ("ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits", "hexdigits",
                        "octdigits", "punctuation", "printable", "whitespace", "capwords")),
    "collections": (collections, ("OrderedDict", "defaultdict", "Counter", "deque", "ChainMap", "namedtuple")),
    "itertools": (itertools, tuple(name for name in dir(itertools) if not name.startswith("_"))),
    "functools": (functools, ("reduce", "partial", "lru_cache", "cache", "cmp_to_key", "total_ordering")),
    "typing": (typing, ("Any", "Dict", "List", "Set", "FrozenSet", "Tuple", "Optional", "Union", "Mapping",
                        "MutableMapping", "Iterable", "Iterator", "Sequence", "Callable", "Final", "Literal",
                        "Hashable", "NoReturn", "cast", "TYPE_CHECKING")),
    "dataclasses": (dataclasses, ("dataclass", "field", "fields", "asdict", "astuple", "replace",
                                  "is_dataclass", "FrozenInstanceError")),
    "hmac": (hmac, ("compare_digest",)),
    "secrets": (hmac, ("compare_digest",)),
    "__future__": (None, ("annotations",)),
}


def _future_annotations() -> Any:
    import __future__
    return __future__.annotations


class ModuleView:
    """Base of every module view: no instance state, no writes, and a clear error for the rest."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError(f"module {type(self).__name__} is read-only in the grader")

    def __delattr__(self, name: str) -> None:
        raise TypeError(f"module {type(self).__name__} is read-only in the grader")

    def __getattr__(self, name: str) -> object:
        raise AttributeError(f"module {type(self).__name__} has no attribute {name!r} in the grader "
                             f"(only a vetted part of it is available)")


def build_views(wrap: Callable[[str, str, Any], Any]) -> dict[str, ModuleView]:
    """Build one fresh view per whitelisted module.

    In: ``wrap(module, attribute, value)`` that may replace a value (the guards use it to
    register classes made by ``namedtuple``). Out: ``{module name: view}``. Each view is an
    instance of its own class whose class attributes are the vetted values; the real module
    is not referenced by the view.
    """
    views = {}
    for name, (module, attributes) in WHITELIST.items():
        namespace: dict[str, Any] = {"__slots__": ()}
        for attribute in attributes:
            if module is None:
                value = _future_annotations()
            else:
                value = getattr(module, attribute)
            value = wrap(name, attribute, value)
            # A plain function stored on a class would bind the view as its first argument.
            namespace[attribute] = staticmethod(value) if isinstance(value, types.FunctionType) else value
        views[name] = type(name, (ModuleView,), namespace)()
    return views
