# attack: fill the disk: every route to a file, then megabytes of output as a fallback
# expect: load-error missing-functions

for attempt in range(1):
    try:
        import os
        fd = os.open('@@MARKER@@/disk-fill', os.O_WRONLY | os.O_CREAT)
        os.write(fd, b'x' * 2 ** 30)
        print('BREACH: os.write')
    except Exception:
        pass
    try:
        import mmap
        mmap.__name__  # a breach only when the module can be used
        print('BREACH: mmap')
    except Exception:
        pass
chunk = 'x' * 2 ** 20
for i in range(20):
    print(chunk)
