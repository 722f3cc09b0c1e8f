# attack: a class pattern's dotted name (`case a.b():`) is evaluated by Python without _getattr_ (the policy's
#         _check_pattern_expression only checks the names; value patterns are lifted into guards, class
#         patterns are not). `err.obj` of an AttributeError is refused by the guard ("exceptions only offer
#         args"), but a class pattern reads it raw; CPython sets AttributeError.obj automatically, and for
#         typing.Type[int].x (forwarded to getattr(type, 'x')) it is the REAL `type`. The raw value is only
#         used for isinstance() and __match_args__ (an oracle, no binding), so no escalation was found.
# expect: load-error missing-functions
import typing

try:
    typing.Type[int].anything
except AttributeError as err:
    matched = []
    for probe in (int, 3):
        try:
            match probe:
                case err.obj():          # isinstance(probe, <real type>) with the raw AttributeError.obj
                    matched.append(probe)
        except Exception:
            pass
    if matched == [int]:
        print('BREACH: class pattern read AttributeError.obj (the real type) past the guard')


# What stays allowed: a dotted class pattern of a module's class still matches.
import collections


def kind(value):
    match value:
        case collections.OrderedDict():
            return 'ordered'
        case dict():
            return 'dict'
    return 'other'


if (kind(collections.OrderedDict()), kind({}), kind(1)) != ('ordered', 'dict', 'other'):
    print('BREACH: a dotted class pattern no longer works')
