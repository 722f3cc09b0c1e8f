# attack: rebind the write guard at module level from inside a function with global
# expect: policy _write_
def disarm():
    global _write_
    _write_ = lambda obj: obj
