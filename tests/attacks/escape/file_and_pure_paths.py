# attack: __file__ and the pure paths built from it (pathlib's Path stand-in, os.path): read or write a file through
#         every method Python's Path has, os.path's disk functions, a subclass of Path, the methods and the
#         internals of the pure classes, the real pathlib or os module behind the views, rebinding __file__
# expect: load-error missing-functions
import os
import os.path
import pathlib
from pathlib import Path, PurePath, PurePosixPath

SECRET = '@@MARKER@@/secret.txt'


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None or repr(found).endswith(': not available in the grader>'):
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


here = Path(__file__).resolve().parent
secret = Path(SECRET)
for name in ('read_text', 'read_bytes', 'open', 'stat', 'iterdir', 'glob', 'rglob', 'owner', 'readlink', 'samefile',
             'lstat', 'expanduser'):
    attempt(f'Path.{name} of the secret', lambda name=name: getattr(secret, name)() or 'ran')
for name in ('exists', 'is_file', 'is_dir', 'is_symlink'):  # False: only main.py is there while grading
    attempt(f'Path.{name} of the secret answers from the disk', lambda name=name: getattr(secret, name)() or None)
# A file or folder main.py makes or removes stays in memory (grader/sandbox/memory_paths.py): the marker folder must
# stay as it was.
attempt('Path.write_text', lambda: Path('@@MARKER@@/written').write_text('x') and None)
attempt('Path.touch', lambda: Path('@@MARKER@@/touched').touch() and None)
attempt('Path.mkdir', lambda: Path('@@MARKER@@/made').mkdir(parents=True) and None)
attempt('os.makedirs', lambda: os.makedirs('@@MARKER@@/made-by-os/a', exist_ok=True) and None)
attempt('Path.unlink of the secret', lambda: secret.unlink() or 'ran')
attempt('os.remove of the secret', lambda: os.remove(SECRET) or 'ran')
attempt('Path.cwd reads the working folder', lambda: str(Path.cwd()) != '/submission' or None)
attempt('Path.home', lambda: Path.home())
attempt('a strict resolve', lambda: secret.resolve(strict=True))
attempt('a resolve that reads links', lambda: str(Path('/proc/self/cwd').resolve()) != '/proc/self/cwd' or None)
attempt('absolute() reads the working folder', lambda: str(Path('x').absolute()) != '/submission/x' or None)
attempt('os.path.abspath reads the working folder', lambda: os.path.abspath('x') != '/submission/x' or None)
for name in ('getsize', 'getmtime', 'expanduser', 'expandvars', 'relpath'):
    attempt(f'os.path.{name}', lambda name=name: getattr(os.path, name)(SECRET) or 'ran')
for name in ('exists', 'isfile', 'isdir', 'islink', 'lexists'):
    attempt(f'os.path.{name} answers from the disk', lambda name=name: getattr(os.path, name)(SECRET) or None)
attempt('os.path.realpath follows links', lambda: os.path.realpath('/proc/self/cwd') != '/proc/self/cwd' or None)
attempt('os.getcwd reads the working folder', lambda: os.getcwd() != '/submission' or None)
attempt('os.listdir shows the disk', lambda: 'secret.txt' in os.listdir('@@MARKER@@') or None)  # made in memory
attempt('os.stat of the secret', lambda: os.stat(SECRET))
# Only the folders made in memory above (the marker's top folder) may show beside submission.
attempt('a listing of the real root', lambda: set(os.listdir('/')) - {'submission', '@@MARKER@@'.split('/')[1]} or None)
attempt('os.path.os', lambda: os.path.os.getcwd())
attempt('os.path.genericpath', lambda: os.path.genericpath.os.getcwd())
attempt('a refused method internals', lambda: secret.exists._name)
attempt('a refused method written', lambda: setattr(secret.exists, 'x', 1) or 'wrote')
attempt('writing the Path class', lambda: setattr(Path, 'exists', len) or 'wrote')
attempt('writing a Path', lambda: setattr(secret, 'name', 'x') or 'wrote')
attempt('the flavour', lambda: secret._flavour)
attempt('the parts list', lambda: secret._parts)
attempt('the accessor', lambda: secret._accessor)
attempt('a private class method', lambda: Path._from_parts(['x']))
attempt('the real pathlib module', lambda: pathlib.os.getcwd())
attempt('the real Path class', lambda: pathlib.WindowsPath('x'))
attempt('the real Path class by type', lambda: type(here)('x').read_text())
attempt('Path.__new__ on a foreign class', lambda: Path.__new__(PurePosixPath, 'x').read_text())
attempt('with_segments', lambda: here.with_segments('x').read_text())
attempt('a pure path opened', lambda: open(PurePosixPath(SECRET)))
attempt('os.fspath of a path is more than its text', lambda: None if os.fspath(secret) == SECRET else os.fspath(secret))


def build():
    class Mine(Path):
        def read(self):
            return self._flavour, self._parts

    return Mine(SECRET).read()


attempt('a class built on Path', build)


def build_pure():
    class Pure(PurePosixPath):
        def read(self):
            return self._flavour.casefold

    return Pure(SECRET).read()


attempt('a class built on PurePosixPath', build_pure)
if type(__file__) is not str or __file__.startswith('@@MARKER@@') or '/tmp' in __file__:
    print('BREACH: __file__ names a real folder', __file__)
