"""The characters no reader sees, as a regular-expression class body, for every output that shows a student's text
(the reports: grader/reports/feedback.py; the terminal: grader/terminal.py), which shows them as escapes.

Bidirectional controls (all of Unicode's Bidi_Control, U+061C too) would reorder what is shown; line and paragraph
separators break lines where none is seen; the rest are Unicode's default-ignorable characters, drawn as nothing:
soft hyphen, format controls, tag characters and interlinear annotations can carry text no reader sees, and the
variation selectors, the grapheme joiner, the Hangul fillers, Khmer's inherent vowels and Mongolian's variation
selectors are letters a Python name and a file name may hold (``def validate_ticket_proposal\\ufe0f`` defines
another function than the one its report would seem to name, ``anna\\u3164`` is another student than ``anna``).
Control characters are not in it: each output says which it keeps (tabs, line ends).
"""

HIDDEN = ("\xad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164"
          "\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff")
