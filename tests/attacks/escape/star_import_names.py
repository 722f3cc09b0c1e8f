# attack: from M import * (a call of the grader's _import_star_ at module level): star imports of every module
#         there is, of modules there are not, and of the grader's own packages, hoping one binds a real builtin
#         (open, eval, compile, __import__) or a name the guards use; a compile() call that main.py binds itself
# expect: graded PPP


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


try:
    from builtins import *
    print('BREACH: from builtins import *')
except ImportError:
    pass
try:
    from importlib import *
    print('BREACH: from importlib import *')
except ImportError:
    pass
try:
    from ctypes import *
    print('BREACH: from ctypes import *')
except ImportError:
    pass
try:
    from grader.sandbox.guards import *
    print('BREACH: from grader.sandbox.guards import *')
except ImportError:
    pass
from os import *
from sys import *
from io import *
from typing import *
from re import *
from logging import *
from collections.abc import *
attempt('open after star imports', lambda: open('/etc/passwd').read())
attempt('eval after star imports', lambda: eval('1 + 1'))
attempt('exec after star imports', lambda: exec('x = 1') or 'exec ran')
attempt('compile is re.compile, not the builtin', lambda: compile('1', 'f', 'eval'))
attempt('a real module behind os.path', lambda: path.os.system('echo BREACH'))
attempt('environ of the grader', lambda: dict(environ) or None)
attempt('modules of sys', lambda: getattr(stdout, 'buffer'))
# @correct-solution
