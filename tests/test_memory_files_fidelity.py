"""main.py's files in memory (grader/sandbox/memory_files.py) behave as Python's files on a disk: each case's
expected output is what Python 3.11 prints running the same code in an empty folder."""

import time

import pytest

from grader.sandbox.loader import LoadFailure, load

TAIL = "\ndef validate_ticket_proposal(p):\n    return p\n"

AS_IN_PYTHON = {
    "exists": ("import os\nfrom pathlib import Path\nopen('audit.log', 'w').write('abc\\n')\n"
               "print(os.path.exists('audit.log'), os.path.isfile('audit.log'), Path('audit.log').exists(), "
               "os.path.getsize('audit.log'), os.path.exists('other.log'), os.path.isfile('./audit.log'))",
               "True True True 4 False True\n"),
    "seek_write": ("f = open('s.txt', 'w+')\nf.write('hello world')\nf.seek(0)\nf.write('J')\nf.seek(0)\n"
                   "print(repr(f.read()))\nf.close()\ng = open('s.txt', 'r+')\ng.seek(6)\ng.write('W')\ng.close()\n"
                   "print(repr(open('s.txt').read()))",
                   "'Jello world'\n'Jello World'\n"),
    "truncate": ("f = open('t.txt', 'w+')\nf.write('line1\\nline2\\n')\nf.seek(0)\nprint(f.truncate(), repr(f.read()))\n"
                 "f.write('xyz')\nf.seek(2)\nprint(f.truncate(), f.tell())\nf.close()\nprint(repr(open('t.txt').read()))",
                 "0 ''\n2 2\n'xy'\n"),
    "truncate_longer": ("f = open('tt', 'wb+')\nf.write(b'ab')\nf.seek(1)\nprint(f.truncate(5), f.tell())\nf.seek(0)\n"
                        "print(f.read())\nf = open('tt2', 'w+')\nf.write('ab')\n"
                        "print(f.truncate(4), f.tell())\nf.seek(0)\n"
                        "print(repr(f.read()))",
                        "5 1\nb'ab\\x00\\x00\\x00'\n4 2\n'ab\\x00\\x00'\n"),
    "append_plus": ("f = open('a.txt', 'a+')\nf.write('one\\n')\nf.seek(0)\nprint(repr(f.read()))\nf.seek(0)\n"
                    "f.write('two\\n')\nf.seek(0)\nprint(repr(f.read()), f.tell())\nf.close()",
                    "'one\\n'\n'one\\ntwo\\n' 8\n"),
    "readline": ("open('r.txt', 'w').write('a\\nbb\\n\\nccc')\nwith open('r.txt') as f:\n"
                 "    print(repr(f.readline()), repr(f.readline(1)), repr(f.readline()), f.readlines())\n"
                 "with open('r.txt') as f:\n    print([line.rstrip('\\n') for line in f])\nwith open('r.txt') as f:\n"
                 "    print(f.readlines(2), repr(f.read(2)), repr(f.read()), repr(f.read()))",
                 "'a\\n' 'b' 'b\\n' ['\\n', 'ccc']\n['a', 'bb', '', 'ccc']\n['a\\n', 'bb\\n'] '\\nc' 'cc' ''\n"),
    "newlines": ("open('n.txt', 'w', newline='\\r\\n').write('a\\nb\\n')\nprint(open('n.txt', 'rb').read(), "
                 "repr(open('n.txt').read()), repr(open('n.txt', newline='').read()), open('n.txt').readlines())\n"
                 "open('m.txt', 'wb').write(b'x\\ry\\r\\nz')\nprint(open('m.txt').readlines(), "
                 "open('m.txt', newline='').readlines())",
                 "b'a\\r\\nb\\r\\n' 'a\\nb\\n' 'a\\r\\nb\\r\\n' ['a\\n', 'b\\n']\n['x\\n', 'y\\n', 'z'] "
                 "['x\\r', 'y\\r\\n', 'z']\n"),
    "errors": ("open('e.txt', 'wb').write(b'ok\\xffend')\nprint(repr(open('e.txt', errors='replace').read()), "
               "repr(open('e.txt', errors='ignore').read()))\n"
               "open('e2.txt', 'w', encoding='ascii', errors='replace').write('caf\\u00e9')\n"
               "print(open('e2.txt', 'rb').read())\ntry:\n    open('e.txt').read()\n"
               "except UnicodeDecodeError as error:\n    print('UnicodeDecodeError', error.start)",
               "'ok\ufffdend' 'okend'\nb'caf?'\nUnicodeDecodeError 2\n"),
    "with_closed": ("with open('w.txt', 'w') as f:\n    f.write('x')\nprint(f.closed)\ntry:\n    f.write('y')\n"
                    "except ValueError as error:\n    print(error)\ntry:\n    with f:\n        pass\n"
                    "except ValueError as error:\n    print(error)\nprint(open('w.txt').read())",
                    "True\nI/O operation on closed file.\nI/O operation on closed file.\nx\n"),
    "tell_text": ("f = open('u.txt', 'w', encoding='utf-8')\nprint(f.write('\\u00e9t\\u00e9\\n'), f.tell())\nf.close()\n"
                  "f = open('u.txt', 'a')\nprint(f.tell(), f.write('x'), f.tell())\nf.close()\n"
                  "print(repr(open('u.txt').read()), open('u.txt', 'rb').read())",
                  "4 6\n6 1 7\n'\u00e9t\u00e9\\nx' b'\\xc3\\xa9t\\xc3\\xa9\\nx'\n"),
    "binary": ("f = open('b.bin', 'wb+')\nf.write(b'abcdef')\nf.seek(2)\nf.write(b'XY')\nf.seek(-1, 2)\n"
               "print(f.read(), f.tell())\nf.seek(0)\nprint(f.read(3), f.readline(), f.tell())\nf.seek(8)\n"
               "f.write(b'!')\nf.seek(0)\nprint(f.read())\nf.close()",
               "b'f' 6\nb'abX' b'Yef' 6\nb'abXYef\\x00\\x00!'\n"),
    "two_handles": ("w = open('log.txt', 'a')\nw.write('first\\n')\nw.flush()\nprint(repr(open('log.txt').read()))\n"
                    "w.write('second\\n')\nw.close()\nprint(open('log.txt').readlines())\nopen('log.txt', 'w').close()\n"
                    "print(repr(open('log.txt').read()))",
                    "'first\\n'\n['first\\n', 'second\\n']\n''\n"),
    "json_lines": ("import json\nwith open('j.jsonl', 'a', encoding='utf-8') as f:\n    json.dump({'a': 1}, f)\n"
                   "    f.write('\\n')\n    json.dump({'b': [1, 2]}, f)\n    f.write('\\n')\n"
                   "with open('j.jsonl', encoding='utf-8') as f:\n"
                   "    print([json.loads(line) for line in f if line.strip()])\n"
                   "with open('j.json', 'w') as f:\n    json.dump([1, 2], f, indent=2)\nwith open('j.json') as f:\n"
                   "    print(json.load(f))",
                   "[{'a': 1}, {'b': [1, 2]}]\n[1, 2]\n"),
    "iterate_tell": ("open('i.txt', 'w').write('a\\nb\\n')\nf = open('i.txt')\nprint(next(f), end='')\n"
                     "try:\n    f.tell()\n"
                     "except OSError as error:\n    print(error)\nf.close()",
                     "a\ntelling position disabled by next() call\n"),
    "writelines_gen": ("with open('g.txt', 'w') as f:\n    f.writelines(f'{i}\\n' for i in range(3))\n"
                       "print(open('g.txt').read().split())",
                       "['0', '1', '2']\n"),
    "folders": ("import os\nfrom pathlib import Path\nD = Path(__file__).parent / 'logs'\nD.mkdir(exist_ok=True)\n"
               'D.mkdir(parents=True, exist_ok=True)\n'
               "os.makedirs(os.path.join(os.path.dirname(__file__), 'logs', 'old'), exist_ok=True)\n"
               "(D / 'a.log').write_text('x')\n"
               "print(D.exists(), D.is_dir(), os.path.isdir('logs/old'), D.is_file(), (D / 'a.log').is_dir(), "
               "Path(__file__).parent.is_dir())\n"
               'try:\n    D.mkdir()\nexcept FileExistsError as error:\n    print(type(error).__name__)\ntry:\n'
               "    Path('x/y').mkdir()\nexcept FileNotFoundError as error:\n    print(type(error).__name__)\n"
               "try:\n    os.mkdir('logs/a.log')\nexcept FileExistsError as error:\n"
               '    print(type(error).__name__)',
               'True True True False False True\nFileExistsError\nFileNotFoundError\nFileExistsError\n'),
    "remove": ("import os\nfrom pathlib import Path\nL = Path('a.log')\nL.unlink(missing_ok=True)\nL.touch()\n"
              "print(L.exists(), repr(L.read_text()))\nL.write_text('abc')\nL.touch()\nprint(L.read_text())\n"
              'try:\n    L.touch(exist_ok=False)\nexcept FileExistsError as error:\n'
              "    print(type(error).__name__)\nos.remove('a.log')\nprint(L.exists(), os.path.exists('a.log'))\n"
              "try:\n    os.unlink('a.log')\nexcept FileNotFoundError as error:\n"
              '    print(type(error).__name__)\ntry:\n    L.unlink()\nexcept FileNotFoundError as error:\n'
              "    print(type(error).__name__)\nL.write_text('new')\nprint(L.read_text())",
              "True ''\nabc\nFileExistsError\nFalse False\nFileNotFoundError\nFileNotFoundError\nnew\n"),
    "stat": ("import os\nimport time\nfrom pathlib import Path\nLOG = Path(__file__).with_name('audit.log')\n"
             "LOG.write_text('x' * 20)\nif LOG.exists() and LOG.stat().st_size > 10:\n"
             "    print('rotate', LOG.stat().st_size, os.stat('audit.log').st_size, os.lstat(LOG).st_size)\n"
             "s = LOG.stat()\nprint(s.st_mode >> 12, os.stat('.').st_mode >> 12, Path(__file__).stat().st_mode >> 12, "
             "0 <= time.time() - s.st_mtime < 60, s.st_mtime == s[8] + s.st_mtime % 1)\n"
             "print(os.path.getmtime(LOG) == s.st_mtime, os.path.getctime(LOG) <= time.time(), "
             "os.path.getatime('audit.log') >= s.st_mtime - 1)\n"
             "try:\n    os.stat('other.log')\nexcept FileNotFoundError as error:\n    print(type(error).__name__)",
             "rotate 20 20 20\n8 4 8 True True\nTrue True True\nFileNotFoundError\n"),
    "listing": ("import os\nfrom pathlib import Path\nHERE = Path(__file__).parent\n"
                "open('audit.log', 'w').close()\n(HERE / 'logs').mkdir()\n(HERE / 'logs' / 'a.log').write_text('a')\n"
                "Path('logs/b.txt').write_text('b')\n"
                "print(sorted(os.listdir()), sorted(os.listdir('logs')), sorted(p.name for p in HERE.iterdir()))\n"
                "print(sorted(str(p) for p in Path('logs').iterdir()), sorted(p.name for p in HERE.glob('*.log')), "
                "sorted(str(p) for p in Path('.').glob('logs/*.log')), sorted(Path('.').glob('*.txt')))\n"
                "for bad in ('nope', 'audit.log'):\n    try:\n        os.listdir(bad)\n    except OSError as error:\n"
                "        print(type(error).__name__)",
                "['audit.log', 'logs', 'main.py'] ['a.log', 'b.txt'] ['audit.log', 'logs', 'main.py']\n"
                "['logs/a.log', 'logs/b.txt'] ['audit.log'] ['logs/a.log'] []\nFileNotFoundError\nNotADirectoryError\n"),
    "main_file": ("import os\nfrom pathlib import Path\nME = Path(__file__)\n"
                  "print(ME.exists(), ME.is_file(), ME.is_dir(), os.path.exists(__file__), os.path.isfile(__file__), "
                  "ME.stat().st_mode >> 12)\n"
                  "try:\n    ME.mkdir()\nexcept FileExistsError as error:\n    print(type(error).__name__)",
                  "True True False True True 8\nFileExistsError\n"),
    "main_file_read": ("import os\nfrom pathlib import Path\nME = Path(__file__)\nTEXT = ME.read_text(encoding='utf-8')\n"
                       "print(TEXT.splitlines()[0], len(ME.read_bytes()) == os.stat(__file__).st_size == len(TEXT))\n"
                       "with open(__file__) as f:\n    print(f.readline().strip(), f.readable(), f.writable())",
                       "import os True\nimport os True False\n"),
    "file_classes": ("import io\nf = open('a.txt', 'w', encoding='utf-8')\n"
                     "print(type(f), isinstance(f, io.TextIOWrapper), isinstance(f, io.TextIOBase), isinstance(f, io.IOBase))\n"
                     "print(f)\nf.close()\nfor mode in ('rb', 'ab', 'r+b'):\n    with open('a.txt', mode) as g:\n"
                     "        print(type(g).__name__, isinstance(g, io.BufferedIOBase), isinstance(g, io.TextIOBase), g)",
                     "<class '_io.TextIOWrapper'> True True True\n<_io.TextIOWrapper name='a.txt' mode='w' encoding='utf-8'>\n"
                     "BufferedReader True False <_io.BufferedReader name='a.txt'>\n"
                     "BufferedWriter True False <_io.BufferedWriter name='a.txt'>\n"
                     "BufferedRandom True False <_io.BufferedRandom name='a.txt'>\n"),
    "glob": ('import glob, os\n'
        'from pathlib import Path\n'
        "open('a.txt', 'w').write('x')\n"
        "open('.hidden.txt', 'w').write('x')\n"
        "os.makedirs('logs/old')\n"
        "open('logs/b.log', 'w').write('x')\n"
        "open('logs/old/c.log', 'w').write('x')\n"
        "print(sorted(glob.glob('**', recursive=True)))\n"
        "print(sorted(glob.glob('**/*.log', recursive=True)), sorted(glob.glob('logs/**', recursive=True)))\n"
        "print(sorted(glob.glob('*.txt')), sorted(glob.glob('logs/*.log')), sorted(glob.glob('**/*.log')), glob.glob('nothing*'))\n"
        "print(sorted(glob.glob('./*.txt')), sorted(glob.glob('**/', recursive=True)), sorted(glob.iglob('*/*/*.log')))\n"
        "print(sorted(p.as_posix() for p in Path('.').rglob('*.log')), sorted(p.as_posix() for p in Path('logs').glob('**')))\n"
        "print(sorted(p.as_posix() for p in Path('.').glob('**/*.txt')), sorted(glob.glob('*.log', root_dir='logs')))\n"
        "print(sorted(glob.glob('**/*.txt', recursive=True, include_hidden=True)), sorted(glob.glob('.*')), glob.glob('/'))\n"
        "print(sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), '**', '*.log'), recursive=True)))\n",
             "['a.txt', 'logs', 'logs/b.log', 'logs/old', 'logs/old/c.log', 'main.py']\n"
             "['logs/b.log', 'logs/old/c.log'] ['logs/', 'logs/b.log', 'logs/old', 'logs/old/c.log']\n"
             "['a.txt'] ['logs/b.log'] ['logs/b.log'] []\n"
             "['./a.txt'] ['logs/', 'logs/old/'] ['logs/old/c.log']\n"
             "['logs/b.log', 'logs/old/c.log'] ['logs', 'logs/old']\n"
             "['.hidden.txt', 'a.txt'] ['b.log']\n"
             "['.hidden.txt', 'a.txt'] ['.hidden.txt'] ['/']\n"
             "['/submission/logs/b.log', '/submission/logs/old/c.log']\n"),
    "scandir": ('import os\n'
        'from pathlib import Path\n'
        "open('a.txt', 'w').write('xy')\n"
        "os.makedirs('logs/old')\n"
        "open('logs/b.log', 'w').write('x')\n"
        'with os.scandir() as it:\n'
        '    print(sorted((e.name, e.path, e.is_file(), e.is_dir(), e.is_symlink()) for e in it))\n'
        "entries = sorted(os.scandir('logs'), key=lambda e: e.name)\n"
        'print(entries, [e.stat().st_size for e in entries if e.is_file()])\n'
        "print(sorted(e.name for e in os.scandir(Path('logs'))), [Path(e).name for e in entries])\n"
        "for bad in ('nothing', 'a.txt'):\n"
        '    try:\n'
        '        os.scandir(bad)\n'
        '    except OSError as error:\n'
        '        print(type(error).__name__)\n',
                "[('a.txt', './a.txt', True, False, False), ('logs', './logs', False, True, False), ('main.py', './main.py', True, False, False)]\n"
                "[<DirEntry 'b.log'>, <DirEntry 'old'>] [1]\n"
                "['b.log', 'old'] ['b.log', 'old']\n"
                'FileNotFoundError\n'
                'NotADirectoryError\n'),
    "below_a_file": ("import os\nfrom pathlib import Path\nopen('audit.log', 'w').write('x')\n"
                     "for action in (lambda: open('audit.log/x'), lambda: open('audit.log/x', 'w'),\n"
                     "               lambda: os.makedirs('audit.log/old'), lambda: os.listdir('audit.log/old'),\n"
                     "               lambda: os.stat('audit.log/x'), lambda: os.remove('audit.log/x'),\n"
                     "               lambda: Path(__file__, 'x').read_text()):\n"
                     "    try:\n        action()\n    except OSError as error:\n"
                     "        print(type(error).__name__, error.errno, error.strerror)\n"
                     "print(os.path.exists('audit.log/x'), os.path.isfile('audit.log/x'))",
                     "NotADirectoryError 20 Not a directory\n" * 7 + "False False\n"),
    "through_a_file": ("import os\nfrom pathlib import Path\nopen('audit.log', 'w').write('x')\nos.mkdir('logs')\n"
                       "for path in ('main.py/..', 'main.py/.', 'audit.log/..', 'audit.log/x/..', 'main.py/', "
                       "'logs/..', 'logs/./'):\n    try:\n        with os.scandir(path) as entries:\n"
                       "            print(path, sorted(entry.name for entry in entries))\n    except OSError as error:\n"
                       "        print(path, type(error).__name__, error.errno)\n"
                       "print(os.path.isdir('main.py/..'), os.path.exists('audit.log/.'), os.path.isfile('main.py/'), "
                       "Path('main.py/..').is_dir(), os.path.isdir('logs/..'))\n"
                       "for call in (lambda: os.stat('main.py/.'), lambda: open('audit.log/../x', 'w'), "
                       "lambda: os.makedirs('main.py/../d'), lambda: os.listdir(Path('main.py', '..'))):\n"
                       "    try:\n        call()\n    except OSError as error:\n        print(type(error).__name__, error.errno)",
                       "".join(f"{path} NotADirectoryError 20\n" for path in ("main.py/..", "main.py/.", "audit.log/..",
                                                                                "audit.log/x/..", "main.py/"))
                       + "logs/.. ['audit.log', 'logs', 'main.py']\nlogs/./ []\nFalse False False False True\n"
                       + "NotADirectoryError 20\n" * 4),
    # os.walk's order follows the folder's (sorted here, any order in Python): printed sorted; bottom up, a folder
    # after every folder below it; pruning from the top down; os.fspath.
    "walk": (
        'import errno\n'
        'import os\n'
        'from pathlib import Path\n'
        "for folder in ('logs/a/x', 'logs/b', 'logs/a/y/z'):\n"
        '    os.makedirs(folder)\n'
        "for name in ('logs/top.log', 'logs/a/one.log', 'logs/a/y/z/deep.log', 'logs/b/two.log'):\n"
        "    open(name, 'w').close()\n"
        "print(sorted((top, sorted(dirs), sorted(files)) for top, dirs, files in os.walk('logs')))\n"
        "up = [top for top, dirs, files in os.walk(Path('logs'), topdown=False)]\n"
        "print(sorted(up), all(up.index(a) < up.index(b) for a in up for b in up if a.startswith(b + '/')))\n"
        'seen = []\n'
        "for top, dirs, files in os.walk('logs/'):\n"
        "    dirs[:] = [name for name in sorted(dirs) if name != 'a']\n"
        '    seen.append(top)\n'
        'errors = []\n'
        "print(seen, list(os.walk('main.py')), list(os.walk('nothing', onerror=errors.append)), "
        "[(type(e).__name__, e.errno == errno.ENOENT) for e in errors])\n"
        "print(os.fspath(Path('logs') / 'b'), os.fspath('x'), os.fspath(b'x'), "
        "[os.fspath(e) for e in os.scandir('logs/b')])\n"
        'try:\n'
        '    os.fspath(3)\n'
        'except TypeError as error:\n'
        '    print(error)',
        "[('logs', ['a', 'b'], ['top.log']), ('logs/a', ['x', 'y'], ['one.log']), ('logs/a/x', [], []), "
        "('logs/a/y', ['z'], []), ('logs/a/y/z', [], ['deep.log']), ('logs/b', [], ['two.log'])]\n"
        "['logs', 'logs/a', 'logs/a/x', 'logs/a/y', 'logs/a/y/z', 'logs/b'] True\n"
        "['logs/', 'logs/b'] [] [] [('FileNotFoundError', True)]\n"
        "logs/b x b'x' ['logs/b/two.log']\n"
        'expected str, bytes or os.PathLike object, not int\n'),
}


