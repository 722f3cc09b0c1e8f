"""Read the submission's objects of its own classes as a host reads them, and compare with what they hold.

The checks read every value as plain data (grader.values.plain: a dict, str or int subclass through the base
type's C methods), so such an object of main.py's is judged by what it holds. A host reads it with
``r['version']``, ``'lamp' in tickets``, ``len(completed)`` or ``r['status'] == 'ok'``, which run the class's own
methods: one that answers otherwise than its content (a result whose ``__getitem__`` gives another version,
tickets that always read 'open', a status that equals 'ok' whatever it holds) shows the host something the
checks never saw. :func:`first_lie` reads each such object both ways.
"""

from __future__ import annotations

import collections
from typing import Callable, Iterable

from grader.values import MAX_NODES, TOO_LARGE, a_or_an, plain, read_through_views, same, show

# What a host does with a dict it reads: (the method main.py may have written, the read as shown, how it is done,
# what the dict itself answers). Key reads take each key the dict holds; the others take none.
KEY_READS: tuple[tuple[str, str, Callable, Callable], ...] = (
    ("__getitem__", "x[{key}]", lambda obj, key: obj[key], lambda obj, key: dict.__getitem__(obj, key)),
    ("get", "x.get({key})", lambda obj, key: obj.get(key), lambda obj, key: dict.__getitem__(obj, key)),
    ("__contains__", "{key} in x", lambda obj, key: key in obj, lambda obj, key: True),
)
# What the dict itself answers for a key it does not hold, where a host's read gives no KeyError.
ABSENT_READS = {"get": dict.get, "__contains__": dict.__contains__}
WHOLE_READS: tuple[tuple[str, str, Callable, Callable], ...] = (
    ("__len__", "len(x)", len, dict.__len__),
    ("__iter__", "list(x)", lambda obj: collections.Counter(map(_hashable, list(obj))),
     lambda obj: collections.Counter(map(_hashable, dict.keys(obj)))),
    ("keys", "x.keys()", lambda obj: collections.Counter(map(_hashable, list(obj.keys()))),
     lambda obj: collections.Counter(map(_hashable, dict.keys(obj)))),
    ("values", "x.values()", lambda obj: collections.Counter(map(_hashable, list(obj.values()))),
     lambda obj: collections.Counter(map(_hashable, dict.values(obj)))),
    ("items", "x.items()", lambda obj: collections.Counter(map(_hashable, list(obj.items()))),
     lambda obj: collections.Counter(map(_hashable, dict.items(obj)))),
)
# What a host does with a str or int: compare it (``r['status'] == 'ok'``), and look it up in a set or dict by its
# hash (``H(p) in approved``: a member whose hash is not its content's is not found there).
COMPARISONS = (("__eq__", "x == {other}", lambda obj, other: obj == other),
               ("__ne__", "x != {other}", lambda obj, other: obj != other))
HASHED = "__hash__"
SCALAR_READS = tuple(name for name, _, _ in COMPARISONS) + (HASHED,)
DICT_READS = tuple(read[0] for read in KEY_READS + WHOLE_READS) + tuple(name for name, _, _ in COMPARISONS)


def may_lie(classes: Iterable[type], is_own: Callable[[type], bool]) -> bool:
    """Whether any of ``classes`` is a dict with a read, or a str or int with a comparison or hash, that main.py
    wrote."""
    return any(any(written(cls, name, is_own) for name in DICT_READS) if issubclass(cls, dict) else
               issubclass(cls, (str, int)) and any(written(cls, name, is_own) for name in SCALAR_READS)
               for cls in classes)


def written(kind: type, name: str, is_own: Callable[[type], bool]) -> bool:
    """Whether the method ``name`` that ``kind``'s instances use comes from a class ``is_own`` accepts (read off
    the classes' own namespaces, no code runs). A library's (OrderedDict's ``__iter__``) answers as its content."""
    found = _defined(kind, name)
    return found is not None and is_own(found[0])


def _defined(kind: type, name: str) -> tuple[type, object] | None:
    """The class of ``kind``'s MRO whose own namespace holds ``name``, and what it holds there (None: no class does);
    read off the namespaces, no code runs."""
    for cls in type.__getattribute__(kind, "__mro__"):
        namespace = type.__getattribute__(cls, "__dict__")
        if name in namespace:
            return cls, namespace[name]
    return None


def _hashable(value: object) -> object:
    """A plain, hashable stand-in for a key or an item pair, to count them regardless of order."""
    copied = plain(value)
    try:
        hash(copied)
    except TypeError:
        return show(copied)
    return copied


