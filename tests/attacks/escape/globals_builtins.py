# attack: the module's globals and the real builtins behind them, and the guard hooks, through globals(), locals() and
#         vars() at module level, in a function that prints (its _print collector), a class body (its __classcell__),
#         a comprehension and a method using super() (its __class__ cell); then a defaultdict(locals) whose missing
#         key a library reads, so that locals() runs below a frame that is not main.py's.
# expect: load-error missing-functions
import collections
import string

GRADER = {'__builtins__', '__metaclass__', '_getattr_', '_getitem_', '_getiter_', '_write_', '_write_dunder_',
          '_print_', '_print', '_inplacevar_', '_apply_', '_import_star_', '_unavailable_', '_generator_',
          '_match_class_', '__class__', '__classcell__', '__annotations__'}


def names_in_a_function():
    print('looking')
    return set(locals()) | set(vars()) | set(globals()) | {name for _ in [1] for name in locals()}


class Probe:
    x: int = 1
    seen = set(locals())

    def method(self):
        super().__init__()
        return set(locals())


seen = set(globals()) | set(locals()) | set(vars()) | names_in_a_function() | Probe.seen | Probe().method()
leaked = sorted(seen & GRADER)
if leaked:
    print('BREACH: globals()/locals() gave the grader\'s names ' + ', '.join(leaked))
for scope in (globals(), locals()):
    if '__builtins__' in scope:
        print('BREACH: the real builtins through a scope dict')

# A library that reads a missing key of a defaultdict(locals) (string.Template, Python code) calls locals() from its
# own frame: refused there, else the text would show that frame's names (mapping, self).
try:
    text = string.Template('$missing').substitute(collections.defaultdict(locals))
except NotImplementedError:
    text = ''
if 'mapping' in text:
    print('BREACH: locals() below a frame of a library gave ' + text[:100])
