"""Read-only views of the standard modules a submission may import (a vetted whitelist)."""

from __future__ import annotations

import __future__
import base64
import binascii
import bisect
import collections
import collections.abc
import contextvars
import copy
import dataclasses
import datetime
import decimal
import difflib
import errno
import fractions
import functools
import hashlib
import heapq
import hmac
import importlib
import itertools
import json
import keyword
import math
import numbers
import operator
import re
import secrets
import string
import textwrap
import time
import types
import typing
import unicodedata
import uuid
from typing import Any, Callable

from grader.sandbox import clock, typing_bases
from grader.sandbox.pickling import pickle_view
from grader.sandbox.process_state import load_clock
from grader.sandbox.testcase import unittest_view
from grader.sandbox.views import (ModuleView, PartialMethod, atexit_view, contextlib_view, doctest_view,
                                 logging_view, random_view, reprlib_view, sleep, warnings_view)

# datetime.strptime imports _strptime from C through the calling frame's __import__, which gives main.py a stand-in
# and left the module out of sys.modules (a KeyError); imported here, the C code finds it there.
importlib.import_module("_strptime")

# Module name -> the attributes a submission may use. Everything else of the real module,
# and the module object itself, stays out of reach (a module's attributes lead to sys, os
# and the real builtins). functools.wraps and update_wrapper are stand-ins (the real ones write attributes
# of any function) that copy a name and docstring between main.py's own functions only; string.Formatter is the
# grader's (its fields read through the attribute guard: grader/sandbox/formatting.py). Left out on purpose:
# typing.ForwardRef (evaluates strings; get_type_hints is the grader's: type_hints.py),
# operator.attrgetter and methodcaller are the grader's own, which read through the attribute guard:
# grader/sandbox/operators.py).
WHITELIST: dict[str, tuple[Any, tuple[str, ...]]] = {
    "re": (re, ("compile", "fullmatch", "match", "search", "sub", "subn", "split", "findall", "finditer",
                "escape", "error", "Pattern", "Match", "A", "ASCII", "I", "IGNORECASE", "M", "MULTILINE",
                "S", "DOTALL", "X", "VERBOSE", "U", "UNICODE", "NOFLAG")),
    # JSONDecoder sets attributes on its own objects only and calls main.py's hooks with what it parsed.
    "json": (json, ("dumps", "loads", "JSONDecodeError", "JSONEncoder", "JSONDecoder")),
    "hashlib": (hashlib, ("sha256", "sha1", "sha224", "sha384", "sha512", "md5", "blake2b", "blake2s", "new", "sha3_224",
                          "sha3_256", "sha3_384", "sha3_512")),
    "copy": (copy, ("copy", "deepcopy", "Error")),
    "math": (math, tuple(name for name in dir(math) if not name.startswith("_"))),
    "string": (string, ("ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits", "hexdigits",
                        "octdigits", "punctuation", "printable", "whitespace", "capwords", "Template", "Formatter")),
    "collections": (collections, ("OrderedDict", "defaultdict", "Counter", "deque", "ChainMap", "namedtuple", "UserDict",
                                  "UserList")),
    "itertools": (itertools, tuple(name for name in dir(itertools) if not name.startswith("_"))),
    "functools": (functools, ("reduce", "partial", "lru_cache", "cache", "cmp_to_key", "total_ordering", "wraps",
                                "update_wrapper")),
    "collections.abc": (collections.abc, ("Mapping", "MutableMapping", "Sequence", "MutableSequence", "Set",
                                          "MutableSet", "Iterable", "Iterator", "Hashable", "Callable",
                                          "Container", "Sized", "Collection", "Generator", "KeysView",
                                          "ValuesView", "ItemsView")),
    "typing": (typing, ("Any", "Dict", "List", "Set", "FrozenSet", "Tuple", "Optional", "Union", "Mapping",
                        "MutableMapping", "Iterable", "Iterator", "Sequence", "Callable", "Final", "Literal",
                        "Hashable", "NoReturn", "cast", "TYPE_CHECKING", "ChainMap", "LiteralString", "TypedDict", "NamedTuple", "Protocol",
                        "TypeVar", "Type", "ClassVar", "get_args", "get_origin", "TypeAlias", "Collection", "AbstractSet",
                        "Generator", "Pattern", "Match", "DefaultDict", "Deque", "Counter", "OrderedDict",
                        "Annotated", "NewType", "Generic", "Container", "Sized", "KeysView", "ValuesView",
                        "ItemsView", "TypeGuard", "NotRequired", "Required", "Never", "assert_never", "final",
                        "Self", "Text", "MutableSet", "MutableSequence", "Reversible", "AnyStr", "overload",
                        "ParamSpec", "Concatenate", "SupportsInt", "SupportsIndex", "SupportsFloat", "SupportsAbs",
                        "SupportsRound", "IO", "TextIO", "BinaryIO", "ContextManager", "MappingView", "ByteString",
                        "Awaitable", "Coroutine", "AsyncIterator", "AsyncIterable", "AsyncGenerator", "assert_type")),
    "types": (types, ("MappingProxyType", "NoneType")),
    # The numeric tower for isinstance tests (an int check written as numbers.Integral); its register, like that of
    # collections.abc, is refused by the attribute guard, and a class built on one is refused as any ABC base.
    "numbers": (numbers, ("Number", "Complex", "Real", "Rational", "Integral")),
    # Pure functions of their arguments (an item read is not guarded: _getitem_ is operator.getitem); not
    # setitem/delitem or the in-place forms (writes); attrgetter and methodcaller are the grader's (guarded).
    "operator": (operator, ("itemgetter", "attrgetter", "methodcaller", "getitem", "add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "neg",
                            "pos", "abs", "eq", "ne", "lt", "le", "gt", "ge", "not_", "truth", "and_", "or_", "xor",
                            "contains", "countOf", "indexOf", "concat", "is_", "is_not", "index")),
    "dataclasses": (dataclasses, ("dataclass", "field", "fields", "asdict", "astuple", "replace",
                                  "is_dataclass", "FrozenInstanceError", "InitVar", "KW_ONLY", "MISSING",
                                  "make_dataclass")),
    # Clocks and timestamps (a time in a log row, a duration in a debug line); sleep is a stand-in and the clocks are
    # moved on for the checks marked last (build_views, grader.sandbox.clock).
    "time": (time, ("time", "time_ns", "perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "process_time",
                    "strftime", "ctime", "localtime", "gmtime", "asctime")),
    "datetime": (datetime, ("datetime", "date", "time", "timedelta", "timezone", "UTC", "MINYEAR", "MAXYEAR")),
    "binascii": (binascii, ("hexlify", "unhexlify", "b2a_hex", "a2b_hex", "Error")),
    "base64": (base64, ("b16encode", "b16decode", "b64encode", "b64decode", "urlsafe_b64encode", "urlsafe_b64decode",
                        "standard_b64encode", "standard_b64decode", "b32encode", "b32decode")),
    # Pure functions of a str (a verbose regex written indented, a message wrapped to a width).
    "textwrap": (textwrap, ("dedent", "indent", "fill", "wrap", "shorten")),
    # Pure functions of a str (a look-alike character refused by its normal form); not ucd_3_2_0, an object.
    "unicodedata": (unicodedata, ("normalize", "is_normalized", "category", "name", "lookup", "numeric", "decimal",
                                  "digit", "bidirectional", "combining", "east_asian_width", "mirrored",
                                  "decomposition", "unidata_version")),
    # A keyed digest of bytes (a seal on a log row); HMAC itself, a class to build on, stays out.
    "hmac": (hmac, ("compare_digest", "new", "digest")),
    # A pure function of strs (an unknown tool name answered with "did you mean set_ticket?").
    "difflib": (difflib, ("get_close_matches",)),
    # Functions of a list the caller hands in (a sorted register searched in halves, a priority queue); not heapq.merge,
    # a generator that would hold main.py's iterators.
    "bisect": (bisect, ("bisect", "bisect_left", "bisect_right", "insort", "insort_left", "insort_right")),
    "heapq": (heapq, ("heapify", "heappop", "heappush", "heappushpop", "heapreplace", "nlargest", "nsmallest")),
    "secrets": (secrets, ("compare_digest", "token_hex", "token_bytes", "token_urlsafe", "choice", "randbelow")),
    # Random ids for a demo (uuid4 reads os.urandom, uuid5 hashes a name); uuid1 is the grader's, with a random node
    # in place of the machine's address (grader/sandbox/stdlib_views.py).
    "uuid": (uuid, ("uuid4", "uuid5", "UUID", "NAMESPACE_DNS", "NAMESPACE_URL", "NAMESPACE_OID")),
    # Exact numbers, values that change nothing else (an isinstance test, a sum of amounts): Decimal's arithmetic uses
    # the process's context, which stays out of reach (getcontext, setcontext, localcontext and Context are left out).
    "decimal": (decimal, ("Decimal", "DecimalException", "InvalidOperation", "DivisionByZero", "Inexact", "Rounded",
                          "Overflow", "Underflow", "FloatOperation", "ROUND_UP", "ROUND_DOWN", "ROUND_CEILING",
                          "ROUND_FLOOR", "ROUND_HALF_UP", "ROUND_HALF_DOWN", "ROUND_HALF_EVEN", "ROUND_05UP")),
    "fractions": (fractions, ("Fraction",)),
    # A value per running call (the host actor of the dispatch in progress): a ContextVar holds what main.py sets on
    # it; copy_context and Context, which would show every variable of the grader's process, are left out.
    "contextvars": (contextvars, ("ContextVar",)),
    # The system's error numbers, compared with an OSError's errno (errorcode: a copy for each submission, build_views).
    "errno": (errno, tuple(name for name in dir(errno) if name.startswith("E"))),
    # Python's keywords (kwlist and softkwlist are new lists for each submission: build_views).
    "keyword": (keyword, ("iskeyword", "issoftkeyword")),
    # Every future a Python 3 module may still name (no-ops but annotations); not barry_as_FLUFL.
    "__future__": (__future__, ("annotations", "division", "absolute_import", "generators", "generator_stop",
                                "nested_scopes", "print_function", "unicode_literals", "with_statement")),
}




