"""open() and Path's file methods in main.py: files kept in memory for one submission (grader/sandbox/memory_files.py)."""

import pytest

from grader.sandbox import clock
from grader.sandbox.loader import LoadFailure, load

TAIL = "\ndef validate_ticket_proposal(p):\n    return p\n"


def output_of(code: str) -> str:
    return load((code + TAIL).encode()).output


def test_an_appended_audit_line_reads_back_as_in_python():
    code = ("import json\nfrom pathlib import Path\nLOG = Path(__file__).with_name('audit.log')\n"
            "def audit(row):\n    with open(LOG, 'a', encoding='utf-8') as f:\n        f.write(json.dumps(row) + '\\n')\n"
            "audit({'a': 1})\naudit({'b': 2})\n"
            "with open('audit.log', encoding='utf-8') as f:\n    print([json.loads(line) for line in f])\n"
            "print(LOG.exists(), LOG.read_text().count('\\n'), open('./audit.log', 'rb').read()[:3])")
    assert output_of(code) == "[{'a': 1}, {'b': 2}]\nTrue 2 b'{\"a'\n"


def test_file_objects_offer_what_a_student_uses():
    code = ("f = open('log.txt', 'w+')\nprint('one', file=f)\nf.writelines(['two\\n', 'three\\n'])\nf.flush()\n"
            "f.seek(0)\nprint(f.readline(), f.tell(), f.readlines(), f.closed, f.name, f.mode)\nf.close()\n"
            "print(f.closed)\nfrom pathlib import Path\nPath('b.bin').write_bytes(b'\\x00')\n"
            "print(Path('b.bin').read_bytes(), open('log.txt', 'w').write('x'), open('log.txt').read())")
    assert output_of(code) == "one\n 4 ['two\\n', 'three\\n'] False log.txt w+\nTrue\nb'\\x00' 1 x\n"


def test_a_name_outside_the_folder_is_only_a_key():
    code = "open('../../etc/hostname', 'w').write('mine')\nprint(open('/etc/hostname').read())"
    assert output_of(code) == "mine\n"


def test_writing_a_file_again_gives_back_its_room():
    assert output_of("for i in range(20):\n    open('big', 'w').write('y' * 500000)\nprint('ok')") == "ok\n"


@pytest.mark.parametrize("code,error", [
    ("open('/etc/passwd')", "FileNotFoundError: [Errno 2]"),
    ("open('f', 'a').write('x' * 2 ** 20)", "OSError: [Errno 28] No space left on device"),
    ("for i in range(10 ** 5):\n    open(str(i) * 20, 'w')", "OSError: [Errno 28] No space left on device"),
    ("f = open('f', 'a')\nfor i in range(10 ** 5):\n    f.write('x' * 16)", "OSError: [Errno 28] No space left on device"),
    ("open('f', 'w').read()", "OSError: [Errno 9] not readable"),
    ("open('f', 'w').fileno()", "OSError: [Errno 9]"),
    ("open(2, 'w')", "TypeError"),
    ("open('f', 'w', closefd=False)", "ValueError: file descriptors and openers"),
    ("type(open('f', 'w'))('x')", "TypeError"),
    ("class F(type(open('f', 'w'))):\n    pass", "TypeError"),
    ("f = open('f', 'w')\nprint(getattr(f, '_folder'))", "AttributeError"),
    ("f = open('f', 'w')\nprint(getattr(f.write, '__self' + '__'))", "AttributeError"),
    ("import copy\ncopy.copy(open('f', 'w'))", "TypeError"),
    ("writer = open\nprint(getattr(writer, '__closure' + '__'))", "AttributeError"),
    ("from pathlib import Path\nPath('d').rename('e')", "PermissionError: Path.rename() is not available"),
    ("open(__file__, 'w').write('x')", "PermissionError: [Errno 13]"),
    ("open(__file__, 'r+')", "PermissionError: [Errno 13]"),
    ("import io\nio.TextIOWrapper(io.StringIO())", "TypeError: TextIOWrapper objects cannot be made"),
    ("import io\nclass Log(io.TextIOWrapper):\n    pass", "TypeError"),
    ("import io\nio.BufferedWriter.register(dict)", "AttributeError"),
    ("import glob\nglob.glob('*', dir_fd=0)", "ValueError: file descriptors"),
    ("import glob\nglob.glob1('.', '*')", "AttributeError: glob.glob1 is not available"),
    ("import os\nclass W(type(os.walk('.'))):\n    pass", "TypeError"),
    ("import os\nos.fspath(os)", "TypeError: expected str, bytes or os.PathLike object"),
    ("import os\nos.scandir(0)", "TypeError"),
    ("import os\nclass E(type(next(os.scandir()))):\n    pass", "TypeError"),
    ("import os\ntype(next(os.scandir()))('/', 'etc')", "TypeError"),
    ("open(__file__).write('x')", "OSError: [Errno 9] not writable"),
    ("open('/work/main/README.md').read()", "FileNotFoundError: [Errno 2]"),
    ("import os\nos.remove(__file__)", "PermissionError: [Errno 13]"),
    ("import os\nos.stat('/etc/passwd')", "FileNotFoundError: [Errno 2]"),
    ("import os\nos.listdir('/etc')", "FileNotFoundError: [Errno 2]"),
    ("import os\nos.stat(0)", "TypeError"),
    ("import os\nos.stat('.', dir_fd=0)", "ValueError: file descriptors"),
    ("import os\ntype(os.stat('.'))((0,) * 10)", "TypeError"),
    ("import os\nprint(getattr(os.stat('.'), '__reduce__')())", "AttributeError"),
])
def test_what_stays_refused(code, error):
    with pytest.raises(LoadFailure) as failure:
        load((code + TAIL).encode())
    assert failure.value.problem.detail.startswith(error), failure.value.problem.detail


def test_the_times_of_a_file_are_on_the_clock_main_py_reads():
    code = ("import os\nimport time\nopen('a.log', 'w').write('x')\n"
            "print(0 <= time.time() - os.path.getmtime('a.log') < 60, os.listdir('/'), os.path.getsize(__file__))")
    clock.move_on(clock.LATER)
    try:
        assert output_of(code) == f"True ['submission'] {len((code + TAIL).encode())}\n"
    finally:
        clock.move_on(0)