def own_objects(roots: Iterable, is_own: Callable[[type], bool]) -> tuple[list, list, set, dict] | str:
    """What in or under ``roots`` (read as plain reads them, no code runs) a host reads through main.py's code:
    (dicts of a class with a read of KEY_READS or WHOLE_READS written by main.py, strs and ints of a class with a
    comparison of its own, every exact str and int found, and each container found: id -> (the container, the ids
    of what it holds)). The third are what a host compares the second with; the last shows whether anything changed
    (compare with :func:`same_shape`, never with ``==``, which would run main.py's ``__eq__``).
    TOO_LARGE when there are more values than grader.values.MAX_NODES to look through."""
    stack, budget, lying = list(roots), MAX_NODES, {}  # lying: class -> may_lie, found once per class
    dicts, scalars, values, shallow = [], [], set(), {}
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind in (int, str):
            values.add(value)
        if value is None or kind in (bool, int, float, str) or id(value) in shallow:
            continue
        budget -= 1
        if budget < 0:
            return TOO_LARGE
        held: list = []
        if issubclass(kind, dict):
            held = [item for pair in list(dict.items(value)) for item in pair]
        elif issubclass(kind, (list, tuple, set, frozenset)):
            held = list(next(base for base in (list, tuple, set, frozenset) if issubclass(kind, base)).__iter__(value))
        else:  # a ChainMap or a mappingproxy: a host's reads go to main.py's dict under it
            held = read_through_views(value)
        shallow[id(value)] = (value, [id(item) for item in held])
        stack += held
        if kind is not dict and lying.setdefault(kind, may_lie([kind], is_own)):
            (dicts if issubclass(kind, dict) else scalars).append(value)
    return dicts, scalars, values, shallow


# A str or int of main.py's own class is compared with at most this many of the check's other values (the
# shortest, which is where the lesson's words are: 'ok', 'open', 'c1', small versions).
MAX_COMPARED = 32
# The words a host compares a result's fields with (CONTRACT.md D7-D16: ``r['status'] == 'ok'``), among those values
# also before a call of the check gave them: a refusal's status that equalled 'ok' until its log held a success was
# never compared with 'ok' in a check whose first calls were refused.
HOST_WORDS = frozenset({"ok", "forbidden", "unknown-tool", "call-id-conflict", "stale-version", "approval-required",
                        "missing-ticket", "log-full", "open", "done"})


def first_lie(call: list, is_own: Callable[[type], bool], seen: set) -> tuple[str, str] | None:
    """How the first object of main.py's own class in or under ``call`` answers a host otherwise than its content,
    or how reading one so changed the call's objects; None when every read agrees.

    In: the arguments and the returned value of the call just made, which classes are main.py's, and ``seen``, the
    strs and ints of this check's calls so far, as plain values (updated here), which are compared with a str or
    int of main.py's own class, together with :data:`HOST_WORDS`. Every such object is read again after each call
    that holds it, also when what it holds is unchanged: its methods may answer honestly at first and lie once a
    later call was made. Out: a short description in English and in Dutch (``x['version'] gives 900, where x holds
    1 (x: a Result)``), also when there are too many values to read. The reads run the submission's methods (as the
    host's reads would): the caller keeps them within the check's time limit.
    """
    found = own_objects(call, is_own)
    if found == TOO_LARGE:
        return TOO_LARGE, "een te grote waarde"
    dicts, scalars, values, shallow = found
    seen |= values | {plain(obj) for obj in scalars}
    if not dicts and not scalars:
        return None
    compared = {kind: sorted((value for value in seen | HOST_WORDS if type(value) is kind), key=_size)[:MAX_COMPARED]
                for kind in (str, int)}
    for obj in dicts + scalars:
        if isinstance(obj, dict):
            reads = _dict_reads(obj, compared[str] + compared[int], is_own)
        else:
            reads = _scalar_reads(obj, compared[type(plain(obj))], is_own)
        for shown, read, truth in reads:
            expected = plain(truth())
            try:
                got = plain(read())
            except MemoryError:
                raise
            except Exception as error:  # the submission's method: raising is what the host would see
                raised = type(error).__name__[:60]
                return (f"{shown()} raises {raised}, x holds {show(expected)} (x: {a_or_an(_name(obj))})",
                        f"{shown()} geeft {raised}, x bevat {show(expected)} (x: een {_name(obj)})")
            if not same(got, expected):
                return (f"{shown()} gives {show(got)}, where x holds {show(plain(obj))} (x: {a_or_an(_name(obj))})",
                        f"{shown()} geeft {show(got)}, terwijl x {show(plain(obj))} bevat (x: een {_name(obj)})")
    for container, _ in shallow.values():
        hidden = _not_found(container, is_own)
        if hidden is not None:
            kind = _name(container)
            return (f"{show(hidden)} in x gives False, where x holds it (x: {a_or_an(kind)})",
                    f"{show(hidden)} in x geeft False, terwijl x het bevat (x: een {kind})")
    after = own_objects(call, is_own)
    if after == TOO_LARGE or not same_shape(after[3], shallow):
        return ("reading them as a host does changed the call's arguments or its result",
                "ze lezen zoals een host dat doet, veranderde de argumenten of het resultaat van de call")
    return None


