"""The names a submission may and may not use: dunder methods of its classes, unavailable calls, introspection
attributes, the dunders it may read or write (grader.sandbox.policy judges them at compile time, the guards at
run time)."""

from __future__ import annotations

import types

from RestrictedPython.transformer import INSPECT_ATTRIBUTES

# Dunder methods a student class may define (inside a class body only). The grader never
# calls them on returned values: values.plain reads builtin types through their C methods.
MAGIC_METHODS = frozenset({
    "__init__", "__repr__", "__str__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
    "__hash__", "__contains__", "__len__", "__iter__", "__getitem__", "__bool__", "__post_init__", "__call__",
    "__next__", "__setitem__", "__delitem__", "__enter__", "__exit__",
    "__init_subclass__",  # kept and called by the guards (grader/sandbox/subclass_hooks.py), never by Python
    "__missing__",  # a dict subclass's answer to a missing key (as an own __getitem__ could give)
    "__new__",  # a str or int value type checked as it is made; base __new__ only for own classes (dunders.py)
    # Descriptors: Python calls them only for attributes of main.py's own classes, with classes as type(x) shows them
    # (grader/sandbox/contexts.py); the class statement calls __set_name__ before the class is main.py's own.
    "__get__", "__set__", "__delete__", "__set_name__",
    # Attribute lookups that fail on main.py's own objects (an attribute-style dict); the grader reads its own
    # values and copies objects without looking names up on them (grader/sandbox/copying.py).
    "__getattr__", "__format__", "__reversed__",
    "__setattr__", "__delattr__",  # an immutable value type's: the grader writes own objects by object.__setattr__
    # Kept as methods main.py may call; copy.copy/deepcopy are the grader's, which copy an own object's data
    # (__reduce__'s answer checked: grader/sandbox/class_specials.py).
    "__copy__", "__deepcopy__", "__reduce__",
    "__class_getitem__",  # Box[int]: a classmethod of main.py's, or Python's GenericAlias (class_specials.py)
    # Operators of value types, which receive classes as type(x) shows them (grader/sandbox/contexts.py).
    "__add__", "__radd__", "__iadd__", "__sub__", "__rsub__", "__isub__", "__mul__", "__rmul__",
    "__or__", "__ror__", "__ior__", "__and__", "__rand__", "__iand__", "__xor__", "__rxor__", "__neg__", "__pos__",
    "__abs__", "__invert__",
})

# Builtins that do not exist in the sandbox; calling them is refused with a clear reason. Not ``dir``: it gives names
# only (strs), never a value, so it is the builtin (grader/sandbox/classes.py PLAIN_BUILTINS); not ``locals`` and
# ``globals``, copies of main.py's own names (grader/sandbox/dunders.py scope_builtins).
UNAVAILABLE_CALLS = frozenset({
    "eval", "exec", "compile", "open", "breakpoint",
    "__import__",
})

# Longest name a submission may define (class and function names are quoted in reports).
MAX_NAME_LENGTH = 100

# Attribute name prefixes of frames, code, generators, coroutines and tracebacks.
INTROSPECTION_PREFIXES = ("gi_", "cr_", "ag_", "tb_", "f_", "co_", "func_", "im_")

# The attributes of those kinds of objects that actually carry such a prefix (``f_back``, ``co_code``,
# ``gi_frame``...). Compile time refuses these names on any object; any other prefixed name
# (``self.f_names``, ``self.func_table``) is refused at run time on every object but the submission's own.
INTROSPECTION_NAMES = frozenset(
    name for kind in (types.FrameType, types.CodeType, types.GeneratorType, types.CoroutineType,
                      types.AsyncGeneratorType, types.TracebackType, types.FunctionType, types.MethodType,
                      types.BuiltinFunctionType)
    for name in dir(kind) if name.startswith(INTROSPECTION_PREFIXES)) | INSPECT_ATTRIBUTES


