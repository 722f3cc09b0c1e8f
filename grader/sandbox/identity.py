"""``is`` comparisons of the lesson's text and numbers where Python gives no warning (no literal operand).

``clean['actor'] is not actor`` works when the student runs the lesson's examples (Python reuses the same literal
strings) and fails on the checks' new strings; Python warns only for ``x is 'done'``. These comparisons are found in
the parsed source: an ``is``/``is not`` where neither side is a literal and one side reads a text or number field of
the lesson (``p['actor']``, ``arguments['status']``, ``state['version']``) or a name bound to one (or to a literal
string or number, a loop variable over literal strings, or a parameter called like such a field). The loader reports each as a ``syntax-warning`` note
with :data:`DETAILS`' text (grader.reports.notes explains it).
"""

from __future__ import annotations

import ast

# The lesson's fields that hold a str or an int (CONTRACT.md V3-V7, D1, D3).
FIELDS = frozenset({"call_id", "actor", "name", "version", "ticket", "status"})
# The detail of a note, per operator: grader.reports.notes.warning_key knows them by their start.
DETAILS = {ast.Is: '"is" compares objects, not values; did you mean "=="?',
           ast.IsNot: '"is not" compares objects, not values; did you mean "!="?'}


def _field(node: ast.AST) -> bool:
    """Whether ``node`` is a subscript by one of :data:`FIELDS` (``p['actor']``)."""
    return (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
            and node.slice.value in FIELDS)


def _valued(node: ast.AST) -> bool:
    """Whether ``node`` is a str or int literal (no bool) or a field (:func:`_field`)."""
    if isinstance(node, ast.Constant):
        return type(node.value) in (str, int)
    return _field(node)


def _names(tree: ast.AST) -> tuple[set[str], set[str]]:
    """The names bound anywhere in ``tree`` to a text or number value (:func:`_valued`), and the parameters named
    like one of :data:`FIELDS`; and the names bound to anything else (a sentinel such as ``object()``)."""
    names = {arg.arg for node in ast.walk(tree) if isinstance(node, ast.arguments)
             for arg in (*node.posonlyargs, *node.args, *node.kwonlyargs) if arg.arg in FIELDS}
    others: set[str] = set()
    texts: set[str] = set()  # names bound to a literal collection of strs, such as ("open", "done")
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = {target.id for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
                       if isinstance(target, ast.Name)}
            (names if _valued(node.value) else others).update(targets)
            texts.update(targets if _strings(node.value) else ())
    for node in ast.walk(tree):  # a loop over literal strings: its variable holds one of them
        if (isinstance(node, (ast.For, ast.comprehension)) and isinstance(node.target, ast.Name)
                and (_strings(node.iter) or isinstance(node.iter, ast.Name) and node.iter.id in texts)):
            names.add(node.target.id)
    return names, others - names


def _strings(node: ast.AST) -> bool:
    """Whether ``node`` is a literal tuple, list or set of str literals, or set(), frozenset()... of one."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1 and not node.keywords:
        node = node.args[0] if node.func.id in ("set", "frozenset", "tuple", "list") else node
    return (isinstance(node, (ast.Tuple, ast.List, ast.Set)) and bool(node.elts)
            and all(isinstance(item, ast.Constant) and type(item.value) is str for item in node.elts))


def identity_comparisons(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, detail) of every ``is``/``is not`` in ``tree`` between two operands that are no literal, call or name
    of another kind of value (a sentinel), one of which holds the lesson's text or a number (see the module's
    docstring); in source order, one per line."""
    names, others = _names(tree)
    texty = lambda node: _field(node) or (isinstance(node, ast.Name) and node.id in names)  # noqa: E731
    other = lambda node: isinstance(node, (ast.Constant, ast.Call)) or (isinstance(node, ast.Name)  # noqa: E731
                                                                          and node.id in others)
    found: dict[int, str] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        operands = [node.left, *node.comparators]
        for op, left, right in zip(node.ops, operands, operands[1:]):
            if type(op) in DETAILS and not (other(left) or other(right)) and (texty(left) or texty(right)):
                found.setdefault(node.lineno, DETAILS[type(op)])
    return sorted(found.items())
