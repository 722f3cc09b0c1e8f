# attack: __del__ runs at garbage collection, inside whatever grader code happens to run then
# expect: policy __del__
class Late:
    def __del__(self):
        print('running inside the grader')
