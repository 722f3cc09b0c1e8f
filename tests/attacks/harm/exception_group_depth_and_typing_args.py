# attack: the newer stand-ins pushed to their edges: an ExceptionGroup nested 50,000 deep (split, subgroup, repr and
#         a raise of it at load caught again, all recursion in C), a star import's names called as main.py's own
#         (compile from re), typing.get_origin of a Type[int] held in a Callable's argument list, and Path/os.path
#         used as an existence oracle for the grader's own files
# expect: graded PPP
# @correct-solution

from re import *
import os
import typing
from pathlib import Path


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None or found is False:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


deep = ValueError('leaf')
for _ in range(50_000):
    deep = ExceptionGroup('deep', [deep])
attempt('split of a deep group ended', lambda: deep.split(ValueError) and None)
attempt('subgroup of a deep group ended', lambda: deep.subgroup(lambda error: False) and None)
attempt('repr of a deep group ended', lambda: repr(deep) and None)
try:
    raise deep
except ExceptionGroup:
    pass
attempt('compile of a star import is the builtin', lambda: compile('1', 'x', 'eval'))
attempt('the real type under a Callable argument list',
        lambda: typing.get_origin(typing.get_args(typing.Callable[[typing.Type[int]], int])[0][0])('Made', (), {}))
# (main.py and its folder exist, as in Python: the sandbox's files in memory; these are on the real disk only)
for path in ('/etc/passwd', '/proc/self/environ', '/usr/lib', '/tmp'):
    attempt('existence of ' + path, lambda: os.path.exists(path) or Path(path).exists() or Path(path).is_dir())
