# attack: under `from __future__ import annotations` @dataclass resolves markers in main.py's stand-in module, which
#         is also the globals of the methods it writes: main.py's NotImplemented, hash, type or super bound to the
#         typing or dataclasses module (or a marker) there made `a == 5` return the real typing module (then sys, os)
# expect: load-error missing-functions
from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import ClassVar

NotImplemented = typing
hash = dataclasses
type = ClassVar
super = typing


@dataclass(order=True)
class Point:
    x: int = 0
    tags: list = field(default_factory=list)
    kind: ClassVar[int] = 1
    label: typing.ClassVar[str] = 'p'
    scale: dataclasses.InitVar[int] = 1
    note: NotImplemented.ClassVar[int] = 2
    other: hash.InitVar[int] = 3


@dataclass(frozen=True)
class Frozen:
    y: int = 0


def report(what, found):
    if found is not None and found is not False and found is not True:
        print('BREACH:', what, repr(found)[:100])


def frozen_write():
    Frozen().y = 1


for what, action in [('==', lambda: Point() == 5), ('!=', lambda: Point() != 5), ('<', lambda: Point() < 5),
                     ('>=', lambda: Point() >= 5), ('hash', lambda: {Frozen(): 1}), ('frozen write', frozen_write)]:
    try:
        found = action()
    except Exception:
        found = None
    if isinstance(found, (int, dict)):
        found = None
    report(what, found)
