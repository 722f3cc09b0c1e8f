"""Standard names a dispatcher uses for its own bookkeeping (a log row's id, a timestamp, a CSV line, a build tag):
os.urandom, os.getpid, os.getcwd and Path.cwd, uuid.uuid1, sys.byteorder, platform's version names, base64's url-safe
alphabet, hashlib's SHA-3, memoryview, csv into an io.StringIO, codecs.encode, ast.literal_eval, zoneinfo and
logging.handlers (grader/sandbox/stdlib_views.py). Each is accepted without reaching the grading machine: the values
that would describe it are fixed, and what would read or write it stays out."""

import pytest

from grader.sandbox.loader import LoadFailure, load

END = "\ndef validate_ticket_proposal(p):\n    return p\n"

ACCEPTED = {
    "os.urandom gives fresh random bytes, os.getpid a fixed number, os.getcwd the submission's folder": (
        "import os\nfrom os import getpid, urandom\nraw = os.urandom(4)\n"
        "assert type(raw) is bytes and len(raw) == 4 and len(urandom(16).hex()) == 32 and urandom(16) != urandom(16)\n"
        "assert getpid() == os.getpid() and type(getpid()) is int and os.getcwd() == '/submission'\n"
        "for bad, error in ((-1, ValueError), ('4', TypeError), (1.5, TypeError)):\n    try:\n        os.urandom(bad)\n"
        "    except error:\n        pass\n    else:\n        raise AssertionError(bad)"
    ),
    "Path.cwd() is the submission's folder, where a relative path is anchored": (
        "from pathlib import Path\nassert Path.cwd() == Path('/submission') == Path('x').absolute().parent\n"
        "assert (Path.cwd() / 'logs').name == 'logs' and not (Path.cwd() / 'logs').exists()"
    ),
    "uuid.uuid1 is a version-1 UUID of a random node of the load's own, never the machine's address": (
        "import uuid\na, b = uuid.uuid1(), uuid.uuid1()\n"
        "assert a != b and a.version == b.version == 1 and a.node == b.node and a.node & (1 << 40)\n"
        "assert uuid.uuid1(node=5, clock_seq=7).node == 5 and uuid.uuid1(clock_seq=7).clock_seq == 7\n"
        "try:\n    uuid.uuid1(node='x')\nexcept TypeError:\n    pass\nelse:\n    raise AssertionError"
    ),
    "sys.byteorder and platform's version names are constants of the grader's Python": (
        "import platform, sys\nassert sys.byteorder in ('little', 'big') and platform.system() == 'Linux'\n"
        "assert platform.python_version() == '.'.join(map(str, sys.version_info[:3]))\n"
        "assert platform.python_version_tuple()[0] == '3' and platform.python_implementation() == 'CPython'"
    ),
    "base64's url-safe alphabet, hashlib's SHA-3 and a memoryview of bytes": (
        "import base64, hashlib\ndigest = hashlib.sha3_256(b'row-1').digest()\nview = memoryview(digest)\n"
        "assert len(digest) == 32 and hashlib.sha3_512(b'').hexdigest()[:8] == 'a69f73cc'\n"
        "assert view[:3].tobytes() == digest[:3] and view.hex() == digest.hex() and view.obj is digest and len(view) == 32\n"
        "assert base64.urlsafe_b64encode(b'\\xfb\\xff') == b'-_8=' and base64.urlsafe_b64decode('-_8=') == b'\\xfb\\xff'\n"
        "assert base64.b32decode(base64.b32encode(b'id')) == b'id' and isinstance(view, memoryview)\n"
        "try:\n    view[0] = 1\nexcept TypeError:\n    pass\nelse:\n    raise AssertionError\n"
        "own = bytearray(b'abc')\nmemoryview(own)[0] = 120\nassert own == b'xbc'"
    ),
    "csv writes a row into an io.StringIO, a file of open() or main.py's own object, and reads it back": (
        "import csv, io\nbuf = io.StringIO()\nw = csv.writer(buf, delimiter=';', quoting=csv.QUOTE_MINIMAL)\n"
        "w.writerow(['a;1', 'b', 2])\nassert buf.getvalue() == '\"a;1\";b;2\\r\\n'\n"
        "assert list(csv.reader(io.StringIO(buf.getvalue()), delimiter=';')) == [['a;1', 'b', '2']]\n"
        "with open('audit.csv', 'w', newline='') as f:\n    d = csv.DictWriter(f, fieldnames=['id', 'event'])\n"
        "    d.writeheader()\n    d.writerow({'id': 'x1', 'event': 'ok'})\n"
        "with open('audit.csv', newline='') as f:\n    assert list(csv.DictReader(f)) == [{'id': 'x1', 'event': 'ok'}]\n"
        "class Trail:\n    def __init__(self):\n        self.lines = []\n    def write(self, text):\n"
        "        self.lines.append(text)\nt = Trail()\ncsv.writer(t, 'unix').writerow(['q'])\nassert t.lines == ['\"q\"\\n']"
    ),
    "codecs.encode and decode, with text and bytes codecs": (
        "import codecs\nassert codecs.encode(b'ab', 'hex') == b'6162' and codecs.decode('6162', 'hex') == b'ab'\n"
        "assert codecs.encode('abc', 'rot13') == 'nop' and codecs.decode(b'\\xc3\\xa9', 'utf-8') == '\\xe9'\n"
        "assert codecs.encode('\\xe9', 'ascii', 'replace') == b'?'"
    ),
    "ast.literal_eval reads a literal, never code": (
        "import ast\nassert ast.literal_eval(\"{'set_ticket': ('ticket', 'status'), 'n': -1.5}\") == "
        "{'set_ticket': ('ticket', 'status'), 'n': -1.5}\n"
        "for text in ('__import__(\"os\")', 'len([1])', '(1).__class__', 'x'):\n    try:\n        ast.literal_eval(text)\n"
        "    except ValueError:\n        pass\n    else:\n        raise AssertionError(text)"
    ),
    "zoneinfo.ZoneInfo of an IANA key (tzdata's rules) and datetime.timezone.utc in a timestamp": (
        "from datetime import datetime, timedelta, timezone\nfrom zoneinfo import ZoneInfo, ZoneInfoNotFoundError\n"
        "stamp = datetime(2024, 1, 2, 3, 4, tzinfo=ZoneInfo('UTC'))\n"
        "assert stamp.isoformat() == '2024-01-02T03:04:00+00:00' and stamp == stamp.replace(tzinfo=timezone.utc)\n"
        "assert datetime.now(ZoneInfo('Etc/UTC')).utcoffset().total_seconds() == 0\n"
        "ams = ZoneInfo('Europe/Amsterdam')\nassert ams is ZoneInfo('Europe/Amsterdam') and isinstance(ams, ZoneInfo)\n"
        "assert repr(ams) == \"zoneinfo.ZoneInfo(key='Europe/Amsterdam')\" and str(ams) == ams.key\n"
        "assert datetime(2024, 7, 1, tzinfo=ams).utcoffset() == timedelta(hours=2) and ZoneInfo.no_cache('UTC') is not "
        "ZoneInfo('UTC')\nassert datetime(2024, 3, 31, 1, tzinfo=timezone.utc).astimezone(ams).hour == 3\n"
        "try:\n    ZoneInfo('Mars/Base')\nexcept ZoneInfoNotFoundError as e:\n    assert 'Mars/Base' in str(e)\n"
        "else:\n    raise AssertionError\n"
        "try:\n    ZoneInfo('../etc/passwd')\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError"
    ),
    "errno's numbers tell a missing file, glob.escape and has_magic make a name a pattern matches as it is": (
        "import errno, glob, os\ntry:\n    open('none.log')\nexcept OSError as e:\n    assert e.errno == errno.ENOENT\n"
        "assert errno.errorcode[errno.EEXIST] == 'EEXIST' and errno.ENOTDIR == 20\nerrno.errorcode.clear()\n"
        "open('a[1].log', 'w').close()\nopen('a1.log', 'w').close()\n"
        "assert glob.glob(glob.escape('a[1]') + '.log') == ['a[1].log'] and glob.has_magic('a*') and "
        "not glob.has_magic(glob.escape('a*')[:1])"
    ),
    "logging.handlers' handlers are quiet, as logging's own": (
        "import logging, logging.handlers\nfrom logging.handlers import RotatingFileHandler\n"
        "log = logging.getLogger('d')\nlog.addHandler(logging.handlers.MemoryHandler(10, target=logging.NullHandler()))\n"
        "log.addHandler(RotatingFileHandler('audit.log', maxBytes=100, backupCount=2))\nlog.error('x')\n"
        "import os\nassert not os.path.exists('audit.log')"
    ),
}


