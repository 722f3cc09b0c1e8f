# attack: an enum's _generate_next_value_ hook (the documented way to give auto() members their names): a decorator
#         that swaps the def for a builtin or a library function (called by the grader with the hook's four
#         arguments), a classmethod, a hook that hands back something other than a str for a (str, Enum), a hook on
#         an own base class, and what the hook receives (plain values only, a new list of the earlier values)
# expect: graded PPP
# @correct-solution
import json
from enum import Enum, auto

seen = []


def attempt(what, make):
    try:
        found = make()
    except Exception:
        return
    print('BREACH:', what, repr(found)[:80])


def swap_for(replacement):
    def decorate(function):
        return replacement
    return decorate


def with_hook(decorator):
    def make():
        class Swapped(Enum):
            @decorator
            def _generate_next_value_(name, start, count, last_values):
                return name

            A = auto()
        return list(Swapped)
    return make


attempt('a builtin as the hook', with_hook(swap_for(getattr)))
attempt('a library function as the hook', with_hook(swap_for(json.dumps)))
attempt('a staticmethod of a builtin', with_hook(swap_for(staticmethod(setattr))))
attempt('a classmethod as the hook', with_hook(classmethod))


def not_a_str():
    class Status(str, Enum):
        def _generate_next_value_(name, start, count, last_values):
            return json.JSONEncoder

        OPEN = auto()
    return Status.OPEN.value


attempt('a class as the value of a str member', not_a_str)


class Named(Enum):
    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        seen.append((type(name), type(start), type(count), type(last_values), [type(v) for v in last_values]))
        last_values.append('injected')
        return name.lower()


class Status(str, Named):
    OPEN = auto()
    DONE = auto()
    LATER = 'later'


if [member.value for member in Status] != ['open', 'done', 'later'] or Status('done') is not Status.DONE:
    print('BREACH: the hook did not give the members their values', [member.value for member in Status])
if seen != [(str, int, int, list, []), (str, int, int, list, [str])]:
    print('BREACH: the hook received something other than plain values', repr(seen)[:200])
attempt('the hook read off the class', lambda: getattr(getattr(Status, '_generate_next_' + 'value_'), '__glo' + 'bals__'))
