"""What a notebook's cells find that Jupyter gives them: ``display`` as a builtin, and ``IPython.display``.

A demo cell that shows a result with ``display(r)`` (or imports it: ``from IPython.display import display``) runs in
Jupyter; without these names it stopped loading there, and the functions of the cells after it were never graded.
Only text output exists here: an object is shown as its ``repr`` on a line of its own, as Jupyter shows it in plain
text. Nothing of IPython itself is reachable.
"""

from __future__ import annotations

from typing import Callable

from grader.sandbox.imports import partial_view
from grader.sandbox.views import main_module_view


class DisplayText:
    """What ``Markdown(text)``, ``HTML(text)`` and ``Latex(text)`` give: text that ``display`` shows as it is (the
    class itself is not handed out: they are functions)."""

    __slots__ = ("_text",)

    def __init__(self, data: object = None, *args: object, **options: object) -> None:
        object.__setattr__(self, "_text", str.__str__(str(data)) if data is not None else "")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a display object is read-only in the grader")

    def __repr__(self) -> str:
        return self._text


def display_function(print_function: Callable[..., None]) -> Callable[..., None]:
    """Jupyter's ``display(*objects, **options)`` over ``print_function`` (the captured output's print): each
    object's ``repr`` on a line of its own; the options (``clear``, ``display_id``...) change nothing."""
    def display(*objects: object, **options: object) -> None:
        for value in objects:
            print_function(str.__str__(repr(value)))
    return display


def add_jupyter_names(namespace: dict, views: dict, print_function: Callable[..., None]) -> None:
    """Give a notebook's ``namespace`` (main.py's globals) the builtin ``display`` and ``views`` (the submission's
    modules) the stand-ins ``IPython`` and ``IPython.display`` (any other name of them is refused with the reason),
    and ``main``: the notebook's own names, which a cell ``%%writefile main.py`` wrote and a later cell imports
    (``from main import *``, ``import main``; that cell's body ran as Python: grader.discover.notebooks)."""
    views["main"] = main_module_view(lambda: namespace)
    display = display_function(print_function)
    namespace["__builtins__"]["display"] = display
    text = staticmethod(lambda data=None, *args, **options: DisplayText(data))
    names = {"display": staticmethod(display), "Markdown": text, "HTML": text, "Latex": text,
             "clear_output": staticmethod(lambda *args, **options: None)}
    views["IPython.display"] = partial_view("IPython.display", views, names)
    views["IPython"] = partial_view("IPython", views, {"display": views["IPython.display"]})

