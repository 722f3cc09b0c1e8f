# pathology: a correct solution followed by twelve thousand lines `y is y` (y holds a text): one note per line of an
#            `is` between texts (grader/sandbox/identity.py) made the load's message to the grader longer than any
#            message may be, so the child was killed and main.py reported as a load that took too long
# expect: graded PPP
# @correct-solution

y = 'open'
# @repeat: 12000: y is y