def reserved_name(name: str) -> bool:
    """True for names the sandbox itself uses or that reach Python internals.

    Guard hooks (``_getattr_``, ``_write_``...) start and end with ``_``; the transformer's
    own names are ``_tmp<n>`` and ``_print``; dunder names reach interpreter internals.
    Names with one leading underscore (``_check_id``, ``_re``) are a student's own.
    """
    if not name.startswith("_") or name == "_" or name in PLAIN_DUNDER_NAMES:
        return False
    return name.startswith("__") or name.endswith("_") or name == "_print" or \
        (name.startswith("_tmp") and name[4:].isdigit())


def bindable_name(name: object) -> bool:
    """True for a name main.py's code may bind with ``name = value`` (an exact str; grader/sandbox/policy.py
    check_name refuses the others at compile time)."""
    return type(name) is str and name.isidentifier() and len(name) <= MAX_NAME_LENGTH and not reserved_name(name) \
        and not name.endswith("__roles__") and name not in RESERVED_PLAIN_NAMES


# Names without "_" that RestrictedPython keeps for itself (print) or refuses to bind.
RESERVED_PLAIN_NAMES = ("print", "builtins", "breakpoint")


# Dunder names innocent modules and classes define; Python gives them no hidden power here
# (``__slots__`` only limits the attributes of the submission's own instances).
PLAIN_DUNDER_NAMES = frozenset({"__all__", "__version__", "__author__", "__slots__", "__match_args__",
                                # a module header as templates write it (pydoc shows them; Python reads none)
                                "__copyright__", "__credits__", "__license__", "__maintainer__", "__email__",
                                "__status__", "__date__", "__contact__"})


# Special methods a submission may read on any object, to call a base class's (``super().__repr__()``,
# ``str.__eq__(self, other)``, ``super().__post_init__()``): each does what a builtin or an operator does with the
# object (repr, str, format, hash, ==, iter, next, reversed, bool, +...) or is main.py's own.
BASE_METHODS = frozenset({"__repr__", "__str__", "__format__", "__hash__", "__eq__", "__ne__", "__lt__", "__le__",
                          "__gt__", "__ge__", "__iter__", "__next__", "__reversed__", "__bool__", "__post_init__",
                          "__missing__", "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__or__",
                          "__ror__", "__and__", "__rand__", "__xor__", "__rxor__", "__neg__", "__pos__", "__abs__",
                          "__invert__"})


# Special methods Python calls with the object alone: a class body may bind one to a base's (``__hash__ = str.__hash__``).
SELF_ONLY_METHODS = frozenset({"__hash__", "__repr__", "__str__", "__bool__", "__len__", "__iter__", "__reversed__"})


# An enum's hooks, defined with a def in a class body (called only by the grader's enum, enums.py: ``_missing_`` by
# main.py's own Status(value), ``_generate_next_value_`` for an ``auto()`` member) and member tables (new copies:
# dunders.py).
ENUM_HOOKS = frozenset({"_missing_", "_generate_next_value_"})
ENUM_TABLES = frozenset({"__members__", "_member_map_", "_member_names_", "_value2member_map_"})

# Read as plain values (grader/sandbox/dunder_values.py): an exception's chaining and notes, a function's defaults
# and what it wraps (of main.py's own functions only).
EXCEPTION_DUNDERS = frozenset({"__notes__", "__context__", "__suppress_context__", "__traceback__"})
FUNCTION_DUNDERS = frozenset({"__defaults__", "__kwdefaults__", "__wrapped__"})
VALUE_DUNDERS = EXCEPTION_DUNDERS | FUNCTION_DUNDERS

# Dunder attributes a submission may read (never write): ``super().__init__(...)`` in an
# exception class, ``type(x).__name__`` in an error message, ``object.__setattr__(self, name, value)``
# in a frozen dataclass's ``__post_init__`` (the guard hands out ``object``'s only, for the
# submission's own objects), ``super().__new__(cls, value)`` in a str subclass (it makes objects of main.py's own
# classes only). None of them leads to a frame, a module or a function's globals.
READABLE_DUNDERS = frozenset({"__init__", "__name__", "__class__", "__doc__", "__getitem__", "__len__", "__contains__",
                              "__setattr__", "__dict__", "__qualname__", "__module__", "__cause__", "__setitem__",
                              "__delitem__", "__annotations__", "__init_subclass__", "__new__", "__subclasses__",
                              "__slots__", "__match_args__", "__required_keys__", "__optional_keys__",
                              "__total__", "__dataclass_fields__", "__reduce__"}) | BASE_METHODS | ENUM_TABLES | \
    VALUE_DUNDERS


