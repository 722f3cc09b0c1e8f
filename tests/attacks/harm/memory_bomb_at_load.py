# attack: allocate a terabyte while the module loads
# expect: load-error runtime MemoryError
# @correct-solution
hoard = bytearray(2 ** 40)
