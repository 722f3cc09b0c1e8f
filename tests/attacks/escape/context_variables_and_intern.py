# attack: contextvars.ContextVar and sys.intern, offered for a dispatcher's bookkeeping, used to read the grader's
#         own context variables, reach the real contextvars or sys module, or build a class on ContextVar
# expect: graded PPP
# @correct-solution
import contextvars
import sys

CURRENT = contextvars.ContextVar('current', default=None)


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return None
    if found is None:
        return None
    print('BREACH:', what, repr(found)[:100])
    return found


for name in ('copy_context', 'Context', 'Token'):
    attempt(f'contextvars.{name}', lambda name=name: getattr(contextvars, name)() or 'ran')
attempt('a ContextVar subclass', lambda: type('V', (contextvars.ContextVar,), {})('v'))


def own_subclass():
    class Var(type(CURRENT)):
        pass
    return Var('v')


attempt('a class built on type(ContextVar)', own_subclass)
token = CURRENT.set('alice')
attempt('the Context behind a token', lambda: getattr(token, 'var') is not CURRENT or None)
attempt('the old value of a token', lambda: token.old_value is not token.MISSING or None)
for owner, name in ((CURRENT.get, '__self__'), (CURRENT.set, '__self__'), (sys.intern, '__self__'),
                    (sys.intern, '__globals__'), (sys.intern, '__closure__'), (contextvars.ContextVar, '__module__')):
    attempt(f'{name} of {owner!r}', lambda owner=owner, name=name: getattr(getattr(owner, name), 'modules'))
attempt('sys.intern of a str subclass', lambda: sys.intern(type('S', (str,), {})('x')))
CURRENT.reset(token)
attempt('a ContextVar keeps a value past reset', lambda: CURRENT.get())
