# attack: read a file outside the submission (a secret next to it) through any module that can, and show it
# expect: load-error missing-functions

SECRET = '@@MARKER@@/secret.txt'
found = []
try:
    import linecache
    found.append(linecache.getline(SECRET, 1))
except Exception:
    pass
try:
    import pathlib
    found.append(pathlib.Path(SECRET).read_text())
except Exception:
    pass
try:
    import io
    found.append(io.open(SECRET).read())
except Exception:
    pass
try:
    import hashlib
    found.append(hashlib.file_digest)
except Exception:
    pass
try:
    import json
    found.append(json.load)
except Exception:
    pass
try:
    import re
    found.append(re.compile(SECRET).scanner(SECRET).pattern)
except Exception:
    pass
print('found:', found)
