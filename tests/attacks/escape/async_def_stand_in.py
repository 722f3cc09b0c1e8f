# attack: an async def becomes a plain def whose call raises NotImplementedError, its body never compiled: the body
#         holds what the policy refuses (imports, dunders, frames, a finally that would put approvals back), an async
#         generator, async methods, decorators that call the function or keep what it returns, the stand-in's own
#         globals, closure and code, and a coroutine driven by hand with send()
# expect: graded PPP
# @correct-solution
import functools

kept = []


def attempt(what, action):
    try:
        found = action()
    except NotImplementedError:
        return
    except Exception as error:
        found = error
    print('BREACH:', what, repr(found)[:80])


def call_at_once(function):
    kept.append(function)
    attempt('a decorator that calls it', function)
    return function


async def forbidden(approved=None):
    import os
    try:
        await os.system('touch /tmp/async-breach')
    finally:
        print('BREACH: the body ran', ().__class__.__bases__)


async def stream():
    for item in range(3):
        yield item
        print('BREACH: an async generator ran')


class Tool:
    async def run(self, proposal):
        async with proposal as open_proposal:
            print('BREACH: async with ran', open_proposal)

    @staticmethod
    @call_at_once
    async def static():
        print('BREACH: a decorated async def ran')


@functools.lru_cache
async def cached():
    print('BREACH: a cached async def ran')


attempt('calling it', forbidden)
attempt('an async generator', stream)
attempt('a method', lambda: Tool().run({}))
attempt('a static method', Tool.static)
attempt('a cached one', cached)
attempt('send() by hand', lambda: forbidden().send(None))
for name in ('__glo' + 'bals__', '__clo' + 'sure__', '__co' + 'de__'):
    try:
        print('BREACH: the stand-in gave', name, repr(getattr(forbidden, name))[:60])
    except Exception:
        pass
