# attack: contextlib.ExitStack and closing (the grader's own): their internals and class, a class built on them,
#         what an exit function and an entered context manager of main.py's receive (a traceback, the raw class of a
#         library's exception), enter_context and push of a module view, a class, the type stand-in,
#         callbacks of grader functions with grader objects, closing() of a module view and of a grader object,
#         a @contextmanager decorator around grader functions
# expect: load-error missing-functions
import contextlib
import json
from contextlib import ExitStack, closing, contextmanager


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:200])
    return found


SEEN = []


class Spy:
    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        SEEN.append((kind, error, traceback))
        return False


def pushed(kind, error, traceback):
    SEEN.append((kind, error, traceback))
    return False


try:
    with ExitStack() as stack:
        stack.enter_context(Spy())
        stack.push(pushed)
        stack.push(Spy())
        json.loads('{"a": ')
except ValueError:
    pass
if len(SEEN) != 3:
    print('BREACH? exits not run as Python runs them (a false fail)', len(SEEN))
for kind, error, traceback in SEEN:
    if traceback is not None:
        print('BREACH: an exit received a traceback')
    if kind is not None and type(kind) is not type(ValueError) and type(kind) is not type(Spy):
        print('BREACH: an exit received a class as', type(kind))
    attempt('subclasses of the class received', lambda: getattr(kind, '__subcl' + 'asses__')())

stack = ExitStack()
for name in ('_exits', '_visible', '__dict__', '__class__', '__exit__', '_run', '_leave_contexts', '__slots__'):
    attempt('stack.' + name, lambda: getattr(stack, name) if name != '__class__' else type(stack)())
attempt('the ExitStack class', lambda: type(stack)(print))
attempt('writing the stack', lambda: setattr(stack, '_exits', [('pushed', print)]) or 'wrote')
attempt('a class built on the stack', lambda: type('Sub', (type(stack),), {}))
try:
    class Sub(type(stack)):
        pass
    print('BREACH: a class built on ExitStack')
except Exception:
    pass
attempt('ExitStack as a base', lambda: type('Sub', (ExitStack,), {}))


for odd in (5, json, type, ExitStack, Spy):
    attempt('enter_context of ' + repr(odd)[:40], lambda: ExitStack().enter_context(odd))
    attempt('push of ' + repr(odd)[:40], lambda: ExitStack().push(odd) and None)
try:
    with ExitStack() as grader_calls:
        grader_calls.callback(setattr, json, 'dumps', print)
        grader_calls.callback(setattr, stack, '_exits', [])
        grader_calls.callback(getattr, json, '__loader__')
        grader_calls.callback(print, 'quietly')
except Exception:
    pass
for target in (json, stack, contextlib.suppress(), print):
    try:
        with closing(target):
            pass
    except Exception:
        pass
attempt('json.dumps replaced', lambda: None if json.dumps({}) == '{}' else 'replaced')


@contextmanager
def quiet():
    yield


for function in (getattr, setattr, type, json.dumps):
    made = quiet()(function)
    attempt('a decorated grader function', lambda: made(json, '__loader__'))
    for name in ('__wrapped__', '__closure__', '__globals__', '__self__'):
        attempt(f'{name} of the decorated function', lambda: getattr(made, name))
for name in ('_generator', '_remake', '__call__'):
    attempt('quiet().' + name, lambda: getattr(quiet(), name) if name != '__call__' else None)
