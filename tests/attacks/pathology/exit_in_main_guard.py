# pathology: a main guard that runs a demo and calls exit() (the guard does not run while grading)
# expect: graded PPP
# @correct-solution
if __name__ == '__main__':
    print(validate_ticket_proposal({}))
    exit(1)
