# pathology: debugging output of several megabytes in the module body
# expect: graded PPP
# @correct-solution
for i in range(100000):
    print('debug regel', i, list(range(10)))
