"""The restricted policy: which Python syntax a submission may use (one method per construct)."""

from __future__ import annotations

import ast
from typing import Callable, Iterator

from RestrictedPython.transformer import IOPERATOR_TO_STR, RestrictingNodeTransformer, copy_locations

from grader.sandbox.generators import has_docstring, keep_generators, makes_generator
from grader.sandbox.modules import WHITELIST
from grader.sandbox.names import (BASE_METHODS, ENUM_HOOKS, MAGIC_METHODS, MAX_NAME_LENGTH, RESERVED_PLAIN_NAMES,
                                 SELF_ONLY_METHODS, UNAVAILABLE_CALLS, WRITABLE_DUNDERS, forbidden_attribute,
                                 refusal_hint, reserved_name)
from grader.sandbox.patterns import MatchStatements
from grader.sandbox.private_names import PrivateNames

def is_main_guard(test: ast.AST) -> bool:
    """``__name__ == '__main__'`` (either way round), also as one of the terms of an ``and``, which is then false too."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(is_main_guard(value) for value in test.values)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    return any(isinstance(side, ast.Name) and side.id == "__name__" for side in sides) and \
        any(isinstance(side, ast.Constant) and side.value == "__main__" and type(side.value) is str for side in sides)


def in_scope(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a module's or a function's own scope: not those inside the bodies of its defs, classes, lambdas."""
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))


def bound_names(scope: ast.AST) -> set[str]:
    """The names of :data:`UNAVAILABLE_CALLS` a module or a function binds in its own scope by an import (``from re
    import compile``, ``from re import *`` binds what the grader offers of re), a def or a class statement: a call of
    such a name there (or in a function inside it) is main.py's own, not a builtin's. A method's name (``def open(self)``
    in a class) binds no name a call elsewhere finds."""
    names: set[str] = set()
    for node in in_scope(scope):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                if alias.name == "*" and isinstance(node, ast.ImportFrom) and node.module in WHITELIST:
                    names.update(WHITELIST[node.module][1])
                names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
    return {name for name in names & UNAVAILABLE_CALLS if not name.startswith("_")}


