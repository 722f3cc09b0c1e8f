# pathology: a syntax error near the end of an otherwise correct file
# expect: load-error syntax
# @correct-solution
def broken(:
    pass
