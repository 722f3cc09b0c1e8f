# attack: exhaust file descriptors (and other kernel objects) so the grader cannot report
# expect: load-error missing-functions

held = []
for attempt in range(1):
    try:
        import os
        for i in range(100000):
            held.append(os.pipe())
        print('BREACH: os.pipe')
    except Exception:
        pass
    try:
        import selectors
        selectors.__name__  # a breach only when the module can be used
        print('BREACH: selectors')
    except Exception:
        pass
# What is left: objects that hold no descriptor.
import hashlib
import re
for i in range(10000):
    held.append(hashlib.sha256())
    held.append(re.compile('a').scanner('a'))
