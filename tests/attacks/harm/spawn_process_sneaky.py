# attack: start a process through any module that can (os, pty, multiprocessing, concurrent.futures, asyncio)
# expect: load-error missing-functions

try:
    import os
    os.system('touch @@MARKER@@/spawned-os')
    print('BREACH: os')
except Exception:
    pass
try:
    import pty
    pty.__name__  # a breach only when the module can be used
    print('BREACH: pty')
except Exception:
    pass
try:
    import multiprocessing
    multiprocessing.__name__  # a breach only when the module can be used
    print('BREACH: multiprocessing')
except Exception:
    pass
try:
    import concurrent.futures
    concurrent.__name__  # a breach only when the module can be used
    print('BREACH: concurrent.futures')
except Exception:
    pass
try:
    import asyncio  # a view with inert locks and queues only: no event loop, no subprocess
    asyncio.create_subprocess_shell('touch @@MARKER@@/spawned-asyncio')
    print('BREACH: asyncio')
except Exception:
    pass
try:
    import ctypes
    ctypes.__name__  # a breach only when the module can be used
    print('BREACH: ctypes')
except Exception:
    pass
