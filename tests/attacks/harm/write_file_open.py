# attack: write a file outside the submission with open()
# expect: load-error runtime PermissionError: open() is not available
with open('@@MARKER@@/written-by-open', 'w') as out:
    out.write('pwned')