# Dunder attributes a submission may set (``f.__doc__ = "..."``, a hand-written decorator's ``wrapper.__name__``): through
# ``_write_dunder_`` (grader/sandbox/dunders.py), which takes only main.py's own functions and classes (names: functions).
WRITABLE_DUNDERS = frozenset({"__doc__", "__name__", "__qualname__"})


def forbidden_attribute(name: str, reading: bool = False, own: bool = False) -> bool:
    """True for attribute names no submission may read or write (``reading``: a read; ``own``: of an
    object of the submission's own class, whose prefixed names such as ``f_names`` are its own business)."""
    if reading and name in READABLE_DUNDERS:
        return False
    return (
        name.startswith("__")
        or (name.startswith("_") and name.endswith("_") and name != "_")
        or name in INTROSPECTION_NAMES
        or (not own and name.startswith(INTROSPECTION_PREFIXES))
        or name == "mro"
    )



# What the message of a refused attribute adds: how to write it instead (English, Dutch: grader/details.py).
_REFUSAL_HINTS = {
    "__closure__": ("keep the value in a name, a default argument or an attribute of the function instead",
                    "bewaar de waarde liever in een naam, een standaardargument of een attribuut van de functie"),
    "__globals__": ("use the name itself, or globals()[name]", "gebruik de naam zelf, of globals()[naam]"),
    "__code__": ("call the function instead", "roep de functie liever aan"),
    "__self__": ("keep the object in a name of its own", "bewaar het object in een eigen naam"),
    "__func__": ("call the method, or keep the function in a name of its own",
                 "roep de methode aan, of bewaar de functie in een eigen naam"),
    # An enum as Python's documentation builds one with a __new__ of its own (obj._value_ = value), and its checks.
    "_value_": ("an enum member's value is what the class body gives it (OPEN = 'open'); give a member more data "
                "with OPEN = ('open', 'Open') and def __init__(self, code, label), without __new__",
                "de waarde van een enum-lid is wat de klasse het geeft (OPEN = 'open'); geef een lid meer gegevens "
                "met OPEN = ('open', 'Open') en def __init__(self, code, label), zonder __new__"),
    "_order_": ("an enum's members keep the order of its class body without it, so leave it out",
                "de leden van een enum houden ook zonder de volgorde van de klasse, dus laat het weg"),
    "_ignore_": ("it is set in an enum's class body only (_ignore_ = ['i']), and read by the enum itself",
                 "het wordt alleen in de klasse van een enum gezet (_ignore_ = ['i']) en door de enum zelf gelezen"),
}
# The same for a name of VALUE_DUNDERS read off an object that does not offer it (grader/sandbox/dunder_values.py).
VALUE_HINTS = {
    **dict.fromkeys(EXCEPTION_DUNDERS, ("read it off an exception", "lees het van een exception")),
    **dict.fromkeys(("__defaults__", "__kwdefaults__"), ("read it off a function main.py defines",
                                                         "lees het van een functie die main.py definieert")),
    "__wrapped__": ("it is kept for main.py's own functions decorated with functools.wraps or lru_cache",
                    "het wordt bewaard voor eigen functies van main.py met functools.wraps of lru_cache"),
}
HINTS_IN_DUTCH = {english: dutch for english, dutch in (*_REFUSAL_HINTS.values(), *VALUE_HINTS.values())}


def refusal_hint(name: str) -> str:
    """``": how to write it instead"`` for a refused attribute name the grader knows a way around, else ``""``."""
    hint = _REFUSAL_HINTS.get(name)
    return f": {hint[0]}" if hint else ""
