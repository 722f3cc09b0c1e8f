# attack: dataclasses helpers that set attributes or evaluate strings: @dataclass on a grader class,
#         replace() with dunder fields, make_dataclass, field metadata, string annotations
# expect: load-error missing-functions
from __future__ import annotations

import dataclasses
import json


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


@dataclasses.dataclass
class Point:
    x: int = 0
    label: "__import__('os').system('touch @@MARKER@@/dataclass-annotation')" = ''


attempt('@dataclass on json.JSONDecodeError', lambda: dataclasses.dataclass(json.JSONDecodeError))
attempt('replace(__class__=...)', lambda: dataclasses.replace(Point(), __class__=int))
attempt('make_dataclass with a field of internals', lambda: dataclasses.make_dataclass('P', ['__class__']))
attempt('fields(...).type evaluated', lambda: [f.type for f in dataclasses.fields(Point) if not isinstance(f.type, str)] or None)
