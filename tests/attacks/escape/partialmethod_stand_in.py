# attack: functools.partialmethod: bind a library's or the grader's function to an own object, a foreign descriptor
#         in it (property, classmethod), the stand-in's private fields and writes, the partial it hands out
# expect: load-error missing-functions
import functools
import json
import string
from functools import partialmethod


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


SHOW = print


class Box:
    dumps = partialmethod(json.dumps)
    template = partialmethod(string.Template.substitute)
    plain = partialmethod(SHOW)

    def own(self, value):
        return value


made = Box()
attempt('a library function with an own object', lambda: made.dumps())
attempt('a library method bound to an own object', lambda: made.template())
attempt('a foreign property wrapped', lambda: partialmethod(property(lambda self: self)))
attempt('a foreign classmethod wrapped', lambda: partialmethod(classmethod(len)))
method = Box.plain
attempt('the stand-in function', lambda: method._function)
attempt('the stand-in arguments', lambda: method._keywords)
attempt('writing the stand-in', lambda: setattr(method, '_function', eval) or 'wrote')
attempt('vars of the stand-in', lambda: vars(method))
attempt('the partial of an object', lambda: (made.plain.func is not SHOW and made.plain.func) or None)
attempt('the partial rewritten', lambda: setattr(made.plain, 'func', eval) or 'wrote')
attempt('the partialmethod class written', lambda: setattr(partialmethod, '__call__', eval) or 'wrote')
attempt('the functools module behind the view', lambda: functools.partialmethod.__init__(json, print) or 'ran')
