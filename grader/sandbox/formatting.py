"""``str.format``, ``str.format_map`` and ``string.Formatter`` as a submission uses them: fields read attributes
through the attribute guard."""

from __future__ import annotations

import _string
import string
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:
    from grader.sandbox.guards import Guards


class GuardedFormatter(string.Formatter):
    """``str.format`` whose ``{0.attr}`` fields go through the attribute guard (one formatter per call).

    ``{.attr}`` and ``{[key]}`` are numbered as ``{}`` is, as ``str.format`` numbers them (``string.Formatter``
    looked the argument ``''`` up: a KeyError): :meth:`parse` hands the formatter an empty field and keeps what
    follows it, which :meth:`get_field` reads on the argument it is given.
    """

    def __init__(self, guards: Guards) -> None:
        self.guards = guards
        self.pending: list[str] = []

    def bound(self, template: str, mapping: bool = False) -> Any:
        """``template.format`` (or ``template.format_map`` when ``mapping``) with guarded fields."""
        text = str.__str__(template)
        if mapping:
            return lambda values: self.vformat(text, (), values)
        return lambda *args, **kwargs: self.vformat(text, args, kwargs)

    def parse(self, format_string: str) -> Iterator[tuple]:
        for literal, field_name, spec, conversion in super().parse(format_string):
            if field_name and field_name[0] in ".[":  # numbered now, read in get_field, which comes next
                self.pending.append(field_name)
                field_name = ""
            yield literal, field_name, spec, conversion

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> tuple[Any, Any]:
        if self.pending:
            field_name += self.pending.pop()
        return _guarded_field(self.guards, self, field_name, args, kwargs)


def _guarded_field(guards: Guards, formatter: Any, field_name: str, args: Any, kwargs: Any) -> tuple[Any, Any]:
    """``string.Formatter.get_field`` with each ``.name`` of ``field_name`` read through the attribute guard (an
    item is read as ``obj[key]``, as main.py's own code reads one)."""
    first, rest = _string.formatter_field_name_split(field_name)
    obj = formatter.get_value(first, args, kwargs)
    for is_attribute, key in rest:
        obj = guards.getattr(obj, key) if is_attribute else obj[key]
    return obj, first


def formatter_maker(guards: Guards, value: Any) -> type:
    """``string.Formatter`` (``value``) for one submission's ``guards``: a class with Python's methods but
    ``get_field``, which reads through the attribute guard (Python's reads ``{0.__class__}`` with the real getattr).
    Not a subclass of Python's: ``super(Formatter, f).get_field`` would reach Python's method. ``type(f)`` shows it
    as itself, as a class main.py may build on."""
    def get_field(self: Any, field_name: str, args: Any, kwargs: Any) -> tuple[Any, Any]:
        return _guarded_field(guards, self, field_name, args, kwargs)

    namespace = {name: item for name, item in vars(value).items() if name not in ("__dict__", "__weakref__")}
    formatter = type("Formatter", (), {**namespace, "get_field": get_field})
    guards.opaque_classes[formatter] = formatter
    return formatter
