"""The sandbox's fixes keep what honest students write working, and the seccomp layer refuses what it should."""

from __future__ import annotations

import ctypes
import json
import os
import platform
import select

import pytest

from grader import isolation
from grader.sandbox import filesystem, syscalls
from grader.sandbox.loader import LoadFailure, load

FUNCTION = "\ndef validate_ticket_proposal(p):\n    return p\n"


def output_of(source: str) -> str:
    return load((source + FUNCTION).encode()).output


def test_dotted_value_patterns_match_as_in_python():
    source = (
        "class C:\n    X = 3\n    Y = 'y'\n"
        "def f(v):\n    match v:\n"
        "        case C.X as y:\n            return ('as', y)\n"
        "        case [C.X, *rest] if rest:\n            return ('star', rest)\n"
        "        case {'k': C.Y, **rest}:\n            return ('map', rest)\n"
        "        case C.Y | 'z' | None:\n            return 'or'\n"
        "        case _:\n            return 'no'\n"
        "print([f(3), f([3, 1]), f([3]), f({'k': 'y', 'j': 1}), f('y'), f('z'), f(None), f(4)])\n"
    )
    assert output_of(source).strip() == str([("as", 3), ("star", [1]), "no", ("map", {"j": 1}), "or", "or", "or", "no"])


@pytest.mark.parametrize("source", [
    "match 1:\n    case [1, int.real] | [2]:\n        pass",
    "match {}:\n    case {int.real: 1}:\n        pass",
])
def test_dotted_names_where_they_cannot_be_guarded_are_refused_with_a_reason(source):
    with pytest.raises(LoadFailure) as failure:
        load((source + FUNCTION).encode())
    assert failure.value.problem.kind == "policy" and failure.value.problem.line == 2


def test_type_answers_like_type_but_makes_no_classes():
    source = (
        "print(type(int) is type, isinstance(int, type), isinstance(3, type), type(3) is int, type(type) is type,\n"
        "      int.__class__ is type, type.__name__)\n"
        "try:\n    type('X', (), {})\nexcept TypeError:\n    print('refused')\n"
        "try:\n    type(int)('X', (), {})\nexcept TypeError:\n    print('refused')\n"
    )
    assert output_of(source).split("\n")[:3] == ["True True False True True True type", "refused", "refused"]


def test_dataclass_helpers_work_on_the_submissions_own_classes():
    source = (
        "import dataclasses, functools\n"
        "@dataclasses.dataclass(slots=True)\nclass P:\n    x: int = 0\n"
        "    def bump(self):\n        self.x += 1\n        return self.x\n"
        "@functools.total_ordering\n@dataclasses.dataclass(frozen=True)\nclass V:\n    n: int\n"
        "    def __lt__(self, other):\n        return self.n < other.n\n"
        "print(P().bump(), V(1) <= V(2), dataclasses.replace(V(1), n=5))\n"
    )
    assert output_of(source).strip() == "1 True V(n=5)"


def test_str_format_still_formats_and_subclasses_keep_working():
    source = (
        "class S(str):\n    def shout(self):\n        return self.upper() + '!'\n"
        "print('{0}-{x:>3}-{1[a]}'.format(1, {'a': 2}, x=3), S('hi').shout(), S('{0}').format(7))\n"
    )
    assert output_of(source).strip() == "1-  3-2 HI! 7"


def test_module_functions_are_private_copies():
    import json as real_json

    view_dumps = load(b"import json\ndef validate_ticket_proposal(p):\n    return json.dumps\n").functions[
        "validate_ticket_proposal"](None)
    assert view_dumps is not real_json.dumps and view_dumps({"b": 1, "a": 2}, sort_keys=True) == '{"a": 2, "b": 1}'
    assert view_dumps.__kwdefaults__ is not real_json.dumps.__kwdefaults__


def test_compiler_errors_are_syntax_problems_with_a_line():
    with pytest.raises(LoadFailure) as failure:
        load(b"x = 1\nreturn x\n" + FUNCTION.encode())
    assert (failure.value.problem.kind, failure.value.problem.line) == ("syntax", 2)


