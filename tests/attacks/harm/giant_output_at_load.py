# attack: print 50 MB while the module loads (reports must stay small)
# expect: graded PPP
# @correct-solution
line = 'spam ' * 200
for i in range(50000):
    print(line)
