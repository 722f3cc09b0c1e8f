"""What a host sees of its own objects after a call: read as the host reads them, compared by value."""

from __future__ import annotations

from checks.dispatching import MISSING
from grader.battery import Mismatch, Student, said
from grader.sandbox.classes import student_function
from grader.values import Foreign, plain, read_through_views, same, show


def dig_as_host(student: Student, value: object, *keys: object) -> object:
    """value[k1][k2]... as a host reads it (lesson Ex 4: ``completed['c1']['result']['version']``).

    Each level is read as a host reads it: an object whose class main.py gave a ``__getitem__``
    (a completed row of its own class, which CONTRACT.md A7 leaves open, a NamedTuple row with
    string keys included), or a ChainMap or read-only view over one, through that method, called
    like the submission's functions; a dict as a dict; anything else as a trusted plain copy
    (grader.values.plain), an object of a class plain data does not hold through its own
    ``__getitem__`` as well. Out: the plain value found, or MISSING where a key is missing or the
    read raised.
    """
    for key in keys:
        owner = value if _own_lookup(value) else None
        if owner is None and isinstance(value, dict):  # the dict's own lookup, as ``value[key]`` in the host
            if not dict.__contains__(value, key):
                return MISSING
            value = dict.__getitem__(value, key)
            continue
        if owner is None:
            value = plain(value)  # a ChainMap or a read-only view reads as a dict
            if type(value) is dict:
                if key not in value:
                    return MISSING
                value = value[key]
                continue
            if not (isinstance(value, Foreign) and value.origin is not None):
                return MISSING
            owner = value.origin
        call = student.subscript(owner, key)
        if call.error is not None:
            return MISSING
        value = call.value
    return plain(value)


def _own_lookup(value: object, depth: int = 4) -> bool:
    """Whether a host's ``value[key]`` runs a ``__getitem__`` main.py wrote: its class's own, or that of a mapping
    a ChainMap or a read-only view (``types.MappingProxyType``) looks the key up in."""
    if student_function(getattr(type(value), "__getitem__", None)):
        return True
    return depth > 0 and any(_own_lookup(inner, depth - 1) for inner in read_through_views(value))


# What a host reads from a completed row and from its result (D16, D17).
ROW_FIELDS = ("fingerprint", "result")
RESULT_FIELDS = ("status", "version", "ticket", "value", "replayed")


def read_rows(student: Student | None, name: str, view: object) -> object:
    """``view`` (a plain copy of ``name``) with each row of the log (``completed``) that plain data does not hold
    (A7) read as the host reads it, field by field through its own ``__getitem__``: as a stand-in (Foreign) such a
    row only equals itself, so a change made inside it (a replay marking the stored result) would go unseen."""
    if student is None or name != "completed" or type(view) is not dict:
        return view
    for key, row in view.items():
        if isinstance(row, Foreign) and row.origin is not None:
            fields = {}
            for field in ROW_FIELDS:
                found = dig_as_host(student, row.origin, field)
                if isinstance(found, Foreign) and found.origin is not None:
                    found = {part: dig_as_host(student, found.origin, part) for part in RESULT_FIELDS}
                fields[field] = found
            view[key] = fields
    return view


def host_views(student: Student | None, objects: dict) -> dict:
    """Trusted copies of the caller's objects, every one read as plain data before any row's own ``__getitem__``
    runs: that code of main.py could otherwise put back, in an object read after it, what the call changed there
    (a self-approval taken out of ``approved`` while ``completed`` was read)."""
    views = {name: plain(value) for name, value in objects.items()}
    return {name: read_rows(student, name, view) for name, view in views.items()}


def snapshot(student: Student | None = None, **objects: object) -> dict:
    """Trusted deep copies, by value, of the caller's objects before a call (``completed``'s rows as :func:`read_rows` reads them)."""
    return host_views(student, objects)


def expect_unchanged(tried: str, before: dict, student: Student | None = None, **objects: object) -> None:
    """Each object still has the value it had in ``before`` (by value, key order aside: CONTRACT.md V11, F5 and A9
    compare values); else say what changed."""
    views = host_views(student, objects)
    for name in objects:
        after = views[name]
        if not same(before[name], after):
            was, now = brief(before[name]), brief(after)
            expected = said(f"{name} blijft {was}", f"{name} stays {was}") if len(was) <= 120 else \
                said(f"{name} blijft ongewijzigd", f"{name} stays unchanged")
            if len(now) <= 120:
                got = said(f"{name} werd {now}", f"{name} became {now}")
            else:
                found = list(differences(name, before[name], after))[:3]
                got = said("; ".join(f"{where} {'is weg' if what is MISSING else 'werd ' + brief(what)}"
                                     for where, what in found),
                           "; ".join(f"{where} {'was removed' if what is MISSING else 'became ' + brief(what)}"
                                     for where, what in found))
            raise Mismatch(tried, expected, got)


def brief(value: object) -> str:
    """show(value), with the 64-digit hex strings of an approval set cut to their first 8 digits."""
    if type(value) is set and value:
        items = sorted(repr(item[:8]) + "..." if type(item) is str and len(item) == 64 else show(item)
                       for item in value)
        return "{" + ", ".join(items) + "}"
    return show(value)


def differences(where: str, before: object, after: object):
    """(path, new value or MISSING) for each place where two plain values differ, nested dicts first."""
    if type(before) is not dict or type(after) is not dict:
        yield where, after
        return
    for key in after:
        if key not in before:
            yield f"{where}[{key!r}]", after[key]
        elif not same(before[key], after[key]):
            yield from differences(f"{where}[{key!r}]", before[key], after[key])
    for key in before:
        if key not in after:
            yield f"{where}[{key!r}]", MISSING