@pytest.mark.skipif(not syscalls.AVAILABLE, reason="no libseccomp binding (seccomp or pyseccomp) installed")
def test_seccomp_filter_refuses_exec_processes_sockets_and_writes(tmp_path):
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        seen = {"loaded": syscalls.restrict()}
        trials = {
            "read": lambda: open(__file__, encoding="utf-8").read(1),
            "write": lambda: open(tmp_path / "written", "w"),
            "read-write": lambda: os.open(__file__, os.O_RDWR),
            "socket": lambda: __import__("socket").socket(),
            "fork": os.fork,
            "exec": lambda: os.execv("/bin/true", ["true"]),
            "kill-parent": lambda: os.kill(os.getppid(), 0),
            "mkdir": lambda: os.mkdir(tmp_path / "made"),
        }
        if platform.machine() == "x86_64":  # system call numbers of this architecture
            libc = ctypes.CDLL(None, use_errno=True)

            def raw(number, *args):
                if libc.syscall(number, *args) < 0:
                    raise OSError(ctypes.get_errno(), "refused")

            info = (ctypes.c_int * 32)(0, 0, -1)
            trials.update({
                "pidfd_open-parent": lambda: raw(434, os.getppid(), 0),
                "rt_sigqueueinfo-parent": lambda: raw(129, os.getppid(), 0, ctypes.byref(info)),
                "io_uring_setup": lambda: raw(425, 4, ctypes.byref((ctypes.c_uint32 * 30)())),
            })
        for name, trial in trials.items():
            try:
                trial()
                seen[name] = "allowed"
            except OSError as error:
                seen[name] = error.errno
        os.write(write_fd, json.dumps(seen).encode())
        os._exit(0)
    os.close(write_fd)
    os.waitpid(pid, 0)
    with os.fdopen(read_fd, "rb") as channel:
        seen = json.loads(channel.read())
    assert seen.pop("loaded") is True and seen.pop("read") == "allowed"
    assert set(seen.values()) == {1}, seen  # EPERM for every one
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(filesystem.abi_version() < 1, reason="the kernel has no Landlock")
def test_a_grading_child_reads_python_and_the_grader_but_no_other_file(tmp_path):
    secret = tmp_path / "other-student.py"
    secret.write_text("SECRET = 1\n", encoding="utf-8")

    def work(channel):
        import grader.sandbox.loader as loader_module  # already loaded: its file is readable
        trials = {
            "other file": lambda: open(secret, encoding="utf-8").read(),
            "its folder": lambda: os.listdir(tmp_path),
            "home": lambda: os.listdir(os.path.expanduser("~")),
            "stdlib": lambda: __import__("wave").__name__,  # a module nobody imported yet
            "grader": lambda: open(loader_module.__file__, encoding="utf-8").read(10),
        }
        seen = {}
        for name, trial in trials.items():
            try:
                trial()
                seen[name] = "allowed"
            except OSError as error:
                seen[name] = error.errno
        channel.send(seen)

    child = isolation.spawn(work, 10)
    messages, closed = [], False
    while not closed:
        select.select([child.fd], [], [], 5)
        more, closed = child.read_messages()
        messages += more
    child.reap()
    assert messages == [{"other file": 13, "its folder": 13, "home": 13, "stdlib": "allowed", "grader": "allowed"}]


def test_calling_a_typeddict_class_gives_a_plain_dict_as_in_python():
    source = (
        "from typing import TypedDict\n"
        "class A(TypedDict):\n    x: int\n"
        "class B(A):\n    y: int\n"
        "print(type(A(x=1)) is dict, type(B(x=1, y=2)) is dict, A(x=1) == {'x': 1}, A({'x': 2}))\n"
    )
    assert output_of(source).strip() == "True True True {'x': 2}"


def test_comparisons_of_own_classes_work_and_receive_classes_as_type_gives_them():
    # Python compares keys of a dict, set or cache on a library's behalf: a class arrives as type(x) shows it.
    source = (
        "seen = []\n"
        "class Key:\n"
        "    def __eq__(self, other):\n        seen.append(other)\n        return isinstance(other, Key)\n"
        "    def __lt__(self, other):\n        return id(self) < id(other)\n"
        "    def __hash__(self):\n        return 1\n"
        "a, b = Key(), Key()\n"
        "print(a == b, a == 3, a in [3, b], len({a, b}), sorted([a, b]) in ([a, b], [b, a]))\n"
        "a == int\na == type(int)\n"
        "print(seen[-2] is int, seen[-1] is type)\n"
    )
    assert output_of(source).split("\n")[:2] == ["True False True 1 True", "True True"]


def test_a_decorated_comparison_method_is_refused_with_its_reason():
    with pytest.raises(LoadFailure) as failure:
        load(b"class P:\n    @staticmethod\n    def __eq__(other):\n        return True\n" + FUNCTION.encode())
    assert "__eq__ must be a plain def" in failure.value.problem.detail


def test_a_library_exception_s_args_show_the_classes_in_them_as_type_gives_them():
    import typing

    from grader.sandbox.classes import seen_as_classes
    from grader.sandbox.output import OutputBuffer
    from grader.sandbox.guards import Guards

    guards = Guards(OutputBuffer())
    found = guards.getattr(AssertionError({(1, typing._GenericAlias)}, [int, {"k": type}]), "args")
    [pairs, rest] = found
    [(one, alias_class)] = pairs
    assert one == 1 and alias_class is not typing._GenericAlias and alias_class.__name__ == "_GenericAlias"
    assert rest[0] is int and rest[1]["k"] is guards.type  # a safe class as it is; a metaclass as the stand-in
    assert seen_as_classes(("x", 3), guards.visible_class) == ("x", 3)
    # main.py's own code still reads its own KeyError's key as it was
    assert "(1, 2)" in output_of("try:\n    {}[(1, 2)]\nexcept KeyError as error:\n    print(error.args[0])\n")


