# attack: fill memory through open()'s files kept in memory (megabyte writes, a million small writes, many long names,
#         text that grows when read back as bytes) and reach real files, paths or descriptors through them (a secret
#         next to the submission, .., /proc, /dev, file descriptors, an opener, a str subclass's own __str__ and
#         __len__, the file objects' internals, their class, copies, pickling, str.format fields)
# expect: load-error missing-functions

ROOM = 2 ** 20


def attempt(label, action, allowed=()):
    try:
        value = action()
    except Exception as error:
        if type(error).__name__ not in ('OSError', 'FileNotFoundError', 'TypeError', 'ValueError', 'AttributeError',
                                        'NameError', 'UnicodeDecodeError', 'PermissionError', 'ImportError',
                                        'ModuleNotFoundError', 'IsADirectoryError', 'NotADirectoryError', 'PicklingError'):
            print('BREACH?', label, type(error).__name__)
        return None
    if label not in allowed:
        print('BREACH:', label, repr(value)[:200])
    return value


def big_writes():
    with open('big.log', 'a') as out:
        for i in range(64):
            out.write('x' * ROOM)


def small_writes():  # many short writes (each counts its bytes only: 16 at a time fills the room well within 2 s)
    out = open('small.log', 'w')
    for i in range(4 * 10 ** 6):
        out.write('x' * 16)


def many_names():
    for i in range(10 ** 6):
        open(f'{i:0>2000}', 'w')


def grown_by_encoding():
    open('emoji.txt', 'w').write('\U0001F600' * (ROOM // 3))
    with open('emoji.txt', 'ab') as out:
        out.write(b'!')
    return len(open('emoji.txt', 'rb').read())


attempt('big writes', big_writes)
attempt('small writes', small_writes)
attempt('many names', many_names)
attempt('grown by encoding', grown_by_encoding)
attempt('rewrites free their room', lambda: [open('again', 'w').write('y' * (ROOM // 2)) for i in range(8)])
# After all that, what main.py can read back stays within the room.
total = 0
for name in ('big.log', 'small.log', 'emoji.txt', 'again'):
    try:
        total += len(open(name, 'rb').read())
    except Exception:
        pass
if total > ROOM:
    print('BREACH: files hold', total)
# The room given back for what follows (the fill left the files full): its files and names removed.
import os
for name in ('big.log', 'small.log', 'emoji.txt', 'again'):
    attempt('removed ' + name, lambda name=name: os.remove(name), allowed=('removed ' + name,))


def free_names():
    for i in range(10 ** 6):
        os.remove(f'{i:0>2000}')  # FileNotFoundError past the last name made


attempt('names removed', free_names)

attempt('the secret', lambda: open('@@MARKER@@/secret.txt').read())
attempt('the secret by ..', lambda: open('../' * 12 + '@@MARKER@@/secret.txt', 'r').read())
attempt('the secret in binary', lambda: open('@@MARKER@@/secret.txt', 'rb').read())
attempt('the secret by r+', lambda: open('@@MARKER@@/secret.txt', 'r+').read())
import pathlib
attempt('Path.read_text of the secret', lambda: pathlib.Path('@@MARKER@@/secret.txt').read_text())
attempt('Path.open of the secret', lambda: pathlib.Path('@@MARKER@@/secret.txt').open().read())
attempt('Path.exists of the secret', lambda: pathlib.Path('@@MARKER@@/secret.txt').exists() or int('no'))
attempt('the secret by a+ (a new file in memory)', lambda: open('@@MARKER@@/secret.txt', 'a+').read(),
        allowed=('the secret by a+ (a new file in memory)',))
attempt('written next to the secret', lambda: open('@@MARKER@@/written-in-memory', 'w').write('pwned'),
        allowed=('written next to the secret',))
attempt('the marker folder', lambda: open('@@MARKER@@', 'w'), allowed=('the marker folder',))
attempt('/proc/self/environ', lambda: open('/proc/self/environ', 'rb').read())
attempt('/proc/self/mem', lambda: open('/proc/self/mem', 'r+b'))
attempt('/dev/zero', lambda: open('/dev/zero', 'rb').read(10 ** 9))
attempt('/dev/stdout', lambda: open('/dev/stdout', 'w').write('x'), allowed=('/dev/stdout',))
attempt('fd 0', lambda: open(0).read())
attempt('fd 1', lambda: open(1, 'w').write('BREACH fd'))
attempt('no closefd', lambda: open('x', 'w', closefd=False))
attempt('an opener', lambda: open('x', 'w', opener=lambda path, flags: 1))
attempt('bytes name', lambda: open(b'@@MARKER@@/secret.txt').read())


class Sneaky(str):
    def __str__(self):
        return '@@MARKER@@/secret.txt'

    def __len__(self):
        return 0


attempt('a str of its own', lambda: open(Sneaky('audit.log')).read())
attempt('a str of its own written', lambda: open('sneaky', 'w').write(Sneaky('x' * ROOM)))
f = open('audit.log', 'w')
attempt('fileno', lambda: f.fileno())
attempt('internals', lambda: getattr(f, '_folder'))
attempt('internals by key', lambda: getattr(f, '_key'))
attempt('a bound method\'s self', lambda: getattr(f.write, '__self' + '__'))
attempt('its function', lambda: getattr(f.write, '__func' + '__'))
attempt('its dict', lambda: vars(f))
attempt('format field', lambda: '{0._folder}'.format(f))
attempt('format field of a method', lambda: '{0.write.__self__}'.format(f))
attempt('a file made by its class', lambda: type(f)(None, '/etc/passwd', 'x', 'r', 'utf-8'))
attempt('a method read off its class', lambda: type(f).read(f))
attempt('reduce', lambda: getattr(f, '__reduce_ex' + '__')(2))


def subclass():
    class Mine(type(f)):
        pass
    return Mine


attempt('a class built on it', subclass)
import copy
attempt('copy', lambda: copy.copy(f))
attempt('deepcopy', lambda: copy.deepcopy(f))
import pickle
attempt('pickle', lambda: pickle.dumps(f))
attempt('Path.write_text', lambda: pathlib.Path('@@MARKER@@/written-by-path').write_text('pwned'),
        allowed=('Path.write_text',))
print('done')
