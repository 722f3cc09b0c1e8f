# attack: nonlocal and del of a guard hook name
# expect: policy _getattr_
def outer():
    def inner():
        nonlocal _getattr_
    return inner
