# attack: namedtuple with rename=, defaults=, module= and field names that look like internals; namedtuple
#         builds its class with exec, so the names it accepts must stay harmless
# expect: load-error missing-functions
import collections


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


Renamed = collections.namedtuple('Renamed', ['__class__', 'def', '_x', 'ok'], rename=True)
try:  # refused when made (names the guard refuses cannot be fields); if made, its fields must stay harmless
    Internal = collections.namedtuple('Internal', ['gi_frame', 'f_globals', 'format'], defaults=[None, None, None])
except TypeError:
    Internal = None
Placed = collections.namedtuple('Placed', 'a b', module='os')
attempt('Renamed fields are dunders', lambda: [f for f in Renamed._fields if f.startswith('__')] or None)
attempt('Internal().gi_frame is a frame', lambda: getattr(Internal(), 'gi_frame'))
attempt('field "format" gives str.format', lambda: Internal(format='{0.gi_code}').format.format((i for i in [1])))
attempt('Placed._make.__globals__', lambda: getattr(Placed._make, '__globals__'))
attempt('typename __builtins__', lambda: collections.namedtuple('__builtins__', 'x'))
attempt('namedtuple typename injection',
        lambda: collections.namedtuple('X(tuple):\n    import os\nclass Y', 'a'))
