# attack: the threading stand-in (Lock and RLock for a lock around the dispatcher): the grader's factory functions'
#         globals, closure and code (the grader's module, _thread, sys), the lock's class and its subclasses, the
#         lock's pickling hooks and RLock's private C methods, and the names the view does not offer: Thread (a
#         second thread would run past the per-check timer), settrace/setprofile, excepthook, the module's
#         private tables
# expect: graded PPP
# @correct-solution
import copy
import threading
from threading import Lock, RLock, Thread


def attempt(what, action):
    try:
        found = action()
    except Exception:
        return
    print('BREACH:', what, repr(found)[:80])


lock, rlock = Lock(), RLock()
for factory in (Lock, RLock, threading.Lock, threading.RLock):
    for name in ('__glo' + 'bals__', '__clo' + 'sure__', '__co' + 'de__', '__wrap' + 'ped__', '__se' + 'lf__'):
        attempt(f'{name} of a factory', lambda: getattr(factory, name))
attempt('the view class', lambda: getattr(type(threading), '__di' + 'ct__'))
attempt('the view class by attribute', lambda: getattr(getattr(threading, '__cla' + 'ss__'), '__ba' + 'ses__'))
attempt('the lock class', lambda: getattr(type(lock), '__subcla' + 'sses__')())
attempt('the lock class by name', lambda: getattr(type(lock), '__mr' + 'o__'))
attempt('a lock class made anew', lambda: type(rlock)().acquire() and type(type(rlock)))
attempt('pickling hooks', lambda: getattr(lock, '__reduce_' + 'ex__')(2))
attempt('a copied lock', lambda: copy.copy(rlock) and copy.deepcopy(lock))
attempt('a thread', lambda: Thread(target=print).start())
attempt('a thread by the module', lambda: threading.Thread(target=print, daemon=True).start())
attempt('a timer', lambda: threading.Timer(0.1, print).start())
attempt('settrace', lambda: threading.settrace(print))
attempt('setprofile', lambda: threading.setprofile(print))
attempt('excepthook', lambda: threading.excepthook(None))
attempt('the active threads', lambda: list(threading._active))
attempt('enumerate', lambda: threading.enumerate())
attempt('the main thread', lambda: threading.main_thread().ident)
attempt('_thread by the view', lambda: threading._thread.start_new_thread(print, ()))
# The locks work as in Python: a plain Lock held refuses a second acquire without waiting, an RLock re-enters.
if not (lock.acquire(timeout=0.1) and lock.locked()) or lock.acquire(blocking=False):
    print('BREACH: a lock does not work')
lock.release()
with rlock, rlock:
    if not rlock.acquire(blocking=False):
        print('BREACH: a re-entrant lock does not work')
    rlock.release()
