# pathology: exit() at the end of the module body (after a demo)
# expect: graded PPP
# @correct-solution
print('demo klaar')
exit()