def test_a_library_exception_s_args_are_the_same_objects_at_every_read_when_they_hold_no_class_to_hide():
    import typing

    from grader.sandbox.classes import seen_as_classes
    from grader.sandbox.output import OutputBuffer
    from grader.sandbox.guards import Guards

    guards = Guards(OutputBuffer())
    carried = {"status": "ok", "replayed": False, "nested": [1, {"k": (int, "v")}]}
    error = LookupError(carried)
    assert guards.getattr(error, "args") is error.args and guards.getattr(error, "args")[0] is carried
    assert seen_as_classes([1, {2, 3}, frozenset({str})], guards.visible_class)[1] == {2, 3}
    # a container holding a class shown otherwise is still made anew, and only that one
    mixed = ([typing._GenericAlias], carried)
    found = seen_as_classes(mixed, guards.visible_class)
    assert found is not mixed and found[1] is carried and found[0][0] is not typing._GenericAlias
    # main.py completes the dict an exception carries through error.args and returns it, as in Python
    source = ("try:\n    raise LookupError({'replayed': False})\nexcept LookupError as known:\n"
              "    known.args[0]['replayed'] = True\n    print(known.args[0], known.args is known.args)\n")
    assert "{'replayed': True} True" in output_of(source)


def test_super_of_a_library_exception_offers_only_args_too():
    source = ("try:\n    {}['x']\nexcept KeyError as error:\n    print(super(KeyError, error).args)\n"
              "    try:\n        super(KeyError, error).add_note\n        super(KeyError, error).with_traceback\n"
              "        super(KeyError, error).characters_written\n"
              "    except AttributeError as refused:\n        print('refused', refused)\n")
    # add_note and with_traceback are offered (main.py holds no traceback to give it), nothing else
    assert output_of(source).split("\n")[:2] == ["('x',)", 'refused exceptions only offer "args" in the grader, not '
                                                           '"characters_written"']


def test_a_named_tuple_class_belongs_to_main_whatever_module_it_names():
    # @dataclass writes methods whose globals are sys.modules[cls.__module__]: a class of main.py's
    # that named a grader module (module=..., or typing.NamedTuple's caller, the sandbox's wrapper)
    # would have them run with that module's globals.
    source = ("import collections, typing\n"
              "A = collections.namedtuple('A', 'x', module='grader.sandbox.guards')\n"
              "B = collections.namedtuple('B', 'x')\nC = typing.NamedTuple('C', [('x', int)])\n"
              "print(A.__module__ == B.__module__ == C.__module__ == __name__)\n")
    assert output_of(source).split("\n")[0] == "True"


def test_assert_raises_never_swallows_what_is_no_exception_such_as_the_grader_s_time_out():
    # As contextlib.suppress and main.py's own __exit__: the grader's time-out is a BaseException, and
    # assertRaises(BaseException) around an endless loop must not let main.py run on past it.
    from grader.execution import CheckTimeout
    from grader.sandbox.testcase import _Raises
    assert _Raises(BaseException).__exit__(CheckTimeout, CheckTimeout(), None) is False
    assert _Raises(Exception).__exit__(KeyError, KeyError("x"), None) is True


def test_exc_info_and_traceback_never_show_an_exception_the_grader_handles():
    """sys.exc_info() gives main.py's own exception in its except block, and nothing while main.py's function runs
    inside an except block of the grader's (whose exception may carry an expected value); traceback.format_exc()
    shows no exception at all."""
    source = ("import sys, traceback\ndef validate_ticket_proposal(p):\n    return sys.exc_info(), traceback.format_exc()\n"
              "def proposal_fingerprint(p):\n    try:\n        int('x')\n    except ValueError:\n        return sys.exc_info()\n")
    functions = load(source.encode()).functions
    try:
        raise KeyError("expected value SECRET")
    except KeyError:
        info, text = functions["validate_ticket_proposal"](None)
    assert info == (None, None, None) and "SECRET" not in text and "KeyError" not in text
    kind, error, trace = functions["proposal_fingerprint"](None)
    assert kind is ValueError and isinstance(error, ValueError) and trace is None


def test_an_own_string_io_s_close_runs_at_a_with_block_s_end_but_not_when_it_is_freed():
    source = ("import io\nclass Log(io.StringIO):\n    def close(self):\n        print('closed', self.getvalue())\n"
              "with Log() as log:\n    log.write('x')\nLog('freed')\nprint('end')\n")
    assert output_of(source).split("\n")[:2] == ["closed x", "end"]
