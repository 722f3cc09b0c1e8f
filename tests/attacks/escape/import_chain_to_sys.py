# attack: follow module attributes to sys and os (re -> sre_compile/_compiler -> sys, json -> decoder -> re,
#         copy -> copyreg, functools -> ..., collections -> sys) in every import form
# expect: load-error missing-functions
import collections
import copy
import functools
import json
import re


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


attempt('re.sre_compile', lambda: re.sre_compile)
attempt('re._compiler', lambda: getattr(re, '_compiler'))
attempt('re.enum', lambda: re.enum)
attempt('re.functools', lambda: re.functools)
attempt('re.copyreg', lambda: re.copyreg)
attempt('json.decoder', lambda: json.decoder)
attempt('json.scanner', lambda: json.scanner)
attempt('copy.sys', lambda: copy.sys)
attempt('functools.recursive_repr', lambda: functools.recursive_repr)
attempt('collections.sys', lambda: collections.sys)
attempt('collections.abc.sys', lambda: collections.abc.sys)  # the abc view itself is vetted
attempt('re.compile(...).scanner(...).pattern', lambda: re.compile('a').scanner('a').pattern.sys)
try:
    from re import sre_compile
    print('BREACH: from re import sre_compile')
except Exception:
    pass
try:
    import re.sre_compile  # binds the re view (or a stand-in): a breach only when the submodule can be used
    re.sre_compile.compile('a', 0)
    print('BREACH: import re.sre_compile')
except Exception:
    pass
try:
    import os.path  # binds the os stand-in; its path offers text functions only: a breach when the disk is read
    # (/ and /submission exist, as in Python: the folders above main.py in memory; /etc is on the real disk only)
    if os.path.exists('/etc/passwd') or os.path.isdir('/etc'):
        print('BREACH: import os.path')
    os.path.getsize('/etc/passwd')
    print('BREACH: import os.path, getsize')
except Exception:
    pass
try:
    import os.path
    os.path.os.getcwd()
    print('BREACH: the real posixpath behind os.path')
except Exception:
    pass
try:
    from json import decoder
    print('BREACH: from json import decoder')
except Exception:
    pass
