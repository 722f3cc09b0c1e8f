"""The policy's rules for ``match`` statements: what Python reads without the guards there, read through them."""

from __future__ import annotations

import ast

from RestrictedPython.transformer import copy_locations

from grader.sandbox.names import forbidden_attribute


def _dotted(expression: ast.AST) -> bool:
    """True for a dotted name in a pattern (``Tool.NAME``), which Python reads without guards."""
    return isinstance(expression, ast.Attribute)


class MatchStatements:
    """The ``match`` part of grader.sandbox.policy.GraderPolicy (a mixin of its node transformer).

    It uses the transformer's ``class_patterns`` (per match statement being visited: the
    assignments hoisted before it), ``gen_tmp_name``, ``error``, ``check_name``,
    ``_check_pattern_expression`` (the policy's rule for names in patterns) and visiting.
    """

    def visit_Match(self, node: ast.AST) -> ast.AST | list[ast.AST]:
        self.class_patterns.append([])
        try:
            node = self.node_contents_visit(node)
            hoisted = self.class_patterns[-1]
        finally:
            self.class_patterns.pop()
        if not hoisted:
            return node
        # The subject first, as Python evaluates it, then the hoisted classes: main.py code in the subject
        # expression runs before a class pattern's stand-in is chosen, not after (match_classes.match_class).
        subject = ast.Assign(targets=[ast.Name(self.gen_tmp_name(), ast.Store())], value=node.subject)
        copy_locations(subject, node)
        node.subject = ast.Name(subject.targets[0].id, ast.Load())
        copy_locations(node.subject, node)
        ast.fix_missing_locations(subject)
        return [subject, *hoisted, node]

    def visit_match_case(self, node: ast.match_case) -> ast.AST:
        """A case whose pattern compares with a dotted name (``case Tool.NAME:``) is rewritten.

        Python reads ``Tool.NAME`` without the attribute guard and hands the value to the
        subject's ``__eq__``: ``case str.format:`` or ``case error.obj:`` would give student code
        what ``_getattr_`` refuses. The value is captured instead and compared in the guard:
        ``case _tmp0 if _tmp0 == _getattr_(Tool, 'NAME')`` (same result, same order).
        """
        node = self.node_contents_visit(node)
        lifted: list[tuple[str, list[ast.AST]]] = []
        node.pattern = self._lift_values(node.pattern, lifted)
        if lifted:
            tests = [self._equals_one_of(name, values) for name, values in lifted]
            if node.guard is not None:
                tests.append(node.guard)
            node.guard = tests[0] if len(tests) == 1 else ast.BoolOp(op=ast.And(), values=tests)
            copy_locations(node.guard, node.pattern)
            ast.fix_missing_locations(node)
        return node

    def _lift_values(self, pattern: ast.AST, lifted: list) -> ast.AST:
        """``pattern`` with each dotted value pattern replaced by a capture of a fresh name (see visit_match_case)."""
        if isinstance(pattern, ast.MatchValue) and _dotted(pattern.value):
            return self._capture(pattern, [pattern.value], lifted)
        if isinstance(pattern, ast.MatchOr):
            if not any(_dotted(sub.value) for sub in ast.walk(pattern) if isinstance(sub, ast.MatchValue)):
                return pattern
            if all(isinstance(option, (ast.MatchValue, ast.MatchSingleton)) for option in pattern.patterns):
                return self._capture(pattern, pattern.patterns, lifted)
            self.error(pattern, "a dotted name inside a '|' pattern is not allowed here; "
                                "compare with == in an if-guard instead.")
            return pattern
        if isinstance(pattern, ast.MatchMapping):
            for key in pattern.keys:
                if _dotted(key):
                    self.error(pattern, "a dotted name as a key in a mapping pattern is not allowed; use a literal key.")
        for field in ("patterns", "pattern"):
            inner = getattr(pattern, field, None)
            if isinstance(inner, list):
                setattr(pattern, field, [self._lift_values(sub, lifted) for sub in inner])
            elif inner is not None:
                setattr(pattern, field, self._lift_values(inner, lifted))
        return pattern

    def _capture(self, pattern: ast.AST, values: list, lifted: list) -> ast.MatchAs:
        name = self.gen_tmp_name()
        lifted.append((name, values))
        capture = ast.MatchAs(pattern=None, name=name)
        copy_locations(capture, pattern)
        return capture

    def _equals_one_of(self, name: str, values: list) -> ast.expr:
        """``name == v1 or name == v2 ...`` (``is`` for None/True/False), values read through the guard."""
        tests: list[ast.expr] = []
        for value in values:
            if isinstance(value, ast.MatchSingleton):
                tests.append(ast.Compare(ast.Name(name, ast.Load()), [ast.Is()], [ast.Constant(value.value)]))
            else:
                expression = value.value if isinstance(value, ast.MatchValue) else value
                tests.append(ast.Compare(ast.Name(name, ast.Load()), [ast.Eq()], [self.visit(expression)]))
        return tests[0] if len(tests) == 1 else ast.BoolOp(op=ast.Or(), values=tests)

    def visit_MatchValue(self, node: ast.MatchValue) -> ast.AST:
        self._check_pattern_expression(node, node.value)
        return node

    def visit_MatchSingleton(self, node: ast.AST) -> ast.AST:
        return node

    def visit_MatchSequence(self, node: ast.AST) -> ast.AST:
        return self.node_contents_visit(node)

    def visit_MatchStar(self, node: ast.MatchStar) -> ast.AST:
        self.check_name(node, node.name)
        return node

    def visit_MatchMapping(self, node: ast.MatchMapping) -> ast.AST:
        for key in node.keys:
            self._check_pattern_expression(node, key)
        self.check_name(node, node.rest)
        node.patterns = [self.visit(pattern) for pattern in node.patterns]
        return node

    def visit_MatchClass(self, node: ast.MatchClass) -> ast.AST:

        keywords = list(node.kwd_attrs)
        if keywords and not self.class_patterns:
            self.error(node, "a class pattern with keywords outside a match statement is not allowed.")
        for keyword in keywords:
            if forbidden_attribute(keyword, own=True):
                self.error(node, f'"{keyword}" is not an attribute a submission may use.')
        self._check_pattern_expression(node, node.cls)
        if (isinstance(node.cls, ast.Attribute) or node.patterns or keywords) and self.class_patterns:
            # Python reads a class pattern's dotted name without the attribute guard (``case err.obj():`` read
            # AttributeError.obj, which the guard refuses): read it through the guard before the match statement.
            # With positional sub-patterns Python reads the subject's attributes named in __match_args__
            # without the guard too: the class is then a stand-in that checks those names as they are read.
            # Keyword sub-patterns (``case C(x=p)``) become positional ones of a stand-in whose __match_args__
            # end with those names (same reads, same order, checked the same way).
            name = self.gen_tmp_name()
            value = self.visit(node.cls)
            if keywords:
                value = ast.Call(func=ast.Name("_match_class_", ast.Load()), keywords=[], args=[
                    value, ast.Constant(len(node.patterns)), ast.Tuple([ast.Constant(k) for k in keywords], ast.Load())])
                node.patterns, node.kwd_attrs, node.kwd_patterns = node.patterns + node.kwd_patterns, [], []
            elif node.patterns:
                value = ast.Call(func=ast.Name("_match_class_", ast.Load()), args=[value], keywords=[])
            assign = ast.Assign(targets=[ast.Name(name, ast.Store())], value=value)
            copy_locations(assign, node)
            ast.fix_missing_locations(assign)
            self.class_patterns[-1].append(assign)
            node.cls = ast.Name(name, ast.Load())
            copy_locations(node.cls, node)
        node.patterns = [self.visit(pattern) for pattern in node.patterns]
        return node

    def visit_MatchAs(self, node: ast.MatchAs) -> ast.AST:
        self.check_name(node, node.name)
        return self.node_contents_visit(node)

    def visit_MatchOr(self, node: ast.AST) -> ast.AST:
        return self.node_contents_visit(node)