def _private_copy(function: types.FunctionType) -> types.FunctionType:
    """A copy of a module's Python function for one submission (same code, own defaults and attributes).

    The grader's own code (the checks' ``json.dumps``, the result channel) keeps using the
    original, so no path that manages to change a function's ``__kwdefaults__``, ``__defaults__``
    or ``__dict__`` reaches the grader's copy.
    """
    copy = types.FunctionType(function.__code__, function.__globals__, function.__name__, function.__defaults__,
                              function.__closure__)
    copy.__kwdefaults__ = dict(function.__kwdefaults__) if function.__kwdefaults__ else None
    copy.__dict__.update(function.__dict__)
    copy.__qualname__, copy.__doc__, copy.__module__ = function.__qualname__, function.__doc__, function.__module__
    return copy


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
            value = getattr(module, attribute)
            # typing's class helpers compare themselves by identity (NamedTuple's __mro_entries__);
            # the grader's code does not use them, so they need no private copy.
            if isinstance(value, types.FunctionType) and name != "typing":
                value = _private_copy(value)
            value = wrap(name, attribute, value)
            # A plain function stored on a class would bind the view as its first argument.
            namespace[attribute] = staticmethod(value) if isinstance(value, types.FunctionType) else value
        views[name] = type(name, (ModuleView,), namespace)()
    type(views["collections"]).abc = views["collections.abc"]  # ``import collections.abc``
    type(views["time"]).sleep = staticmethod(sleep)
    type(views["functools"]).partialmethod = PartialMethod
    # A frozen copy: hashlib's own is a set the grader's hashlib shares (algorithms_available is one too, left out).
    type(views["hashlib"]).algorithms_guaranteed = frozenset(hashlib.algorithms_guaranteed)
    type(views["keyword"]).kwlist, type(views["keyword"]).softkwlist = list(keyword.kwlist), list(keyword.softkwlist)
    type(views["errno"]).errorcode = dict(errno.errorcode)
    for name, function in clock.TIME_FUNCTIONS.items():  # the clocks the grader moves on (grader.sandbox.clock)
        setattr(type(views["time"]), name, staticmethod(function))
    type(views["time"]).process_time = staticmethod(load_clock())  # this load's CPU time (process_state.py)
    # The grader's: it marks a plain Protocol class (the real one writes _is_runtime_protocol on its argument).
    type(views["typing"]).runtime_checkable = staticmethod(typing_bases.runtime_checkable)
    type(views["typing"]).is_typeddict = staticmethod(typing_bases.is_typeddict)  # of the plain TypedDict classes
    views["logging"], views["contextlib"] = logging_view(), contextlib_view()
    views["logging.handlers"] = views["logging"].handlers  # ``from logging.handlers import MemoryHandler``
    views["unittest"] = unittest_view(ModuleView)
    views["random"] = random_view()
    views["warnings"], views["atexit"] = warnings_view(), atexit_view()
    views["doctest"], views["reprlib"] = doctest_view(), reprlib_view()  # io: the Guards' (it shows file classes)
    views["pickle"] = pickle_view(views)  # a copy written pickle.loads(pickle.dumps(x)): plain data only
    return views
