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
    print('BREACH: pty')
except Exception:
    pass
try:
    import multiprocessing
    print('BREACH: multiprocessing')
except Exception:
    pass
try:
    import concurrent.futures
    print('BREACH: concurrent.futures')
except Exception:
    pass
try:
    import asyncio
    print('BREACH: asyncio')
except Exception:
    pass
try:
    import ctypes
    print('BREACH: ctypes')
except Exception:
    pass
