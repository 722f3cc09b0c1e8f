# attack: CPU and huge integer arithmetic: one huge power computed in a single C call while the module loads
#         (no signal handler runs until it returns: only the outside kill stops it)
# expect: load-error timeout
# @correct-solution
big = 10 ** (10 ** 8)
