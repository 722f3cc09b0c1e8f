# pathology: an infinite loop in the module body (a demo loop left in)
# expect: load-error timeout
# @correct-solution
while True:
    pass
