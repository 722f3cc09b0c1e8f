# attack: a function's code object, to build a function with other globals or constants
# expect: policy __code__
def helper():
    return 1


code = helper.__code__.replace(co_consts=(None, 2))
