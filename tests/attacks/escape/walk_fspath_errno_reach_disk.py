# attack: os.walk, os.fspath, glob.escape, glob.has_magic and errno used to read the disk or the grader: a walk of
#         '/', of the marker folder and of a path through main.py, the walk's own state, an onerror that raises, a
#         class built on the walk, fspath of the grader's objects, errno.errorcode changed for the grader
# expect: graded PPP
# @correct-solution
import errno
import glob
import os
from pathlib import Path

SECRET = '@@MARKER@@'


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


attempt('a walk of the marker folder', lambda: list(os.walk(SECRET)) or None)
attempt('a walk of the marker folder from the top', lambda: [top for top, _, _ in os.walk('/') if 'marker' in top
                                                             or 'tmp' in top or 'etc' in top] or None)
attempt('a walk finds more than main.py', lambda: [f for _, _, files in os.walk('/') for f in files
                                                   if f != 'main.py'] or None)
attempt('a walk through main.py', lambda: list(os.walk(os.path.join(__file__, '..'))) or None)
attempt('a walk of bytes', lambda: list(os.walk(b'/')) or None)
walk = os.walk('/')
for name in ('_waiting', '_onerror', '_last', '_ready', '_order', '__dict__', '__slots__', 'gi_frame'):
    attempt(f'the walk\'s {name}', lambda name=name: getattr(walk, name))


def walk_class():
    class W(type(walk)):
        pass
    return W


attempt('a class built on the walk', walk_class)


class Stop(Exception):
    pass


def stop(error):
    raise Stop('onerror raised')


try:
    list(os.walk('nothing', onerror=stop))
except Stop:
    pass
else:
    print('BREACH: an error of onerror was lost')
attempt('fspath of the os module', lambda: os.fspath(os))
attempt('fspath of a file object', lambda: os.fspath(open('a.log', 'w')))
attempt('fspath of a path is the disk', lambda: os.fspath(Path(SECRET) / 'secret.txt') != SECRET + '/secret.txt' or None)
attempt('glob.escape of an object', lambda: glob.escape(os))
attempt('glob.has_magic of an object', lambda: glob.has_magic(os))
attempt('glob.escape globals', lambda: getattr(glob.escape, '__globals__'))
errno.errorcode.clear()
errno.errorcode[2] = 'BREACH'
attempt('errno.ENOENT changed', lambda: setattr(errno, 'ENOENT', 5) or 'set')
attempt('the real errno module', lambda: getattr(errno, '__spec__'))
try:
    open('nothing.txt')
except OSError as error:
    if error.errno != 2 or 'BREACH' in str(error):
        print('BREACH: an OSError changed', error)
