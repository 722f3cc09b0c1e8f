# attack: sys.stdout.write and print of objects whose str() is a str subclass with its own
#         __getitem__ and __len__, so that the capped output buffer keeps megabytes
# expect: load-error missing-functions
import sys


class Text(str):
    def __getitem__(self, key):
        return "<b>A</b>" * 200_000

    def __len__(self):
        return 0


class Shown:
    def __str__(self):
        return Text("x")


sys.stdout.write(Shown())
print(Shown(), Shown(), sep=Text(" "), end=Text("\n"))
