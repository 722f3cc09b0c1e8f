# attack: a comprehension target named like the attribute guard
# expect: policy _getattr_
leak = [_getattr_ for _getattr_ in [lambda obj, name: obj]]