class GraderPolicy(MatchStatements, RestrictingNodeTransformer):
    """RestrictedPython's policy, relaxed where students need it and tightened where graders need it.

    Errors are recorded as ``"Line N: text"`` strings (RestrictedPython's convention); the
    loader turns them into feedback. Relaxations: ``x[k] += v`` and ``obj.a += v``; names with
    one leading underscore; ``__name__`` and ``__file__`` (read only); ``__getattr__`` and ``__dir__`` outside
    class bodies (PEP 562's module hooks, plain names the loader never calls); dunder methods of :data:`MAGIC_METHODS`
    in class bodies; single-underscore attributes (the runtime guard allows them only on the
    student's own classes); ``match`` without keyword class patterns (grader.sandbox.patterns); ``nonlocal``.
    Tightenings: bare ``except:`` becomes ``except Exception:``; ``getattr``/``hasattr`` only
    with a literal name; builtins that do not exist in the sandbox are refused by name.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.scopes: list[str] = ["module"]
        # Per module and function being visited: the names of UNAVAILABLE_CALLS that main.py binds itself there.
        self.own_calls: list[set[str]] = [set()]
        # Per match statement being visited: assignments of its dotted class patterns' classes (see visit_MatchClass).
        self.class_patterns: list[list[ast.stmt]] = []
        # ``from __future__ import annotations``: annotations stay text (PEP 563), never evaluated.
        self.lazy_annotations = False

    # Names -----------------------------------------------------------------------------
    def check_name(self, node: ast.AST, name: str | None, allow_magic_methods: bool = False) -> None:
        if name is None:
            return
        if len(name) > MAX_NAME_LENGTH:  # class names end up in every report line that quotes an exception
            self.error(node, f"a name of {len(name)} characters is too long (at most {MAX_NAME_LENGTH}).")
            return
        if allow_magic_methods and name in (MAGIC_METHODS | ENUM_HOOKS) and self.scopes[-1] == "class":
            return
        if allow_magic_methods and self.scopes[-1] == "class" and name.startswith("__") and name.endswith("__"):
            self.error(node, f'the special method "{name}" is not available in the grader; a class may define '
                             + ", ".join(sorted(MAGIC_METHODS)) + ".")
            return
        if name in ("__getattr__", "__dir__") and self.scopes[-1] != "class":
            return  # PEP 562's module hooks: plain names here (the loader reads main.py's names off its dict, no hook)
        if reserved_name(name):
            self.error(node, f'"{name}" is reserved: names starting with "__", or starting and ending with "_", '
                             f'and "_print" and "_tmp" followed by digits belong to the grader{refusal_hint(name)}.')
        elif name.endswith("__roles__") or name in RESERVED_PLAIN_NAMES:
            self.error(node, f'"{name}" is a reserved name.')

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id in ("__name__", "__doc__", "__debug__", "__file__") and isinstance(node.ctx, ast.Load):
            return node  # __debug__: a constant the compiler puts in its place (True unless python -O)
        if node.id == "printed":  # an ordinary name here: output is captured by the grader, not read back
            return node
        return super().visit_Name(node)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> ast.AST:
        for name in node.names:
            self.check_name(node, name)
        return node

    def visit_Global(self, node: ast.Global) -> ast.AST:
        for name in node.names:
            self.check_name(node, name)
        return node

    def visit_Module(self, node: ast.Module) -> ast.AST:
        """The module, with the print collector after its docstring and ``from __future__`` imports.

        RestrictedPython puts it after the future imports only: above a docstring, it pushed them
        down and a valid module no longer compiled ("must occur at the beginning of the file").
        """
        PrivateNames().visit(node)  # self.__rows in class Log: _Log__rows, as Python's compiler names it
        self.lazy_annotations = any(isinstance(statement, ast.ImportFrom) and statement.module == "__future__"
                                    and any(alias.name == "annotations" for alias in statement.names)
                                    for statement in node.body)
        # from re import compile: main.py's own compile() (none of these names is a builtin in the sandbox).
        self.own_calls = [bound_names(node)]
        for statement in node.body:
            if isinstance(statement, ast.If) and is_main_guard(statement.test):
                # Never runs here (__name__ is 'main', and no submission can rebind it): a demo that opens a file
                # or calls eval() is not judged. Its else branch does run, and is checked as usual.
                statement.body = [ast.copy_location(ast.Pass(), statement)]
        node = self.node_contents_visit(node)
        body = node.body
        position = int(has_docstring(body))
        while position < len(body) and isinstance(body[position], ast.ImportFrom) and \
                body[position].module == "__future__":
            position += 1
        self.inject_print_collector(node, position)
        return node

    # Scopes (for dunder methods in class bodies) ------------------------------------------
    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        # ``metaclass=ABCMeta`` (or ``abc.ABCMeta``), the older spelling of an ``ABC`` base: made a base that the
        # guard turns into abc.ABC at run time (and refuses for anything else). Other metaclasses stay refused.
        abc_meta = [keyword for keyword in node.keywords if keyword.arg == "metaclass" and (
            isinstance(keyword.value, ast.Name) and keyword.value.id == "ABCMeta"
            or isinstance(keyword.value, ast.Attribute) and keyword.value.attr == "ABCMeta")]
        node.keywords = [keyword for keyword in node.keywords if keyword not in abc_meta]
        self.scopes.append("class")
        try:
            made = super().visit_ClassDef(node)
        finally:
            self.scopes.pop()
        for keyword in abc_meta:
            base = ast.Call(func=ast.Name("_abc_meta_base_", ast.Load()), args=[self.visit(keyword.value)], keywords=[])
            made.bases.insert(0, ast.fix_missing_locations(ast.copy_location(base, node)))  # before an object base
        made.keywords += [keyword for keyword in node.keywords if keyword.arg != "metaclass"]  # for __init_subclass__
        # RestrictedPython rebuilds it from a template at line 1: an error while the class is made would name line 1.
        for part in (made, *made.keywords, *(keyword.value for keyword in made.keywords)):
            ast.copy_location(part, node)
        return made

    def _without_annotation(self, node: ast.AST, field: str, visit: Callable[[ast.AST], ast.AST]) -> ast.AST:
        """``visit(node)`` with its annotation ``field`` left as written when annotations stay text: they are
        never evaluated then, and a guarded form (``ClassVar[int]`` as ``_getitem_(ClassVar, int)``) would
        be the text dataclasses reads to tell a ClassVar, an InitVar or KW_ONLY from a field."""
        annotation = getattr(node, field)
        if not self.lazy_annotations or annotation is None:
            return visit(node)
        setattr(node, field, None)
        try:
            node = visit(node)
        finally:
            setattr(node, field, annotation)
        return node

    def visit_arg(self, node: ast.arg) -> ast.AST:
        return self._without_annotation(node, "annotation", super().visit_arg)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        return self._without_annotation(node, "returns", self._visit_function)

    def _visit_function(self, node: ast.FunctionDef) -> ast.AST:
        self.check_name(node, node.name, allow_magic_methods=True)
        self.scopes.append("function")
        self.own_calls.append(self.own_calls[-1] | bound_names(node))  # a class body's names are not a method's
        try:
            self.check_function_argument_names(node)
            with self.print_info.new_print_scope():
                node = self.node_contents_visit(node)
                # After the docstring: above it, RestrictedPython's collector left the function without __doc__.
                self.inject_print_collector(node, int(has_docstring(node.body)))
            # Its generators are kept alive, so their finally blocks never run inside the grader (grader.sandbox.generators).
            return keep_generators(node) if makes_generator(node) else node
        finally:
            self.scopes.pop()
            self.own_calls.pop()

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> ast.AST:
        """``async def`` (a demo's ``async def main()`` run by ``asyncio.run`` under ``if __name__ == "__main__":``, an
        async wrapper for an agent framework): grading calls only the three functions and runs no event loop, so it
        becomes a plain def whose call raises NotImplementedError, like ``open()`` in a function. Its body (and any
        ``await``, ``async for``, ``async with`` in it) is left out unread: no coroutine is ever made, so none holds a
        frame or a ``finally`` that could run inside a check. Name, arguments, defaults, decorators and annotations are
        checked as any def's."""
        docstring = node.body[:1] if has_docstring(node.body) else []
        marker = ast.Pass()
        plain = ast.FunctionDef(name=node.name, args=node.args, body=[*docstring, marker],
                                decorator_list=node.decorator_list, returns=node.returns, type_comment=None)
        made = self.visit_FunctionDef(ast.fix_missing_locations(ast.copy_location(plain, node)))
        # The grader's stand-in goes in after the checks, which refuse its name in main.py's own code.
        refusal = ast.Expr(ast.Call(func=ast.Name("_unavailable_", ast.Load()),
                                    args=[ast.Constant(f"async def {node.name}")], keywords=[]))
        made.body = [ast.fix_missing_locations(ast.copy_location(refusal, marker)) if statement is marker
                     else statement for statement in made.body]
        return made

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        if makes_generator(node):
            self.error(node, "a lambda with yield is not available in the grader; write a def instead.")
        self.scopes.append("function")
        try:
            return super().visit_Lambda(node)
        finally:
            self.scopes.pop()

    # Attributes ------------------------------------------------------------------------
    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        if node.attr in WRITABLE_DUNDERS and not isinstance(node.ctx, ast.Load):
            node = self.node_contents_visit(node)
            node.value = self._writer_of(node.value, node.attr)
            return node
        # Prefixed names that no frame, code or generator has are judged at run time (the guard knows the object).
        if forbidden_attribute(node.attr, reading=isinstance(node.ctx, ast.Load), own=True):
            self.error(node, f'"{node.attr}" is not an attribute a submission may use{refusal_hint(node.attr)}.')
        if isinstance(node.ctx, ast.Load):
            node = self.node_contents_visit(node)
            new = ast.Call(func=ast.Name("_getattr_", ast.Load()), args=[node.value, ast.Constant(node.attr)],
                           keywords=[])
            copy_locations(new, node)
            return new
        node = self.node_contents_visit(node)
        wrapped = ast.Call(func=ast.Name("_write_", ast.Load()), args=[node.value], keywords=[])
        copy_locations(wrapped, node.value)
        node.value = wrapped
        return node

    # Augmented assignment to items and attributes ---------------------------------------
    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST | list[ast.AST]:
        target = node.target
        if isinstance(target, ast.Name):
            return super().visit_AugAssign(node)
        holder = self.gen_tmp_name()
        obj = self.visit(target.value)
        value = self.visit(node.value)
        operator = ast.Constant(IOPERATOR_TO_STR[type(node.op)])
        statements: list[ast.stmt] = [ast.Assign(targets=[ast.Name(holder, ast.Store())], value=obj)]
        if isinstance(target, ast.Subscript):
            key_name = self.gen_tmp_name()
            key = self.visit(target.slice)
            if isinstance(key, ast.Slice):
                key = ast.Call(func=ast.Name("slice", ast.Load()), keywords=[], args=[
                    part or ast.Constant(None) for part in (key.lower, key.upper, key.step)])
            statements.append(ast.Assign(targets=[ast.Name(key_name, ast.Store())], value=key))
            current = ast.Call(func=ast.Name("_getitem_", ast.Load()),
                               args=[ast.Name(holder, ast.Load()), ast.Name(key_name, ast.Load())], keywords=[])
            store = ast.Subscript(value=self._write_of(holder), slice=ast.Name(key_name, ast.Load()), ctx=ast.Store())
        else:
            if forbidden_attribute(target.attr, own=True) and target.attr not in WRITABLE_DUNDERS:
                self.error(node, f'"{target.attr}" is not an attribute a submission may use'
                                 f'{refusal_hint(target.attr)}.')
            current = ast.Call(func=ast.Name("_getattr_", ast.Load()),
                               args=[ast.Name(holder, ast.Load()), ast.Constant(target.attr)], keywords=[])
            store = ast.Attribute(value=self._writer_of(ast.Name(holder, ast.Load()), target.attr),
                                  attr=target.attr, ctx=ast.Store())
        update = ast.Call(func=ast.Name("_inplacevar_", ast.Load()), args=[operator, current, value], keywords=[])
        statements.append(ast.Assign(targets=[store], value=update))
        for statement in statements:
            copy_locations(statement, node)
            ast.fix_missing_locations(statement)
        return statements

    @staticmethod
    def _write_of(holder: str) -> ast.Call:
        return ast.Call(func=ast.Name("_write_", ast.Load()), args=[ast.Name(holder, ast.Load())], keywords=[])

    @staticmethod
    def _writer_of(target: ast.expr, attr: str) -> ast.Call:
        """``_write_(target)``, or ``_write_dunder_(target)`` to set one of WRITABLE_DUNDERS (judged at run time)."""
        hook = "_write_dunder_" if attr in WRITABLE_DUNDERS else "_write_"
        call = ast.Call(func=ast.Name(hook, ast.Load()), args=[target], keywords=[])
        return ast.fix_missing_locations(ast.copy_location(call, target))

    def visit_Assign(self, node: ast.Assign) -> ast.AST:
        """``__hash__ = None`` (or another of MAGIC_METHODS set to None) in a class body: Python's data model way of
        saying an operation is not available (a mutable class compared by value is unhashable). Binding None
        hands no object to the class. ``__str__ = __repr__`` (one of MAGIC_METHODS named by another) gives the
        method the class body defined under that name (no module or builtin defines one: such names are reserved),
        also to several names at once (``__radd__ = __ror__ = __add__``). A method Python calls with the object
        alone may be a base's, read through the guard (``__hash__ = str.__hash__`` beside an own ``__eq__``). Any
        other value for such a name stays refused. ``_ignore_ = [...]`` in a class body names what an enum leaves out, and ``__class_getitem__ =
        classmethod(...)`` makes ``Box[int]`` (grader/sandbox/class_specials.py)."""
        if self.scopes[-1] == "class" and all(isinstance(target, ast.Name) and target.id in MAGIC_METHODS
                                              for target in node.targets) and (
                isinstance(node.value, ast.Constant) and node.value.value is None
                or isinstance(node.value, ast.Name) and node.value.id in MAGIC_METHODS):
            return node
        targets = [getattr(target, "id", None) for target in node.targets]
        if self.scopes[-1] == "class" and (targets == ["_ignore_"] or targets == ["__class_getitem__"] and isinstance(
                node.value, ast.Call) and isinstance(node.value.func, ast.Name) and node.value.func.id == "classmethod"):
            # an enum body's names left out of the class (enum_markers.py); classmethod(types.GenericAlias)
            node.value = self.visit(node.value)
            return node
        if self.scopes[-1] == "class" and all(isinstance(target, ast.Name) and target.id in SELF_ONLY_METHODS
                                              for target in node.targets) \
                and isinstance(node.value, ast.Attribute) and node.value.attr in BASE_METHODS:
            node.value = self.visit(node.value)  # read through the guard when the class body runs
            return node
        return super().visit_Assign(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        """``x: int = 0`` (type hints, dataclass fields): checked like a plain assignment."""
        return self._without_annotation(node, "annotation", self.node_contents_visit)

    # Calls and exceptions ------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> ast.AST:
        name = node.func.id if isinstance(node.func, ast.Name) else None
        if name == "open" and name not in self.own_calls[-1]:
            # A file main.py writes (an audit log) or reads back is kept in memory (grader/sandbox/memory_files.py):
            # open(...) calls the guards' _open_ with the arguments checked as any call's.
            function = node.func
            node = super().visit_Call(node)
            function.id = "_open_"
            return node
        if name in UNAVAILABLE_CALLS and name not in self.own_calls[-1]:
            if "function" in self.scopes and not name.startswith("_"):
                # In a function (a demo's main(), a helper) that grading may never call: refused only if it is
                # called, by a stand-in that raises; its arguments are left out.
                refusal = ast.Call(func=ast.Name("_unavailable_", ast.Load()), args=[ast.Constant(name)], keywords=[])
                return ast.fix_missing_locations(ast.copy_location(refusal, node))
            self.error(node, f"{name}() is not available in the grader.")
        return super().visit_Call(node)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> ast.AST:
        """``from M import *`` at module level (``from typing import *``) becomes a call of the guards'
        ``_import_star_``, which binds the public names the grader offers of M; any other import is checked as
        RestrictedPython checks it (a star import elsewhere is refused, as Python refuses it)."""
        if [alias.name for alias in node.names] == ["*"] and node.level == 0 and self.scopes == ["module"] \
                and node.module != "__future__":
            call = ast.Call(func=ast.Name("_import_star_", ast.Load()), args=[ast.Constant(node.module)], keywords=[])
            return ast.fix_missing_locations(ast.copy_location(ast.Expr(call), node))
        return super().visit_ImportFrom(node)

    def visit_TryStar(self, node: ast.AST) -> ast.AST:
        """``try ... except*``: refused, as RestrictedPython refuses it: Python 3.11 takes whatever an exception
        group's own ``split()`` returns for a tuple (CPython gh-128049), a crash a class of main.py's could steer.
        An ``ExceptionGroup`` itself is available, and a plain ``except`` catches one."""
        self.error(node, "try ... except* is not available in the grader; catch an exception group with a plain "
                         "except (ExceptionGroup is an Exception).")
        return node

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.AST:
        if node.type is None:
            node.type = ast.Name("Exception", ast.Load())
            copy_locations(node.type, node)
        return super().visit_ExceptHandler(node)

    def _check_pattern_expression(self, node: ast.AST, expression: ast.AST) -> None:
        """Patterns read names and dotted attributes without guards: allow only safe ones."""
        while isinstance(expression, ast.Attribute):
            if forbidden_attribute(expression.attr) or expression.attr.startswith("_"):
                self.error(node, f'"{expression.attr}" is not an attribute a submission may use.')
            expression = expression.value
        if isinstance(expression, ast.Name):
            self.check_name(node, expression.id)
        elif not isinstance(expression, (ast.Constant, ast.UnaryOp, ast.BinOp)):
            self.error(node, "this pattern is not allowed.")
