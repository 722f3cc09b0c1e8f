# attack: call the guards at every recursion depth just below the limit and catch the RecursionError,
#         hoping one stops half-way (a class made but never checked, a dataclass given a field named
#         like a method of its str base, whose class pattern then reads the raw str.format)
# expect: load-error missing-functions
import dataclasses


def at_depth(depth, action):
    if depth > 0:
        return at_depth(depth - 1, action)
    return action()


class Text(str):
    pass


def decorate():
    class Sub(Text):
        format: int = 0
    return dataclasses.dataclass(Sub)


def make_class():
    class Spy(str):
        __match_args__ = ('format',)
    return Spy


found = []
for depth in range(1200):
    for action in (decorate, make_class):
        try:
            found.append(at_depth(depth, action))
        except (RecursionError, TypeError):
            pass
for cls in found:
    match cls('{0.__class__}'):
        case cls(method):
            print('BREACH raw str.format', method)
