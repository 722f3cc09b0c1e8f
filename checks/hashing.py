"""Valid proposals checkpoint 2 hashes besides the lesson's p (CONTRACT.md F1, F2), as (id, code shown, fields
changed in p): the edges of V3-V7 at once, in the forms of tool and status that a rule of its own would single out."""

from checks import lesson

OTHER_VALID = [
    ("call-id-c2", "{**p, 'call_id': 'c2'}", {"call_id": "c2"}),
    ("actor-other", "{**p, 'actor': 'other'}", {"actor": "other"}),
    ("version-7", "{**p, 'version': 7}", {"version": 7}),
    ("version-1000000", "{**p, 'version': 1000000}", {"version": 1000000}),
    ("ticket-sensor", "{**p, 'arguments': {'ticket': 'sensor', 'status': 'done'}}", {"ticket": "sensor"}),
    ("status-open", "{**p, 'arguments': {'ticket': 'lamp', 'status': 'open'}}", {"status": "open"}),
    ("long-ids", "{**p, 'call_id': 'C' + 'x' * 39, 'actor': 'A-b_9', 'arguments': {'ticket': 'l' * 32, 'status': 'open'}}",
     {"call_id": "C" + "x" * 39, "actor": "A-b_9", "ticket": "l" * 32, "status": "open"}),
    ("all-at-maximum", "{'call_id': 'c' * 40, 'actor': 'a' * 40, 'name': 'n' * 40,\n"
     "                      'version': 1000000, 'arguments': {'ticket': 't' * 32, 'status': 'done'}}",
     {"call_id": "c" * 40, "actor": "a" * 40, "name": "n" * 40, "version": 1000000, "ticket": "t" * 32}),
    # One character each, the shortest an ID or a ticket may be: a pattern written with + instead of {0,n} refuses it.
    ("all-at-minimum", "{**p, 'call_id': 'c', 'actor': 'a', 'name': 'n', 'arguments': {'ticket': 't', 'status': 'open'}}",
     {"call_id": "c", "actor": "a", "name": "n", "ticket": "t", "status": "open"}),
    ("all-at-minimum-set-ticket", "{**p, 'call_id': 'c', 'actor': 'a', 'arguments': {'ticket': 't', 'status': 'done'}}",
     {"call_id": "c", "actor": "a", "ticket": "t"}),
    # Every character an ID or a ticket may hold, in call_id, actor, name and ticket: a rule typed again before hashing
    # that misses one refuses them. Also as set_ticket with status done: rules of its own for set_ticket proposals.
    *[(f"every-character-{n}{suffix}", f"{{**p, 'call_id': {first!r}, 'actor': {second!r},\n{' ' * 22}'name': {name!r},\n"
       f"{' ' * 22}'arguments': {{'ticket': {ticket!r}, 'status': {status!r}}}}}",
       {"call_id": first, "actor": second, "name": name, "ticket": ticket, "status": status})
      for n, (first, second, ticket) in enumerate(zip(lesson.ID_CHARACTERS.values(), reversed(lesson.ID_CHARACTERS.values()),
                                                      lesson.TICKET_CHARACTERS.values()), 1)
      for suffix, name, status in (("", second, "open"), ("-set-ticket", "set_ticket", "done"))],
    # H of this one starts with two zeros: a digest written as a number (format(int, 'x'), hex()) loses them.
    ("digest-starts-with-zeros", "{**p, 'call_id': 'c436'}", {"call_id": "c436"}),
]
