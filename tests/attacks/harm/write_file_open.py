# attack: write a file outside the submission with open()
# expect: policy open()
with open('@@MARKER@@/written-by-open', 'w') as out:
    out.write('pwned')
