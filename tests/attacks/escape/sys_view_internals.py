# attack: the sys stand-in offers only exit/maxsize/argv/stdout/stderr/version_info and main.py itself in
#         sys.modules: not sys.path, and no other module through sys.modules (os, builtins, the grader's)
# expect: load-error runtime AttributeError
import sys

for name in ('os', 'builtins', 'grader', 'grader.sandbox.guards', 'importlib', '__main__'):
    if sys.modules.get(name) is not None:
        print('BREACH: sys.modules[' + repr(name) + ']')
if list(sys.modules) != ['main']:
    print('BREACH: sys.modules holds ' + ', '.join(map(str, sys.modules))[:200])
path = sys.path
