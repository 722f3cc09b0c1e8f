# attack: reprlib.repr (its Repr object and limits, hooks a Repr method calls on own objects), io.StringIO (the file
#         behind it, other io classes, print(file=) to an own object or a view), hashlib's algorithm sets
# expect: load-error missing-functions
import hashlib
import io
import reprlib


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


SEEN = []


class array:  # reprlib.Repr has repr_array: it reads typecode of the object directly
    @property
    def typecode(self):
        SEEN.append('typecode')
        return 'b'

    def __iter__(self):
        return iter(())

    def __len__(self):
        return 0


class dict:  # repr_dict sorts and indexes the object
    def __len__(self):
        return 1

    def __iter__(self):
        SEEN.append(type(self))
        return iter(['k'])

    def __getitem__(self, key):
        return key


reprlib.repr(array())
reprlib.repr(dict())
for seen in SEEN:
    if seen not in ('typecode', dict):
        print('BREACH: a Repr hook received', repr(seen)[:80])
attempt('the Repr object', lambda: reprlib.aRepr)
attempt('the Repr class', lambda: reprlib.Repr)
attempt('the recursive_repr decorator', lambda: reprlib.recursive_repr)
attempt('the limits through the method', lambda: reprlib.repr.maxstring)
attempt('writing the view', lambda: setattr(reprlib, 'repr', print) or 'wrote')
buffer = io.StringIO('seed')
for name in ('buffer', 'detach', 'fileno', 'name', 'raw'):
    attempt(f'StringIO.{name}', lambda name=name: getattr(buffer, name)())
for name in ('open', 'open_code', 'FileIO', 'TextIOWrapper', 'BufferedReader', 'BytesIO', 'IOBase', 'text_encoding'):
    attempt(f'io.{name}', lambda name=name: getattr(io, name)('@@MARKER@@/secret.txt'))
attempt('writing the StringIO class', lambda: setattr(io.StringIO, 'write', print) or 'wrote')


class Sink:  # print(..., file=sink) calls its write as Python does, through the attribute guard, with a str only
    def write(self, text):
        if type(text) is not str:
            print('BREACH: print handed an object of main.py', type(text))


print('to an own object', file=Sink())
attempt('print to a view', lambda: print('to a module view', file=io) or 'printed')
attempt('hashlib.algorithms_available', lambda: hashlib.algorithms_available.add('x') or 'added')
attempt('changing algorithms_guaranteed', lambda: hashlib.algorithms_guaranteed.add('x') or 'added')