def _not_found(container: object, is_own: Callable[[type], bool]) -> object:
    """The plain value of a key of ``container`` (a dict, set or frozenset, looked up through the base type's C
    methods) that is a str or int of main.py's own class with a ``__hash__`` of its own, and that a host's lookup of
    that plain value does not find (``H(p) in approved``): stored under a hash given once, when it was put in, and not
    since. None when each is found (or ``container`` holds none)."""
    base = next((base for base in (dict, set, frozenset) if issubclass(type(container), base)), None)
    if base is None:
        return None
    keys = list(dict.keys(container)) if base is dict else list(base.__iter__(container))
    for key in keys:
        if type(key) not in (str, int) and isinstance(key, (str, int)) and written(type(key), HASHED, is_own):
            value = plain(key)
            if not base.__contains__(container, value):
                return value
    return None


def same_shape(left: dict, right: dict) -> bool:
    """Whether two results of :func:`own_objects` (id -> (container, ids it holds) or None) are the same containers
    holding the same objects, compared by identity only."""
    return left.keys() == right.keys() and all(_same_entry(left[key], right[key]) for key in left)


def _same_entry(left: tuple | None, right: tuple | None) -> bool:
    return left is not None and right is not None and left[0] is right[0] and left[1] == right[1]


def _size(value: str | int) -> tuple:
    """Shorter first, then in order (an int is not turned into text: it may be too long for that)."""
    return (len(value) if type(value) is str else value.bit_length(), value)


def _name(obj: object) -> str:
    return str.__str__(type.__getattribute__(type(obj), "__name__"))[:60]


def _dict_reads(obj: dict, values: list, is_own: Callable[[type], bool]):
    """(the read as shown, the host's read, what the dict holds), each a function without arguments, for each read
    of KEY_READS (``get`` and ``in`` also with each str of the check's ``values`` it does not hold: tickets where
    every ticket is ``in``) and WHOLE_READS whose method main.py wrote, and for ``x == d`` and ``x != d`` (the
    comparisons main.py wrote: a host's ``r == {'status': 'ok'}``) with ``d`` its own content and that content with
    one value changed into each of the check's ``values`` of its type (a refusal that equals ``{'status': 'ok'}``)."""
    kind = type(obj)
    if any(written(kind, name, is_own) for name, _, _ in COMPARISONS):
        value = plain(obj)
        others = [{**value, key: other} for key in value if type(key) is str
                  for other in values if type(other) is type(value[key]) and other != value[key]]
        for name, shown, compare in COMPARISONS:
            if written(kind, name, is_own):
                for other in others[:MAX_COMPARED - 1] + [value]:  # itself last (see _scalar_reads)
                    yield lambda shown=shown, other=other: shown.format(other=show(other)), \
                        lambda compare=compare, other=other: compare(obj, other), \
                        lambda compare=compare, other=other: compare(value, other)
    keyed = [read for read in KEY_READS if written(kind, read[0], is_own)]
    absent = [value for value in values if type(value) is str and not dict.__contains__(obj, value)]
    for name, shown, read, _ in keyed if absent else ():  # a key it does not hold: ``'pump' in tickets`` is False
        if name in ABSENT_READS:  # first (see _scalar_reads)
            for key in absent[:MAX_COMPARED]:
                yield lambda shown=shown, key=key: shown.format(key=show(key)), \
                    lambda read=read, key=key: read(obj, key), lambda name=name, key=key: ABSENT_READS[name](obj, key)
    for key in list(dict.keys(obj)) if keyed else ():
        for _, shown, read, truth in keyed:
            yield lambda shown=shown, key=key: shown.format(key=show(plain(key))), lambda: read(obj, key), \
                lambda: truth(obj, key)
    for name, shown, read, truth in WHOLE_READS:
        if written(kind, name, is_own):
            yield lambda shown=shown: shown, lambda: read(obj), lambda: truth(obj)


def _scalar_reads(obj: object, values: list, is_own: Callable[[type], bool]):
    """(the read as shown, the host's read, what its plain value answers), each a function without arguments, for a
    str or int of main.py's own class:
    ``x == v`` and ``x != v`` (the comparisons main.py wrote) for each plain value ``v`` of its base type in
    ``values`` and then for itself, and ``hash(x) == hash(v)`` for itself (a ``__hash__`` main.py wrote, not None: a
    host finds ``x`` in a set or dict by it). Itself comes last: a comparison that answered True the first time it
    was asked (a refusal's one ``r['status'] == 'ok'``) and honestly after that was first compared with itself, where
    True is right; a dict's own ``==`` and ``in`` are likewise first asked where the right answer is False. (Not
    what print shows: a member of a ``class Status(str, Enum)`` prints as Status.DONE, and CONTRACT.md leaves the
    class of a result's values open.)"""
    value = plain(obj)
    hashed = _defined(type(obj), HASHED)
    if hashed is not None and hashed[1] is not None and is_own(hashed[0]):  # not None: an unhashable class
        yield lambda: f"hash(x) == hash({show(value)})", lambda: hash(obj) == hash(value), lambda: True
    for name, shown, compare in COMPARISONS:
        if written(type(obj), name, is_own):
            for other in [other for other in values if other != value] + [value]:
                yield lambda shown=shown, other=other: shown.format(other=show(other)), lambda: compare(obj, other), \
                    lambda: compare(value, other)

