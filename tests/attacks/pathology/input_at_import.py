# pathology: input() in the module body (asking for a name)
# expect: load-error runtime input()
# @correct-solution
naam = input('Wat is je naam? ')
