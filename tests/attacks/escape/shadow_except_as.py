# attack: bind the write guard with except ... as
# expect: policy _write_
try:
    1 / 0
except ZeroDivisionError as _write_:
    pass