@pytest.mark.parametrize("source", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_standard_bookkeeping_names_are_accepted(source):
    assert "validate_ticket_proposal" in load((source + END).encode()).functions


REFUSED = {
    "codecs.open": ("import codecs\ncodecs.open('x.txt', 'w')", "codecs.open is not available"),
    "codecs.lookup": ("import codecs\ncodecs.lookup('utf-8')", "codecs.lookup is not available"),
    "ast.parse": ("import ast\nast.parse('1')", "ast.parse is not available"),
    "platform.node, the machine's name": ("import platform\nplatform.node()", "platform.node is not available"),
    "platform.uname": ("import platform\nplatform.uname()", "platform.uname is not available"),
    "uuid.getnode, the machine's address": ("import uuid\nuuid.getnode()", "module uuid has no attribute 'getnode'"),
    "csv.register_dialect, the process's": ("import csv\ncsv.register_dialect('x', delimiter=';')",
                                            "csv.register_dialect is not available"),
    "csv.field_size_limit, the process's": ("import csv\ncsv.field_size_limit(1)", "csv.field_size_limit is not"),
    "a csv dialect that is an object": ("import csv, io\ncsv.writer(io.StringIO(), dialect=csv)",
                                        "a csv dialect is named by a str"),
    "a csv writer to an object without write": ("import csv, json\ncsv.writer(json)",
                                                'TypeError: argument 1 must have a "write" method'),
    "ast.literal_eval of a non-str": ("import ast\nast.literal_eval(b'1')", "ast.literal_eval takes a str"),
    "a class built on csv.DictWriter": ("import csv\nclass W(csv.DictWriter):\n    pass",
                                        "a class built on a csv class is not available"),
    "os.getlogin": ("import os\nos.getlogin()", "os.getlogin is not available"),
}


@pytest.mark.parametrize("source, reason", REFUSED.values(), ids=REFUSED.keys())
def test_what_would_reach_the_machine_or_the_process_stays_refused(source, reason):
    with pytest.raises(LoadFailure) as failure:
        load((source + END).encode())
    assert reason in failure.value.problem.detail, failure.value.problem.detail


def test_uuid1_reads_the_clock_main_py_reads():
    """Python's uuid1 reads the real clock: a submission could compare it with time.time() to tell the checks marked
    last, which run a year on (grader/sandbox/clock.py), from the others."""
    from grader.sandbox import clock
    from grader.sandbox.guards import Guards
    from grader.sandbox.output import OutputBuffer
    uuid1 = Guards(OutputBuffer()).views["uuid"].uuid1
    try:
        for shift in (0, clock.LATER):
            clock.move_on(shift)
            seconds = (uuid1().time - 0x01B21DD213814000) / 10_000_000
            assert abs(seconds - clock.time()) < 60, (shift, seconds)
    finally:
        clock.move_on(0)


@pytest.mark.parametrize("source", [
    "import zoneinfo\nzoneinfo.ZoneInfo.from_file(None)", "import csv\nclass W(csv.DictReader):\n    pass",
    "import uuid\nuuid.uuid1(node='x')", "import ast\nast.literal_eval(1)", "import csv, io\ncsv.writer(io.StringIO(), csv)"])
def test_the_refusals_of_the_bookkeeping_stand_ins_are_said_in_dutch_too(source):
    from grader.details import in_dutch
    with pytest.raises(LoadFailure) as failure:
        load((source + END).encode())
    detail = failure.value.problem.detail
    assert "beoordelaar" in in_dutch(detail) or "moet een int zijn" in in_dutch(detail), detail
    assert "'" not in detail.split(": ", 1)[1][:1], detail  # a KeyError's text is shown as it is, not as its repr
