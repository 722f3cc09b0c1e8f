# attack: a plain threading.Lock taken twice while the module loads: a deadlock (as in Python), no CPU time used,
#         so only the outside wall-clock kill ends the wait
# expect: load-error timeout
# @correct-solution
import threading

_lock = threading.Lock()
with _lock:
    _lock.acquire()
