# attack: @dataclass takes a field's default off the class with the real getattr (a base's attribute
#         too), and its __eq__, asdict and replace read fields with the real getattr: a field named like
#         a base's attribute hands out Counter.copy unwrapped (callable with a class as self: the real
#         type) or the raw str.format of a str subclass (its {0.attr} fields read anything)
# expect: load-error missing-functions
import collections
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


class Anything:
    pass


class Probe:
    def __init__(self):
        self.seen = []

    def __eq__(self, other):
        self.seen.append(other)
        return True

    def __hash__(self):
        return 1


def default_from_base():
    @dataclasses.dataclass
    class Holder(collections.Counter):
        copy: object
    real_type = dataclasses.asdict(Holder())['copy'](Anything)
    return real_type('Made', (), {'marker': 1})  # a class made past the class guard


def format_not_matched():
    @dataclasses.dataclass
    class Template(str):
        x: object = None
        format: object = dataclasses.field(init=False)
    return dataclasses.asdict(Template('{0.gi_code}'))['format']((i for i in [1]))


def eq_hands_over():
    @dataclasses.dataclass(match_args=False)
    class Text(str):
        format: object

        def __init__(self, *args):
            pass
    probe = Probe()
    left = Text('a')
    left.format = probe
    _ = left == Text('{0.gi_code}')
    return [seen for seen in probe.seen if seen is not probe] or None


attempt('a field default taken from a base', default_from_base)
attempt('asdict of a format field kept out of match', format_not_matched)
attempt('the generated __eq__ hands over a base attribute', eq_hands_over)
