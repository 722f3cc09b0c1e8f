# attack: a positional-only parameter named like the iteration guard (RestrictedPython advisory 2024)
# expect: policy _getiter_
def walk(_getiter_, /):
    return [x for x in _getiter_]
