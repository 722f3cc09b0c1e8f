# attack: the standard names offered for a dispatcher's own bookkeeping (os.getcwd, Path.cwd, os.urandom, os.getpid,
#         platform, uuid1, codecs, ast.literal_eval, zoneinfo, csv, logging.handlers, memoryview) used to read the
#         machine, read or write a file outside memory, or reach the real modules behind them
# expect: graded PPP
# @correct-solution
import ast
import codecs
import csv
import io
import logging.handlers
import os
import platform
import uuid
import zoneinfo
from pathlib import Path

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


attempt('os.getcwd reads the working folder', lambda: os.getcwd() != '/submission' or None)
attempt('Path.cwd reads the working folder', lambda: str(Path.cwd()) != '/submission' or None)
attempt('Path.cwd reads the disk', lambda: (Path.cwd() / 'secret.txt').read_text())
for name in ('node', 'uname', 'platform', 'machine', 'release', 'processor', 'version', 'libc_ver', 'freedesktop_os_release'):
    attempt(f'platform.{name}', lambda name=name: getattr(platform, name)() or 'ran')
for name in ('getnode', '_generate_time_safe', '_unix_getnode', '_ip_getnode', '_last_timestamp'):
    attempt(f'uuid.{name}', lambda name=name: getattr(uuid, name)() or 'ran')
for owner, name in ((os.urandom, '__self__'), (os.getpid, '__globals__'), (uuid.uuid1, '__closure__'),
                    (codecs.encode, '__globals__'), (ast.literal_eval, '__globals__'), (csv.writer, '__globals__'),
                    (zoneinfo.ZoneInfo, '__globals__'), (Path.cwd, '__func__'), (csv.DictWriter, '__init__')):
    attempt(f'{name} of a stand-in', lambda owner=owner, name=name: getattr(getattr(owner, name), '__globals__'))
attempt('codecs.open of the secret', lambda: codecs.open(SECRET).read())
attempt('codecs.open writes', lambda: codecs.open('@@MARKER@@/codecs.txt', 'w').write('x') and None)
for name in ('lookup', 'getreader', 'getwriter', 'register', 'register_error', 'iterdecode', 'StreamReader'):
    attempt(f'codecs.{name}', lambda name=name: getattr(codecs, name)('utf-8') or 'ran')
attempt('codecs.encode of a str subclass calls its methods', lambda: codecs.encode(type('S', (str,), {})('x'), 'rot13'))
for name in ('parse', 'dump', 'unparse', 'walk', 'Constant', 'PyCF_ONLY_AST'):
    attempt(f'ast.{name}', lambda name=name: getattr(ast, name)('1') or 'ran')
attempt('ast.literal_eval runs code', lambda: ast.literal_eval('__import__("os").getcwd()'))
attempt('ast.literal_eval of a node-like object', lambda: ast.literal_eval(type('N', (), {'value': 1})()))
for key in (SECRET, '../../../../etc/passwd', '/etc/localtime', 'localtime'):  # more: zoneinfo_keys_read_files.py
    attempt(f'zoneinfo.ZoneInfo({key})', lambda key=key: zoneinfo.ZoneInfo(key))
for name in ('from_file', 'clear_cache', 'no_cache'):
    attempt(f'ZoneInfo.{name}', lambda name=name: getattr(zoneinfo.ZoneInfo, name)(io.StringIO()) or 'ran')
for name in ('available_timezones', 'reset_tzpath', 'TZPATH'):
    attempt(f'zoneinfo.{name}', lambda name=name: getattr(zoneinfo, name)() or 'ran')
attempt('csv.reader of the secret', lambda: list(csv.reader(open(SECRET))))
attempt('csv.register_dialect', lambda: csv.register_dialect('excel', delimiter='|') or 'ran')
attempt('csv.field_size_limit', lambda: csv.field_size_limit(1) or 'ran')
attempt('csv.Sniffer', lambda: csv.Sniffer().sniff('a,b'))
attempt('a csv dialect object', lambda: csv.writer(io.StringIO(), dialect=os))
attempt('a writer with no write', lambda: csv.writer(os.path).writerow(['x']))


def dict_writer_base():
    class Mine(csv.DictWriter):
        def __init__(self, f):
            super(csv.DictWriter, self).__init__(f, ['a'])
    return Mine(os)


attempt('a class built on csv.DictWriter', dict_writer_base)
# A file written by csv or a logging handler stays in memory: the marker folder must stay as it was.
with open('@@MARKER@@/audit.csv', 'w', newline='') as _file:
    csv.writer(_file).writerow(['x'])
_handler = logging.handlers.RotatingFileHandler('@@MARKER@@/audit.log', maxBytes=10, backupCount=1)
logging.getLogger('audit').addHandler(_handler)
logging.getLogger('audit').error('x')
attempt('memoryview of a grader object', lambda: memoryview(os).tobytes())
attempt('memoryview of a str', lambda: memoryview('abc').tobytes())
attempt('the memoryview type builds a class', lambda: type('M', (memoryview,), {}))
