# attack: read the instructor's reference solution from disk (open() at module level, where only main.py is there
#         while grading) and show it
# expect: load-error runtime FileNotFoundError
with open('tests/solutions/reference/main.py') as source:
    code = source.read()
print('BREACH', code[:60])
