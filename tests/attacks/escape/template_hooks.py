# attack: string.Template (its methods look names up only in the mapping given): a subclass whose delimiter,
#         idpattern, flags and pattern are main.py's own str/int subclasses with spies on every special method
#         Template's class hook and substitute() may call while the class is made, a mapping and values with spies,
#         a template text of main.py's own str subclass; each spy may receive only strs, ints, regex flags and
#         main.py's own objects, never a frame, a module, a function or a class of the grader's
# expect: load-error missing-functions
from string import Template

ALLOWED = {'str', 'int', 'RegexFlag', 'tuple', 'Spy', 'SpyInt', 'Values', 'NoneType', 'bool'}


def judge(where, *values):
    for value in values:
        if type(value).__name__ not in ALLOWED:
            print('BREACH:', where, 'received a', type(value).__name__)


class Spy(str):
    def __format__(self, spec):
        judge('__format__', spec)
        return str.__format__(self, spec)

    def __eq__(self, other):
        judge('__eq__', other)
        return str.__eq__(self, other)

    def __hash__(self):
        return str.__hash__(self)

    def __add__(self, other):
        judge('__add__', other)
        return str.__add__(self, other)


class SpyInt(int):
    def __or__(self, other):
        judge('__or__', other)
        return int.__or__(self, other)

    def __ror__(self, other):
        judge('__ror__', other)
        return int.__or__(self, other)


class Values(dict):
    def __getitem__(self, key):
        judge('__getitem__', key)
        return Spy(dict.__getitem__(self, key))


class Odd(Template):
    delimiter = Spy('%')
    idpattern = Spy('[a-z]+')
    flags = SpyInt(0)


class Patterned(Template):
    pattern = Spy(r'\$(?:(?P<escaped>\$)|(?P<named>[a-z]+)|\{(?P<braced>[a-z]+)\}|(?P<invalid>))')


for made in (Odd(Spy('%who and %%')), Patterned(Spy('$who and ${who} $$'))):
    text = made.substitute(Values(who='x'))
    made.safe_substitute(Values(), who=Spy('y'))
    if type(text) is not str:
        print('BREACH: substitute gave a', type(text).__name__)
try:
    Template('$x').substitute(Values())
except KeyError:
    pass
for name in ('pattern', 'delimiter', 'template'):
    judge('attribute ' + name, getattr(Odd('%a'), name) if name != 'pattern' else 'skipped')
