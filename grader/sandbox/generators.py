"""A submission's generators are kept alive, so their clean-up code never runs inside the grader's code.

A suspended generator runs code when it is freed: ``close()`` throws ``GeneratorExit`` at its
``yield``, and its ``finally`` blocks and ``with`` exits run. Freed by the grader (a value it
overwrites in its own input, where the submission hid a generator inside a str subclass), that
code would run in the middle of a check, after the submission's call returned: it could undo what
the check just changed and turn a finding into a pass. So every generator a submission makes is
held here until the grading process ends (it ends with ``os._exit``: no finalizer runs); the ones
that finished, which can never run again, are let go now and then.

The policy (grader.sandbox.policy) rewrites every generator function of main.py as a function of
the same signature that makes the generator with an inner function holding the original body and
hands it to :func:`kept` (``_generator_`` in the namespace); both functions are main.py's own.
"""

from __future__ import annotations

import ast
import collections.abc
import types

# The inner function's name: reserved, so the body's own name still calls the outer function (a recursive
# generator's ``yield from f(n - 1)`` makes a kept generator too).
BODY = "_generator_body_"
_KEPT: list[types.GeneratorType] = []
_LET_GO_AT = [1024]  # sweep finished generators once this many are held


def kept(generator: object) -> object:
    """Hold ``generator`` until the process ends; returns it."""
    _KEPT.append(generator)
    if len(_KEPT) >= _LET_GO_AT[0]:
        _KEPT[:] = [held for held in _KEPT if getattr(held, "gi_frame", None) is not None]
        _LET_GO_AT[0] = max(1024, 2 * len(_KEPT))
    return generator


def _keys(view: collections.abc.KeysView):
    """``KeysView.__iter__`` as ``ItemsView`` and ``ValuesView`` iterate: a ``for`` loop over the mapping."""
    for key in view._mapping:
        yield key


def delegate_nothing() -> None:
    """Make the library generators a submission can reach hand nothing on when they are freed (in: nothing;
    out: None; idempotent, for the whole process).

    A suspended generator that delegates with ``yield from`` is closed by Python when it is freed, and closing
    it calls ``close()`` of the iterator it delegates to. ``collections.abc.KeysView`` iterates its mapping so
    (``KeysView(m)``, ``typing.KeysView(m)``, ``Mapping.keys(m)``): main.py's mapping could hand it an iterator
    of its own, whose ``close()``, a plain method, would then run wherever the grader let go of that generator
    (a value it overwrites in its own input), inside a check after the call returned. A ``for`` loop leaves the
    iterator alone; iteration itself is the same.
    """
    collections.abc.KeysView.__iter__ = _keys


def _own_scope(node: ast.AST):
    """``node`` and the nodes below it in the same scope: of nested functions, lambdas and classes only the parts
    this scope evaluates where it makes them (decorators, defaults, annotations, bases and keywords: a ``yield``
    there makes this function a generator), never their bodies."""
    parts = _made_here(node)
    if parts is None:
        yield node
        parts = list(ast.iter_child_nodes(node))
    for part in parts:
        yield from _own_scope(part)


def _made_here(node: ast.AST) -> list[ast.AST] | None:
    """The parts of a nested function, lambda or class that the enclosing scope evaluates; ``None`` for any
    other node (all of it is in the enclosing scope)."""
    if isinstance(node, ast.ClassDef):
        return [*node.decorator_list, *node.bases, *node.keywords]
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return None
    arguments = node.args
    every = [*arguments.posonlyargs, *arguments.args, arguments.vararg, *arguments.kwonlyargs, arguments.kwarg]
    annotations = [arg.annotation for arg in every if arg is not None and arg.annotation is not None]
    made = [*arguments.defaults, *(value for value in arguments.kw_defaults if value is not None), *annotations]
    if not isinstance(node, ast.Lambda):
        made += [*node.decorator_list, *([node.returns] if node.returns is not None else [])]
    return made


def has_docstring(body: list[ast.stmt]) -> bool:
    """Whether a module's or function's ``body`` starts with a docstring (a str constant on its own)."""
    return bool(body) and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
        and isinstance(body[0].value.value, str)


def makes_generator(node: ast.FunctionDef | ast.Lambda) -> bool:
    """Whether ``node`` (its own body, not a nested function's) holds ``yield`` or ``yield from``."""
    body = node.body if isinstance(node.body, list) else [node.body]
    return any(isinstance(found, (ast.Yield, ast.YieldFrom)) for statement in body for found in _own_scope(statement))


def keep_generators(node: ast.FunctionDef) -> ast.FunctionDef:
    """``def f(a, b=1, *c, d, **e): <body>`` as ``def f(a, b=1, *c, d, **e): def _generator_body_(a, b, *c, d, **e): <body>;
    return _generator_(_generator_body_(a, b, *c, d=d, **e))``: same name, signature, defaults, decorators and docstring."""
    arguments = node.args
    bare = lambda arg: ast.arg(arg=arg.arg)  # noqa: E731 - no annotation: the outer function keeps them
    inner_arguments = ast.arguments(
        posonlyargs=[bare(arg) for arg in arguments.posonlyargs], args=[bare(arg) for arg in arguments.args],
        vararg=arguments.vararg and bare(arguments.vararg), kwonlyargs=[bare(arg) for arg in arguments.kwonlyargs],
        kw_defaults=[None] * len(arguments.kwonlyargs), kwarg=arguments.kwarg and bare(arguments.kwarg), defaults=[])
    inner = ast.FunctionDef(name=BODY, args=inner_arguments, body=node.body, decorator_list=[], returns=None,
                            type_comment=None)
    positional = [ast.Name(arg.arg, ast.Load()) for arg in (*arguments.posonlyargs, *arguments.args)]
    if arguments.vararg:
        positional.append(ast.Starred(ast.Name(arguments.vararg.arg, ast.Load()), ast.Load()))
    keywords = [ast.keyword(arg=arg.arg, value=ast.Name(arg.arg, ast.Load())) for arg in arguments.kwonlyargs]
    if arguments.kwarg:
        keywords.append(ast.keyword(arg=None, value=ast.Name(arguments.kwarg.arg, ast.Load())))
    made = ast.Call(func=ast.Name(BODY, ast.Load()), args=positional, keywords=keywords)
    body: list[ast.stmt] = [inner, ast.Return(ast.Call(func=ast.Name("_generator_", ast.Load()), args=[made], keywords=[]))]
    if has_docstring(node.body):
        body.insert(0, node.body[0])  # the docstring: the outer function's __doc__ stays the same
    for part in body[-2:]:
        ast.copy_location(part, node)
    node.body = body
    return ast.fix_missing_locations(node)