@pytest.mark.parametrize("case", sorted(AS_IN_PYTHON))
def test_files_behave_as_in_python(case):
    code, expected = AS_IN_PYTHON[case]
    assert load((code + TAIL).encode()).output == expected


@pytest.mark.parametrize("code", [
    "f = open('f', 'w')\nf.seek(10 ** 12)\nf.write('x')",
    "f = open('f', 'wb')\nf.seek(2 ** 20)\nf.write(b'x')",
    "f = open('f', 'w')\nf.truncate(10 ** 12)",
    "f = open('f', 'wb')\nf.truncate(2 ** 20 + 1)",
    "open('f', 'w').writelines('x' * 1000 for i in range(10 ** 4))",
    "open('f', 'w', encoding='utf-32').write('x' * 2 ** 18)",
    "open('f', 'w', newline='\\r\\n').write('\\n' * (2 ** 19 + 1))",
    "open('f', 'w', errors='backslashreplace', encoding='ascii').write('\\u00e9' * 2 ** 18)",
    "f = open('a', 'w')\nf.write('x' * 2 ** 19)\nopen('b', 'w').write('y' * 2 ** 19)",
    "from pathlib import Path\nPath('a/' * 10 ** 5).mkdir(parents=True)",
    "import os\nfor i in range(10 ** 5):\n    os.makedirs(f'logs/{i}/old', exist_ok=True)",
    "f = open('f', 'w')\nimport os\nos.remove('f')\nf.write('x' * 2 ** 20)",
])
def test_every_way_to_write_stays_within_the_room(code):
    with pytest.raises(LoadFailure) as failure:
        load((code + TAIL).encode())
    assert failure.value.problem.detail.startswith("OSError: [Errno 28] No space left on device"), \
        failure.value.problem.detail


