"""``typing.get_type_hints`` for a submission: the annotations of its own classes and functions, with the text of an
annotation (``from __future__ import annotations``, a quoted ``'Row'``) read as the names it spells.

Python's evaluates that text with ``eval`` in the module's globals. The grader's reads only what main.py could have
written there itself, through the same guards: names of main.py's globals or of its builtins (not the grader's
reserved names), attributes through the attribute guard (``typing.Optional``), subscripts (``Literal['open',
'done']``, ``dict[str, int]``), ``|`` unions, tuples, lists and constants. Anything else (a call, an operator,
a lambda) raises NameError, as an annotation Python cannot resolve does.
"""

from __future__ import annotations

import ast
import operator
import types
import typing
from typing import TYPE_CHECKING, Any, Callable

from grader.sandbox.classes import student_function
from grader.sandbox.dunders import INITIALIZERS
from grader.sandbox.names import forbidden_attribute, reserved_name

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards


def type_hints(guards: "Guards", annotations: Callable[[Any], dict]) -> Callable[..., dict]:
    """``get_type_hints(obj, globalns=None, localns=None, include_extras=False)`` over ``annotations(x)`` (a new dict
    of the annotations main.py declared on its own class or function ``x``): a class's own and those of its own
    bases, base classes first, as typing merges them; for an object of main.py's own class, those
    ``obj.__annotations__`` finds (:func:`_of_object`). Names are looked up in ``localns``, then ``globalns`` (main.py's
    globals when None), then the builtins main.py sees; a class's annotations also in that class's own names, as
    Python's does (after main.py's globals when neither namespace is given, else before ``globalns``, never beside
    ``localns``)."""
    def get_type_hints(obj: Any, globalns: Any = None, localns: Any = None, include_extras: bool = False) -> dict:
        if isinstance(obj, type) and guards.is_own(obj):
            parts = [(annotations(klass), _ClassNames(guards, klass))
                     for klass in reversed(type.__getattribute__(obj, "__mro__")) if guards.is_own(klass)]
        elif (init := _own_init(guards, obj)) is not None:  # get_type_hints(Row.__init__) of a dataclass
            parts = [(annotations(init) if student_function(init) else dict(init.__annotations__), None)]
        elif student_function(obj.__func__ if type(obj) is types.MethodType else obj):
            parts = [(annotations(obj), None)]
        elif not isinstance(obj, type) and guards.is_own(obj):  # get_type_hints(self) in a __post_init__
            parts = [(_of_object(guards, obj, annotations), None)]
        else:
            raise TypeError("get_type_hints() reads the annotations of main.py's own classes, functions and objects only")
        module = guards.globals if globalns is None else dict(globalns)
        hints = {}
        for declared, names in parts:
            if localns is not None or names is None:
                scopes = (*([] if localns is None else [dict(localns)]), module)
            else:
                scopes = (module, names) if globalns is None else (names, module)
            hints.update(_hints(guards, declared, (*scopes, guards.globals.get("__builtins__", {})), include_extras))
        return hints
    return get_type_hints


def _hints(guards: "Guards", declared: dict, scopes: tuple, include_extras: bool) -> dict:
    """The values of the annotations ``declared``, their texts read with names from ``scopes``."""
    hints = {}
    for name, hint in declared.items():
        value = hint
        for _ in range(2):  # 'Row' under the future import is the text "'Row'": read the text it gives once more
            value = _read(guards, scopes, _parsed(value)) if type(value) is str else value
        value = type(None) if value is None else value
        hints[name] = value if include_extras else typing._strip_annotations(value)  # type: ignore[attr-defined]
    return hints


class _ClassNames:
    """The names of main.py's own class ``klass`` as an annotation's text finds them: those of its own namespace,
    read as main.py's ``klass.name`` reads them."""

    def __init__(self, guards: "Guards", klass: type) -> None:
        self.guards, self.klass = guards, klass

    def __contains__(self, name: str) -> bool:
        return name in type.__getattribute__(self.klass, "__dict__")

    def __getitem__(self, name: str) -> Any:
        return self.guards.getattr(self.klass, name)


def _of_object(guards: "Guards", obj: Any, annotations: Callable[[Any], dict]) -> dict:
    """The annotations Python's ``get_type_hints(obj)`` reads for an object of main.py's own class: those of the nearest
    class of its MRO that declares any (no base's beside them), when that class is main.py's own; else TypeError, as
    for an object without annotations."""
    for klass in type.__getattribute__(type(obj), "__mro__"):
        if "__annotations__" in vars(klass):
            if guards.is_own(klass):
                return annotations(klass)
            break
    raise TypeError(f"{type(obj).__name__!r} object is not a module, class, method, or function")


def _own_init(guards: "Guards", obj: Any) -> Any:
    """The ``__init__`` behind ``Row.__init__`` or ``Row(...).__init__`` of main.py's own class ``Row``: main.py's own
    def, or the one @dataclass wrote from the annotations of main.py's own class; None for anything else."""
    if type(obj) is types.MethodType and not isinstance(obj.__self__, type) and guards.is_own(obj.__self__):
        cls, init = type(obj.__self__), obj.__func__
    elif type(obj) is types.FunctionType and obj in INITIALIZERS:
        cls, init = INITIALIZERS[obj]
    else:
        return None
    for klass in type.__getattribute__(cls, "__mro__"):
        namespace = type.__getattribute__(klass, "__dict__")
        if namespace.get("__init__") is init:
            made = student_function(init) or "__dataclass_fields__" in namespace and type(init) is types.FunctionType \
                and init.__code__.co_filename == "<string>" and init.__qualname__ == f"{klass.__qualname__}.__init__"
            return init if guards.is_own(klass) and made else None
    return None


def _parsed(text: str) -> ast.AST:
    """The expression an annotation's text spells; NameError for a text longer than any annotation a student writes
    (one made at run time could nest deep enough to exhaust the parser)."""
    if len(text) > MAX_TEXT:
        raise NameError(f"an annotation of {len(text)} characters cannot be read in the grader (at most {MAX_TEXT})")
    return ast.parse(text, mode="eval").body


MAX_TEXT = 500


def _read(guards: "Guards", scopes: tuple[dict, ...], node: ast.AST) -> Any:
    """The value of one node of an annotation's text, read as main.py's own code would read it (``scopes``: the
    namespaces a name is looked up in, in order; names of the grader's own never)."""
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        for scope in scopes if not reserved_name(node.id) else ():
            if node.id in scope:
                return scope[node.id]
    elif isinstance(node, ast.Attribute) and not forbidden_attribute(node.attr, reading=True, own=True):
        return guards.getattr(_read(guards, scopes, node.value), node.attr)
    elif isinstance(node, ast.Subscript):
        return operator.getitem(_read(guards, scopes, node.value), _read(guards, scopes, node.slice))
    elif isinstance(node, (ast.Tuple, ast.List)):
        parts = [_read(guards, scopes, part) for part in node.elts]
        return tuple(parts) if isinstance(node, ast.Tuple) else parts
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return operator.or_(_read(guards, scopes, node.left), _read(guards, scopes, node.right))
    raise NameError(f"the annotation {ast.unparse(node)[:60]!r} cannot be read in the grader")
