# attack: the grader's functions a submission can now hold (super().__init_subclass__ of a class without a hook is
#         the grader's own object hook, of one with a hook a function the grader made) and the numbers ABCs and
#         ParamSpec offered for type tests, walked for globals, closures, code, registries, real classes and ABC
#         internals; a kept generator walked for its frame
# expect: load-error missing-functions
import numbers
from typing import Callable, Concatenate, ParamSpec


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


under = '_' * 2


def dunder(name):
    return under + name + under


class Hooked:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)


class Plain:
    pass


object_hook = super(Plain, Plain).__init_subclass__
kept_hook = super(Hooked, Hooked).__init_subclass__
P = ParamSpec('P')


def walk():
    yield 1


generator = walk()
next(generator)
for label, target in (('object hook', object_hook), ('kept hook', kept_hook)):
    for name in ('globals', 'closure', 'code', 'defaults', 'kwdefaults', 'dict', 'module', 'qualname',
                 'annotations', 'wrapped', 'self', 'func', 'builtins'):
        attempt(label + ' ' + name, lambda: getattr(target, dunder(name)))
    attempt(label + ' setattr', lambda: setattr(target, 'x', 1))
    attempt(label + ' doc set', lambda: setattr(target, dunder('doc'), 'x'))
    attempt(label + ' init', lambda: target.__init__)
for abc in (numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral):
    attempt('register', lambda: abc.register)
    for name in ('_abc_impl', '_abc_registry', '_abc_cache'):
        attempt(name, lambda: getattr(abc, name))
    for name in ('subclasshook', 'subclasses', 'instancecheck', 'subclasscheck', 'abstractmethods', 'dict', 'mro',
                 'bases', 'init_subclass'):
        attempt(abc.__name__ + ' ' + name, lambda: getattr(abc, dunder(name)))
    attempt('subclass of ' + abc.__name__, lambda: type('Fake', (abc,), {}))
    attempt('doc of ' + abc.__name__, lambda: setattr(abc, dunder('doc'), 'x'))
attempt('conjugate on a str', lambda: numbers.Real.conjugate('x'))
attempt('Integral numerator getter', lambda: numbers.Integral.numerator.fget)
for name in ('bound', 'origin', 'args', 'parameters', 'typing_subst', 'dict', 'reduce'):
    attempt('ParamSpec ' + name, lambda: getattr(P, dunder(name)))
    attempt('ParamSpec.args ' + name, lambda: getattr(P.args, dunder(name)))
    attempt('Concatenate ' + name, lambda: getattr(Concatenate[int, P], dunder(name)))
attempt('ParamSpec with a str bound evaluated', lambda: getattr(ParamSpec('Q', bound='print'), dunder('bound')))
attempt('Callable over P', lambda: getattr(Callable[P, int], dunder('origin')))
attempt('ParamSpec init on own object', lambda: type(P).__init__(Plain(), 'x'))
attempt('generator frame', lambda: getattr(generator, 'gi_' + 'frame'))
attempt('generator code', lambda: getattr(generator, 'gi_' + 'code'))
attempt('generator yieldfrom', lambda: getattr(generator, 'gi_' + 'yieldfrom'))
attempt('generator name set', lambda: setattr(generator, dunder('name'), 'x'))
