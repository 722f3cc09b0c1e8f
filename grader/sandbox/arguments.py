"""``argparse`` for a submission: Python's parser over an empty command line.

A student's script may build its command line at module level, outside ``if __name__ == "__main__":``
(``args = parser.parse_args()`` at import). Graded, main.py runs as ``main.py`` with no arguments: ``sys.argv`` is
``("main.py",)``, so ``parse_args()`` parses ``[]`` and gives the defaults. The parser is Python's, in a subclass of
the grader's that keeps it in the sandbox: ``prog`` is ``main.py``; no ``@file`` of arguments is read
(``fromfile_prefix_chars`` is refused); help, usage and errors are printed where ``print`` and ``sys.stderr`` of
main.py print, with the width of an 80-column terminal; ``exit`` (after ``--help`` or an error) is ``sys.exit``'s
(it ends the module body). Python's parser sets each result with the real ``setattr``, so only its own action
classes are taken (``action='store_true'``...: no callable of main.py's decides a name) and every name it sets
(``dest``, ``set_defaults``) is checked as ``obj.name = value`` would be, on a ``Namespace`` that is main.py's
``types.SimpleNamespace`` (or, given as ``namespace=``, an object of main.py's own).
"""

from __future__ import annotations

import argparse
import io
import sys
from typing import TYPE_CHECKING, Any

from grader.sandbox.names import forbidden_attribute
from grader.sandbox.output import StandardStream
from grader.sandbox.refusals import refuse_exit

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards

_ACTIONS = frozenset(argparse.ArgumentParser()._registries["action"].values()) | {argparse.BooleanOptionalAction}
_FORMATTERS = (argparse.HelpFormatter, argparse.RawDescriptionHelpFormatter, argparse.RawTextHelpFormatter,
               argparse.ArgumentDefaultsHelpFormatter, argparse.MetavarTypeHelpFormatter)


def argparse_view(guards: Guards, namespace_class: type, view_base: type) -> object:
    """The ``argparse`` view of one submission: ``ArgumentParser``, ``Namespace`` (``namespace_class``, main.py's
    SimpleNamespace), the formatter classes, ``SUPPRESS``, ``ONE_OR_MORE``..., ``ArgumentError`` and
    ``BooleanOptionalAction``."""

    class Parser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **options: Any) -> None:
            options.setdefault("prog", "main.py")
            if options.get("fromfile_prefix_chars") is not None:
                raise TypeError("fromfile_prefix_chars is not available in the grader (it reads files)")
            if options.get("formatter_class", argparse.HelpFormatter) not in _FORMATTERS:
                raise TypeError("formatter_class must be one of argparse's formatters in the grader")
            if not all(type(parent) is Parser for parent in options.get("parents", ())):
                raise TypeError("parents must be parsers made by argparse.ArgumentParser")
            super().__init__(*args, **options)

        def add_subparsers(self, **options: Any) -> Any:
            if options.setdefault("parser_class", Parser) is not Parser:
                raise TypeError("parser_class is not available in the grader")
            return super().add_subparsers(**options)

        def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
            if namespace is None:
                namespace = namespace_class()
            elif not guards.is_own(namespace) or isinstance(namespace, type):
                raise TypeError("namespace must be an object main.py made in the grader")
            names = [action.dest for action in self._actions if action.dest is not argparse.SUPPRESS]
            if not all(type(action) in _ACTIONS for action in self._actions):
                raise TypeError("only argparse's own actions ('store', 'store_true', 'count'...) are available "
                                "in the grader")
            for name in (*names, *self._defaults):
                if type(name) is not str or forbidden_attribute(name, own=True):
                    raise ValueError(f"{str(name)[:60]!r} cannot be the name of an argument in the grader")
            return super().parse_known_args([] if args is None else args, namespace)

        def _get_formatter(self) -> Any:
            return self.formatter_class(prog=self.prog, width=78)  # an 80-column terminal, as Python's takes it

        def _print_message(self, message: str, file: Any = None) -> None:
            if not message:
                return
            stream = "stderr" if file is sys.stderr else "stdout"
            target = file if type(file) in (io.StringIO, StandardStream) else guards.output.destination(stream)
            if target is not None:
                target.write(str.__str__(message))

        def exit(self, status: int = 0, message: str | None = None) -> Any:
            if message:
                self._print_message(message, sys.stderr)
            refuse_exit(status)

    names = {name: getattr(argparse, name) for name in ("SUPPRESS", "OPTIONAL", "ZERO_OR_MORE", "ONE_OR_MORE",
                                                         "REMAINDER", "ArgumentError", "ArgumentTypeError",
                                                         "BooleanOptionalAction")}
    names.update({formatter.__name__: formatter for formatter in _FORMATTERS})
    namespace = {"__slots__": (), **names, "Namespace": namespace_class,
                 "ArgumentParser": staticmethod(lambda *args, **options: Parser(*args, **options))}
    return type("argparse", (view_base,), namespace)()
