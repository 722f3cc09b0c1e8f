# attack: what main.py may now do with files and classes turned on another object: its own source read through
#         paths that leave the folder, glob('**') and os.scandir of the disk, the DirEntry and file objects'
#         internals and classes, delattr on what the grader made, types.GenericAlias and enum.member around
#         the grader's objects, a __reduce__ that names getattr
# expect: load-error missing-functions
import copy
import enum
import glob
import io
import json
import os
import sys
import types
from pathlib import Path

SECRET = '@@MARKER@@/secret.txt'


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


own = Path(__file__).read_text()
for path in (SECRET, __file__ + '/../secret.txt', '/submission/main.py/..', '@@MARKER@@', '/etc/passwd',
             os.path.join(os.path.dirname(SECRET), 'main.py')):
    attempt(f'open({path!r})', lambda path=path: open(path).read())
    attempt(f'os.stat({path!r}) of the disk', lambda path=path: os.stat(path).st_size or None)
    attempt(f'scandir({path!r}) of the disk', lambda path=path: [e.name for e in os.scandir(path)
                                                                 if e.name not in ('main.py', 'submission')] or None)
attempt('another text than its own', lambda: None if open('main.py').read() == own else 'other')
found = set(glob.glob('/**', recursive=True, include_hidden=True)) | {str(p) for p in Path('/').rglob('*')}
attempt('glob of the disk', lambda: sorted(name for name in found if not name.startswith('/submission')
                                           and name != '/submission'[:len(name)]) or None)
attempt('glob of the marker', lambda: glob.glob('@@MARKER@@/*') or glob.glob(SECRET) or None)
entry = next(os.scandir())
f = open('log.txt', 'w')
for target, name in ((entry, '_' + 'entries'), (entry, 'path'), (f, '_' + 'content'), (f, '_' + 'folder'),
                     (next(iter(os.scandir)) if False else os.scandir('.'), '_' + 'entries')):
    attempt(f'an internal {name} of {type(target).__name__}', lambda t=target, n=name: getattr(t, n) if n != 'path'
            else setattr(t, n, SECRET) or t.stat())
attempt('a DirEntry made by main.py', lambda: type(entry)('@@MARKER@@', 'secret.txt').stat())
attempt('a file class made by main.py', lambda: type(f)(None, None, SECRET, 'r', 'utf-8', None, None))
attempt('io.TextIOWrapper made', lambda: io.TextIOWrapper(io.BytesIO()))
for target, name in ((json, 'dumps'), (sys, 'exit'), (len, 'x'), (type, 'x'), (f, 'write'), (entry, 'name'),
                     (Path, 'read_text'), (enum.member, 'value'), (types, 'GenericAlias'), (os, 'scandir'),
                     (copy, 'deepcopy'), (io.TextIOWrapper, 'x')):
    attempt(f'delattr of {name}', lambda t=target, n=name: delattr(t, n) or 'deleted')
attempt('GenericAlias of the grader', lambda: types.GenericAlias(json, (int,)))
attempt('GenericAlias as a classmethod', lambda: type('B', (), {'__class_getitem__': classmethod(types.GenericAlias)}))


class Box:
    __class_getitem__ = classmethod(types.GenericAlias)


attempt('the origin of an alias', lambda: getattr(Box[sys], '__origin__'))
attempt('the args of an alias', lambda: getattr(Box[sys], '__args__'))


class Tricky(enum.Enum):
    _ignore_ = ['_getattr_', 'sys']
    A = enum.member(sys.exit)
    B = enum.nonmember(json)


attempt('a member wrapping a grader function escapes', lambda: getattr(Tricky.A.value, '__glob' + 'als__'))


class Gadget:
    def __reduce__(self):
        return (getattr, (sys, 'modules'))


attempt('copy follows __reduce__', lambda: None if type(copy.deepcopy(Gadget())) is Gadget else 'followed')
