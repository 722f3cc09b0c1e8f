# attack: pickle of main.py's objects whose class defines __reduce__ (written as numbers of the load's table, never
#         by name): a __reduce__ that names os.system, getattr, print or a state; a hand-made pickle that calls an
#         index of the table past its end, calls what a call made (a builtin main.py's function hands back), writes a
#         state (BUILD), makes an object past __init__ (NEWOBJ, INST, OBJ), adds items to an object that is no exact
#         list, dict or set, or names a global; a __reduce__ put on a class after it was made
# expect: graded PPP
# @correct-solution
import os
import pickle


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


def text(value):
    data = value.encode()
    return b'\x8c' + bytes([len(data)]) + data


def handed_back():
    return getattr


class Row:
    def __init__(self, name):
        self.name = name

    def __reduce__(self):
        return (Row, (self.name,))


class Leak:
    def __reduce__(self):
        return (handed_back, ())


class Bag(dict):
    def __reduce__(self):
        return (Bag, (dict(self),))

    def __setitem__(self, key, value):
        print('BREACH: a pickle called __setitem__ of main.py past the guard')


class Pile(list):
    def __reduce__(self):
        return (Pile, (list(self),))

    def append(self, value):
        print('BREACH: a pickle called append of main.py past the guard')

    def extend(self, values):
        print('BREACH: a pickle called extend of main.py past the guard')


for answer in ((os.system, ('id',)), (getattr, (os, 'system')), (print, ('BREACH: printed',)), (Row, ('a',), {'x': 1}),
               (Row, ['a']), 'Row', (Row, ('a',), None, None, None), (len, ('1',)), (type, ('X', (), {}))):
    class Bad:
        def __reduce__(self, answer=answer):
            return answer
    attempt(f'dumps of a __reduce__ answering {answer!r}'[:80], lambda: pickle.loads(pickle.dumps(Bad())))
attempt('dumps of a foreign object in the arguments', lambda: pickle.dumps(Row(os)))
# The load's table now holds Row (0), handed_back (1), Bag (2) and Pile (3).
pickle.loads(pickle.dumps([Row('a'), Leak(), Bag(a=1), Pile([1])]))
TABLE = {'Row': 0, 'handed_back': 1, 'Bag': 2, 'Pile': 3}


def entry(name):
    return b'K' + bytes([TABLE[name]]) + b'Q'


HEAD = b'\x80\x04'
hand_made = {
    'an index past the table': HEAD + b'K\x09Q)R.',
    'a negative index': HEAD + b'J\xff\xff\xff\xffQ)R.',
    'a str index': HEAD + text('0') + b'Q)R.',
    'a protocol-0 persistent id': b'P0\n)R.',
    'a call of what a call made': HEAD + entry('handed_back') + b')R' + text('os') + text('system') + b'\x86R.',
    'a call of a str': HEAD + text('os') + b')R.',
    'a call of a table entry with a list of arguments': HEAD + entry('Row') + b']R.',
    'a state written into an object': HEAD + entry('Row') + text('a') + b'\x85R}' + text('__class__') +
                                      entry('Bag') + b'sb.',
    'a state of slots written into an object': HEAD + entry('Row') + text('a') + b'\x85RN}' + text('name') +
                                               text('x') + b's\x86b.',
    'NEWOBJ of a table class': HEAD + entry('Row') + b')\x81.',
    'NEWOBJ_EX of a table class': HEAD + entry('Row') + b')}\x92.',
    'an item set in a dict subclass of main.py': HEAD + entry('Bag') + b'}\x85R' + text('k') + text('v') + b's.',
    'items set in a dict subclass of main.py': HEAD + entry('Bag') + b'}\x85R(' + text('k') + text('v') + b'u.',
    'an item added to a list subclass of main.py': HEAD + entry('Pile') + b']\x85R' + text('v') + b'a.',
    'items added to a list subclass of main.py': HEAD + entry('Pile') + b']\x85R(' + text('v') + b'e.',
    'an item set in a table class': HEAD + entry('Row') + text('k') + text('v') + b's.',
    'items added to a table class': HEAD + entry('Row') + b'(' + text('v') + b'\x90.',
    'INST of a global': b'(S\'id\'\nios\nsystem\n.',
    'OBJ of a table class': HEAD + b'(' + entry('Row') + text('a') + b'o.',
    'an extension code': HEAD + b'\x82\x01.',
    'a global of the grader': HEAD + text('grader.sandbox.pickling') + text('pickle') + b'\x93.',
    'a global of os': HEAD + text('os') + text('system') + b'\x93' + text('id') + b'\x85R.',
}
for what, data in hand_made.items():
    attempt(what, lambda data=data: pickle.loads(data))
try:
    setattr(Row, '__reduce__', lambda self: (print, ('BREACH: a __reduce__ set after the class was made ran',)))
except Exception:
    pass
attempt('a __reduce__ set after the class was made', lambda: pickle.loads(pickle.dumps(Row('x'))) and None)
attempt('__reduce__ of an object main.py did not make', lambda: os.__reduce__())
attempt('__reduce__ of a tuple', lambda: (1,).__reduce__())
attempt('a class named in the data, outside a __reduce__', lambda: pickle.loads(pickle.dumps([Row.__reduce__(os)])))
# What main.py's own objects pickle to comes back as they were, made by their own class.
copied = pickle.loads(pickle.dumps({'rows': [Row('r1'), Row('r2')], 'bag': Bag(k=1)}))
if type(copied['rows'][0]) is not Row or copied['rows'][1].name != 'r2' or copied['bag'] != {'k': 1}:
    print('BREACH: a pickled object changed', copied)
