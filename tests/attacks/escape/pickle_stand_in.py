# attack: the pickle stand-in (a copy written pickle.loads(pickle.dumps(x))): loads of a hand-made pickle that names
#         os.system, builtins.eval, getattr or copyreg, or asks for a persistent id or an extension; dumps of an object
#         of main.py's (its __getattr__ would answer __reduce_ex__), of a str or dict subclass with code of its own, of a class or a function; the real module's
#         Pickler, Unpickler, load and dump with files, and its internals
# expect: load-error missing-functions
import pickle

RAN = []


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


for module, name in (('os', 'system'), ('posix', 'system'), ('builtins', 'eval'), ('builtins', 'getattr'),
                     ('copyreg', '_reconstructor'), ('subprocess', 'getoutput'), ('__builtin__', 'open'),
                     ('grader.sandbox.pickling', 'pickle'), ('builtins', 'bytearray')):
    data = b'c' + module.encode() + b'\n' + name.encode() + b'\n(S\'echo hi\'\ntR.'
    attempt('GLOBAL ' + module + '.' + name, lambda: pickle.loads(data))
    stacked = b'\x80\x04\x8c' + bytes([len(module)]) + module.encode() + b'\x8c' + bytes([len(name)]) + \
        name.encode() + b'\x93.'
    attempt('STACK_GLOBAL ' + module + '.' + name, lambda: pickle.loads(stacked))
attempt('a persistent id', lambda: pickle.loads(b'Pxyz\n.'))
attempt('an extension code', lambda: pickle.loads(b'\x80\x02\x82\x01.'))
attempt('BUILD on a set', lambda: [s for s in [pickle.loads(b'\x80\x04\x8f\x94}\x94\x8c\x01a\x94K\x01sb.')] if s != set()])


class Gadget:
    def __getattr__(self, name):
        RAN.append(name)
        return None


class Text(str):
    def __iter__(self):
        RAN.append('str iter')
        return iter(['x'])


class Table(dict):
    def __iter__(self):
        RAN.append('dict iter')
        return iter([])

    def __getitem__(self, key):
        RAN.append('dict item')
        return 1


for what, value in (('an object with __reduce__', Gadget()), ('a str subclass', Text('a')),
                    ('a dict subclass', Table()), ('an object in a list', [1, {'a': Gadget()}]),
                    ('a class', Gadget), ('a function', attempt), ('the module', pickle), ('a type', str)):
    attempt('dumps of ' + what, lambda: pickle.dumps(value))
if RAN:
    print('BREACH: dumps ran', RAN)
attempt('a protocol object', lambda: pickle.dumps([], protocol=Text('4')))
for name in ('Pickler', 'Unpickler', 'load', 'dump', '_Pickler', '_loads', 'sys', 'codecs', 'io', '_compat_pickle',
             'find_class', 'PlainUnpickler', 'GLOBALS', 'is_plain'):
    attempt('pickle.' + name, lambda: getattr(pickle, name)(1))
attempt('an Unpickler of the stand-in', lambda: type(pickle.loads)('x'))
attempt('a pickle error as a way in', lambda: pickle.PicklingError.__subclasses__()[0])
# Plain data still copies, with no code of main.py's run.
copied = pickle.loads(pickle.dumps({'a': [1, {2, 3}], 'b': (frozenset({'x'}), None, 1.5, b'z')}, 2))
if copied != {'a': [1, {2, 3}], 'b': (frozenset({'x'}), None, 1.5, b'z')}:
    print('BREACH: plain data changed', copied)
