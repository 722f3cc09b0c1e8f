# attack: a plain threading.Lock held by the module and taken again with a time-out: a wait that uses no CPU time
#         (the reason time.sleep returns at once), so no timer of a check ends it, and a wait shorter than the wall
#         clock's deadline is no time-out either: every load and every check could hold a worker for seconds. The
#         lock's arguments are still checked as Python checks them, and a free lock is taken as usual
# expect: graded PPP
# @correct-solution
import threading
import time

_held = threading.Lock()
_held.acquire()
_graded = dispatch_ticket
_calls = []


def waited(seconds):
    started = time.monotonic()
    if _held.acquire(timeout=seconds) or _held.acquire(True, seconds) or _held.acquire_lock(1, seconds):
        print('BREACH: a lock held by the module was taken again')
    return time.monotonic() - started >= seconds


def refused(action):
    try:
        action()
    except (ValueError, OverflowError):
        return True
    return False


if waited(1.5):
    print('BREACH: the module body waited on a held lock')
if not (refused(lambda: _held.acquire(timeout=-2)) and refused(lambda: _held.acquire(False, 1))
        and refused(lambda: _held.acquire(timeout=1e300)) and _held.locked()):
    print('BREACH: a held lock answers otherwise than in Python')
_free = threading.Lock()
if not (_free.acquire(timeout=5) and _free.locked() and not _free.acquire(False)):
    print('BREACH: a free lock answers otherwise than in Python')
_free.release()
with _free:
    if not _free.locked():
        print('BREACH: a lock in a with statement is not held')


def dispatch_ticket(proposal, actor, approved, state, completed):
    _calls.append(1)
    if len(_calls) == 1 and waited(0.5):
        raise RuntimeError('BREACH: a check waited on a held lock')
    return _graded(proposal, actor, approved, state, completed)
