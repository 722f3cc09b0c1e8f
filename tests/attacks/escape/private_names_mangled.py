# attack: private names (self.__x in class C become _C__x, as Python's compiler mangles them): classes named after
#         classes that keep private attributes or guard state (Lock, Printer, Guards, ModuleView, partial), reading
#         other.__x of foreign objects through the mangled name, and a mangled name that ends like a guard hook
# expect: graded PPP
# @correct-solution
import functools
import re
import threading


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


class Lock:
    def inside(self, other):
        return other.__lock


class Guards:
    def inside(self, other):
        return other.__views


class partial:
    def inside(self, other):
        return other.__func


class Pattern:
    def inside(self, other):
        return other.__pattern


attempt('the lock inside threading.Lock()', lambda: Lock().inside(threading.Lock()))
attempt('a private name of a grader object', lambda: Guards().inside(re))
attempt('a private name of a partial', lambda: partial().inside(functools.partial(print, 1)))
attempt('a private name of a compiled pattern', lambda: Pattern().inside(re.compile('a')))
attempt('getattr with a mangled name of a foreign object', lambda: getattr(threading.Lock(), '_Lock__lock'))
