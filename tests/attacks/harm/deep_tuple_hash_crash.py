# attack: hash a tuple nested a million deep: C recursion without a depth check overflows the C stack (SIGSEGV)
# expect: load-error crashed
# @correct-solution
nested = ()
for i in range(10 ** 6):
    nested = (nested,)
hash(nested)
