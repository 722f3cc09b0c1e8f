# attack: output and exception messages carrying HTML, Markdown fences, a template expression and a formula;
#         the functions are correct (the reports must show the text, escaped, and grade 3/3)
# expect: graded PPP
# @correct-solution

print('<script>alert("pwned")</script></pre><img src=x onerror=alert(1)> {{ 7*7 }} =HYPERLINK("http://x")')
print('```\n</code><img src=y onerror=alert(2)>\n````\n~~~\n<img src=z onerror=alert(3)>')

_validate = validate_ticket_proposal


def validate_ticket_proposal(proposal):
    try:
        return _validate(proposal)
    except ValueError:
        raise ValueError('<script>alert("pwned")</script> =cmd|"/C calc"!A0') from None
