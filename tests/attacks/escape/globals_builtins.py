# attack: the module's globals and the real builtins behind them
# expect: policy globals()
real = globals()['__builtins__']
