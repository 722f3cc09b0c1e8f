# attack: a positional class pattern reads subject.<name> for every name in __match_args__ without
#         the attribute guard: a dataclass field named format on a str subclass would hand out the
#         raw str.format (fields read with the real getattr), and an exception dataclass the traceback
# expect: load-error missing-functions
import dataclasses


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def raw_format():
    @dataclasses.dataclass
    class Text(str):
        format: int

        def __init__(self, *args):
            pass

    match Text('{0.gi_code}'):
        case Text(found):
            return found((i for i in [1]))


def later_subclass():
    @dataclasses.dataclass
    class Plain:
        format: int = 0

    class Text(Plain, str):
        def __init__(self, *args):
            pass

    del Plain.format  # the field's default no longer hides str.format
    match Text('{0.gi_code}'):
        case Text(found):
            return found((i for i in [1]))


attempt('format field of a str subclass', raw_format)
attempt('format field inherited by a str subclass', later_subclass)