def test_a_file_removed_gives_back_its_room():
    code = ("import os\nfrom pathlib import Path\nfor i in range(40):\n    open('f', 'w').write('x' * 500000)\n"
            "    os.remove('f')\n    Path('g').write_text('y' * 500000)\n    Path('g').unlink()\nprint('ok')")
    assert load((code + TAIL).encode()).output == "ok\n"


def test_a_file_that_ran_out_of_room_keeps_what_fitted():
    code = ("f = open('f', 'w')\nf.write('ab')\ntry:\n    f.write('x' * 2 ** 20)\nexcept OSError:\n    pass\n"
            "f.seek(10 ** 9)\ntry:\n    f.write('y')\nexcept OSError:\n    pass\nf.close()\n"
            "print(repr(open('f').read()))")
    assert load((code + TAIL).encode()).output == "'ab'\n"


def test_many_one_character_appends_take_linear_time():
    code = "f = open('f', 'a+')\nfor i in range(20000):\n    f.write('x')\nf.seek(0)\nprint(len(f.read()))"
    start = time.perf_counter()
    assert load((code + TAIL).encode()).output == "20000\n"
    assert time.perf_counter() - start < 10


def test_open_named_without_a_call_is_the_same_open():
    code = ("import functools\nwriter = open\nwith writer('a.txt', 'w') as f:\n    f.write('x')\n"
            "append = functools.partial(open, 'a.txt', 'a')\nwith append() as f:\n    f.write('y')\n"
            "print(open('a.txt').read(), callable(open))")
    assert load((code + TAIL).encode()).output == "xy True\n"
