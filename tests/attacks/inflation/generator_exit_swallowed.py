# attack: a generator that catches GeneratorExit with a bare except: and keeps yielding (an interpreter error
#         in plain Python); the bare except only catches Exception in the grader, so close() works
# expect: load-error missing-functions


def stubborn():
    while True:
        try:
            yield 1
        except:
            print('BREACH: caught GeneratorExit')


g = stubborn()
next(g)
g.close()
