# attack: read the instructor's reference solution from disk and run it
# expect: policy open()
with open('tests/solutions/reference/main.py') as source:
    code = source.read()
exec(code)
