"""Private names in a class (``self.__rows``, ``def __check``, ``__MAX = 64``), mangled as Python's compiler mangles
them (``_Log__rows``), before the policy reads the code.

RestrictedPython turns an attribute read into ``_getattr_(self, '__rows')``, a string the compiler never mangles,
while a write stays ``self.__rows = ...``, which it does: the two named different attributes. Mangled first, both
name ``_Log__rows``, a single-underscore name a submission could have written itself (the guards allow it on its own
objects only). Outside a class nothing changes, so the policy refuses ``__x`` there as before. A keyword of a call
(``self.check(p, __strict=True)``) stays as written, as Python leaves it: it names no parameter ``def check(self,
p, __strict)`` has (in class Check that one is ``_Check__strict``), a TypeError at home and here alike.
"""

from __future__ import annotations

import ast


def mangled(name: str | None, cls: str | None) -> str | None:
    """``name`` as Python mangles it inside class ``cls`` (``None``: not in a class)."""
    if cls is None or name is None or not name.startswith("__") or name.endswith("__") or "." in name:
        return name
    stripped = cls.lstrip("_")
    return f"_{stripped}{name}" if stripped else name


class PrivateNames(ast.NodeTransformer):
    """Mangles every private identifier of a module in place, each by its innermost enclosing class."""

    def __init__(self) -> None:
        self.cls: str | None = None

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        # Decorators, bases and keywords are evaluated, and the name bound, in the enclosing scope.
        for part in (*node.decorator_list, *node.bases, *node.keywords):
            self.visit(part)
        outer, self.cls = self.cls, node.name
        try:
            node.body = [self.visit(statement) for statement in node.body]
        finally:
            self.cls = outer
        node.name = mangled(node.name, self.cls)
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        node.id = mangled(node.id, self.cls)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        node.attr = mangled(node.attr, self.cls)
        return self.generic_visit(node)

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.name = mangled(node.name, self.cls)
        return self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_arg(self, node: ast.arg) -> ast.AST:
        node.arg = mangled(node.arg, self.cls)
        return self.generic_visit(node)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.AST:
        node.name = mangled(node.name, self.cls)
        return self.generic_visit(node)

    def visit_Global(self, node: ast.Global | ast.Nonlocal) -> ast.AST:
        node.names = [mangled(name, self.cls) for name in node.names]
        return node

    visit_Nonlocal = visit_Global
