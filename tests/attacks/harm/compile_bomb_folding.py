# attack: constant expressions the optimiser might fold into huge constants at compile time
# expect: load-error runtime MemoryError
# @correct-solution
folded = (1,) * 10 ** 7
big = 'x' * 10 ** 10
