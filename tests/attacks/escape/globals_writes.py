# attack: writes through globals(), which binds main.py's own names in its module: bind or delete a guard hook, the
#         builtins, the metaclass hook, print, a transformer name or a str subclass key, by item, update, |=,
#         setdefault, pop and del, from the module body and from a function; then reach the module dict behind it by
#         attribute, by dict's own methods, by super(), by making another one or by copying it.
# expect: load-error missing-functions
import copy


class Name(str):
    def __hash__(self):
        return hash('_getattr_')

    def __eq__(self, other):
        return other == '_getattr_'


KEYS = ['_getattr_', '_write_', '__builtins__', '__metaclass__', '_print', '_tmp0', 'print', 'builtins',
        '__doc__x', Name('x'), 1]
WRITES = [
    lambda g, key: g.update({key: len}),
    lambda g, key: g.update([(key, len)]),
    lambda g, key: g.setdefault(key, len),
    lambda g, key: g.pop(key),
]


def write(g, key):
    g[key] = len


def delete(g, key):
    del g[key]


def inplace(g, key):
    g |= {key: len}


def from_a_function():
    for key in KEYS:
        for how in (write, delete, inplace, *WRITES):
            try:
                how(globals(), key)
            except (NotImplementedError, TypeError, KeyError, AttributeError):
                continue
            print('BREACH: globals() took ' + repr(str(key)) + ' by ' + getattr(how, '__name__', '?'))


from_a_function()
for key in KEYS:
    try:
        globals()[key] = len
    except NotImplementedError:
        continue
    print('BREACH: globals() bound ' + repr(str(key)))

g = globals()
for reach in (lambda: g._module, lambda: getattr(g, '_module'), lambda: vars(g), lambda: g.__init__({}, {}),
              lambda: dict.__setitem__(g, '_getattr_', len), lambda: super(dict, g).__setitem__('_write_', len),
              lambda: type(g)({}, {}), lambda: g.__class__.__setitem__(g, '_write_', len),
              lambda: g.popitem(), lambda: g.clear()):
    try:
        reach()
    except (AttributeError, TypeError, NotImplementedError):
        continue
    print('BREACH: the module behind globals() reached')
# Writes that change only a copy (dict's own update bypasses the copy's own methods): the hooks stay the grader's.
dict.update(g, _write_=len, _getattr_=len)
copy.copy(g)['_getattr_'] = len
copy.deepcopy(g)['_write_'] = len
try:
    getattr(1, 'real')
    [1][0] = 2
except TypeError:
    print('BREACH: a guard hook was replaced')
globals().setdefault('__name__', 'x')
if '_getattr_' in globals() or '__builtins__' in globals() or __name__ != 'main':
    print('BREACH: globals() shows the grader\'s names')
