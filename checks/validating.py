"""Inputs of the checkpoint-1 checks: a call of validate_ticket_proposal on a variant of the lesson's p."""

import copy
from typing import Callable, NamedTuple

from checks import lesson

VALIDATE = "validate_ticket_proposal"

class Case(NamedTuple):
    """One input: the argument as the student sees it (Python code), a fresh-input builder, a note (after the
    call), a comment line above it."""

    arg: str
    build: Callable[[], object]
    note: str = ""
    above: str = ""

    def shown(self, function: str = VALIDATE) -> str:
        """The call as the report shows it, e.g. ``validate_ticket_proposal({**p, 'version': True})``."""
        call = f"{function}({self.arg})" + (f"  # {self.note}" if self.note else "")
        return f"# {self.above}\n{call}" if self.above else call


LESSON_P = Case("p", lesson.proposal)


def changed(field: str, value: object, note: str = "", shown: str | None = None) -> Case:
    """The lesson's p with one field replaced; ``ticket``/``status`` are replaced inside ``arguments``."""
    arg = lesson.variant(field, shown or lesson.literal(value))
    return Case(arg, lambda: lesson.proposal(**{field: copy.deepcopy(value)}), note)


def with_arguments(value: object, shown: str | None = None) -> Case:
    """The lesson's p with ``arguments`` replaced by ``value``."""
    return Case(f"{{**p, 'arguments': {shown or lesson.literal(value)}}}",
                lambda: {**lesson.proposal(), "arguments": copy.deepcopy(value)})


def case_id(field: str) -> str:
    """The id prefix of a field, in the style of lesson.INVALID_PROPOSALS (``call-id-...``)."""
    return field.replace("_", "-")
