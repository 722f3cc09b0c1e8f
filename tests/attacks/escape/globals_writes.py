# attack: writes through globals(), which binds main.py's own names in its module: bind or delete a guard hook, the
#         builtins, the metaclass hook, print, a transformer name or a str subclass key, by item, update, |=,
#         setdefault, pop and del, from the module body and from a function; then reach the module dict behind it by
#         attribute, by dict's own methods, by super(), by making another one or by copying it; the same names
#         bound and deleted through sys.modules[__name__] (setattr, obj.name = value, del), whose class is reached.
# expect: load-error missing-functions
import copy
import sys


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
this = sys.modules[__name__]
for key in KEYS:
    for how in (lambda: setattr(this, key, len), lambda: getattr(type(this), '__set' + 'attr__')(this, key, len),
                lambda: object.__setattr__(this, key, len)):
        try:
            how()
        except (AttributeError, TypeError, NotImplementedError):
            continue
        print('BREACH: sys.modules[__name__] bound ' + repr(str(key)))
for reach in (lambda: getattr(this, '_getattr' + '_'), lambda: getattr(this, '__built' + 'ins__'),
              lambda: getattr(this, '__di' + 'ct__'), lambda: vars(this), lambda: type(this)(),
              lambda: getattr(type(this), '__get' + 'attr__')(this, '_write_')):
    try:
        found = reach()
    except (AttributeError, TypeError, NotImplementedError):
        continue
    if found is not None and not isinstance(found, type(this)):
        print('BREACH: sys.modules[__name__] handed out', repr(found)[:80])
try:
    getattr(1, 'real')
    [1][0] = 2
except TypeError:
    print('BREACH: a guard hook was replaced through sys.modules')
