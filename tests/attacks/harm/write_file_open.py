# attack: write a file outside the submission with open() (kept in memory: the marker folder must stay as it was)
# expect: load-error missing-functions
with open('@@MARKER@@/written-by-open', 'w') as out:
    out.write('pwned')
