# attack: the asyncio stand-in (inert locks, events and queues for async code that never runs): an event loop, a
#         task, a thread or a subprocess through asyncio, a coroutine of asyncio's own driven by hand, the inert
#         objects' class, slots and writes, and the factories' globals and closure (the grader's module)
# expect: graded PPP
# @correct-solution
import asyncio
import copy
from asyncio import Lock, Queue, create_subprocess_exec, to_thread


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return
    print('BREACH:', what, repr(found)[:80])


lock, queue, event = Lock(), Queue(maxsize=5), asyncio.Event()
attempt('an event loop', lambda: asyncio.new_event_loop().run_until_complete(asyncio.sleep(0)))
attempt('the running loop', asyncio.get_event_loop)
attempt('run', lambda: asyncio.run(None))
attempt('a task', lambda: asyncio.ensure_future(None))
attempt('a thread', lambda: to_thread(print))
attempt('a subprocess', lambda: create_subprocess_exec('true'))
attempt('a coroutine of asyncio driven by hand', lambda: asyncio.sleep(0).send(None))
attempt('a lock acquired', lambda: lock.acquire().send(None))
attempt('a queue read', lambda: queue.get_nowait())
attempt('a lock written', lambda: setattr(lock, 'locked', print))
attempt('a lock written by object.__setattr__', lambda: object.__setattr__(event, '_kind', 'x'))
attempt('the class of a lock', lambda: getattr(type(lock), '__subcla' + 'sses__')())
attempt('the class made anew', lambda: type(lock)('Thread'))
attempt('the slots', lambda: getattr(lock, '__slo' + 'ts__'))
attempt('a copy', lambda: copy.copy(lock)._kind)
for factory in (Lock, asyncio.Semaphore, asyncio.Condition):
    for name in ('__glo' + 'bals__', '__clo' + 'sure__', '__co' + 'de__'):
        attempt(f'{name} of a factory', lambda: getattr(factory, name))
if 'inert' not in repr(lock):
    print('BREACH: an asyncio lock is not the inert stand-in', repr(lock)[:80])
