"""Run work in a separate, limited process; messages come back over a pipe student code cannot reach."""

from __future__ import annotations

import json
import math
import os
import signal
import sys
import time
from typing import Callable, Sequence

from grader.sandbox import filesystem, syscalls
from grader.values import scrub

try:  # POSIX only; elsewhere grading runs in-process without limits (said once by the CLI)
    import resource
except ImportError:  # pragma: no cover - Windows
    resource = None

ISOLATED = hasattr(os, "fork") and resource is not None and sys.platform != "win32"

# Extra address space a child may map beyond what it has at fork time (bytes).
MEMORY_HEADROOM = 768 * 1024 * 1024
# Open files a child may hold (file descriptors).
MAX_OPEN_FILES = 64
# Longest message a grading child may send (bytes): a check's outcome or the load result, whose
# texts are capped, is a few KiB; a child sending more is killed.
MAX_MESSAGE = 1024 * 1024
# How long the parent waits for a child that closed its channel to exit before killing it (seconds).
REAP_GRACE = 1.0
# Clock ticks per second of /proc/<pid>/stat's CPU times (Linux).
_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") and "SC_CLK_TCK" in getattr(os, "sysconf_names", {}) else 100


# The channel's own encoder: json.dumps is also handed to submissions (a copy of it, see
# grader/sandbox/modules.py), this object is not, so nothing a submission does changes how results are sent.
_ENCODE = json.JSONEncoder(default=repr).encode


class Channel:
    """The child's end: one JSON document per line, written to a pipe fd (not stdout/stderr)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, message: dict) -> None:
        data = (_ENCODE(message) + "\n").encode("utf-8")
        while data:
            written = os.write(self.fd, data)
            data = data[written:]


class Recorder:
    """The channel of in-process grading (no fork on this platform): keeps the messages in a list."""

    def __init__(self) -> None:
        self.messages: list[dict] = []

    def send(self, message: dict) -> None:
        self.messages.append(scrub(json.loads(json.dumps(message, default=repr))))


class Child:
    """A running child process: its pid and the read end of its channel (``fd``)."""

    def __init__(self, pid: int, fd: int, cpu_limit: int = 0) -> None:
        self.pid = pid
        self.fd = fd
        self.cpu_limit = cpu_limit  # its RLIMIT_CPU as set at the start (seconds; 0: unknown)
        self.buffer = b""
        self.killed = False
        self.loaded = False  # this child has sent its load message (the parent's runner sets it)
        self.cpu_seconds = 0.0  # CPU time (user + system, seconds) it used, known once it is reaped
        self.started = time.monotonic()

    def cpu_now(self) -> float | None:
        """CPU time (user + system, seconds) the running child has used so far; None where the
        system does not tell (no ``/proc``, as on macOS) or the child is gone."""
        try:
            with open(f"/proc/{self.pid}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
            return (int(fields[11]) + int(fields[12])) / _TICKS
        except (OSError, ValueError, IndexError):
            return None

    def read_messages(self) -> tuple[list[dict], bool]:
        """Read what is available: (complete messages, True when the child closed its end)."""
        try:
            chunk = os.read(self.fd, 1 << 16)
        except BlockingIOError:
            return [], False
        self.buffer += chunk
        if b"\n" not in chunk:  # a message still coming: no new split of what is already there
            if len(self.buffer) > MAX_MESSAGE:
                self.kill()  # no message of the battery is this long: not a child of ours any more
                self.buffer = b""
            return [], not chunk
        *lines, self.buffer = self.buffer.split(b"\n")
        messages = []
        for line in lines:
            try:
                # Strict UTF-8 (our encoder writes ASCII): json.loads of bytes would let encoded surrogates through.
                text = line.decode("utf-8")
                message = json.loads(text)
                if isinstance(message, dict):  # the only shape a child of ours sends
                    # A lone surrogate (\ud800-\udfff) in student text could not be written out as UTF-8; JSON
                    # also spells it \uD800 (not our encoder, but an escaped child's own line).
                    messages.append(scrub(message) if "\\ud" in text or "\\uD" in text else message)
            except (ValueError, RecursionError):  # UnicodeDecodeError among them
                continue  # a torn line (a dying child) or one nested too deep (a hostile one): not trusted
        return messages, not chunk

    def cap_cpu(self, seconds: float | None) -> bool:
        """Let the running child use CPU time up to ``seconds`` in all (None: the limit it started with), after
        which the kernel sends SIGXCPU even while it is inside one long C call, where no Python timer of its
        own can fire. Out: whether the limit was set (not where ``resource.prlimit`` is missing, as on macOS)."""
        if not self.cpu_limit or not hasattr(resource, "prlimit"):
            return False
        soft = self.cpu_limit if seconds is None else min(self.cpu_limit, max(1, math.ceil(seconds)))
        try:
            resource.prlimit(self.pid, resource.RLIMIT_CPU, (soft, self.cpu_limit + 2))
        except (OSError, ValueError):
            return False
        return True

    def kill(self) -> None:
        """Kill the child's whole process group (SIGKILL); idempotent."""
        self.killed = True
        try:
            os.killpg(self.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass

    def reap(self) -> int:
        """Close the channel and wait for the child; returns the raw wait status (and sets ``cpu_seconds``).

        A child that closed its end of the channel but did not exit (code that escaped the sandbox
        can close it and sleep, using no CPU time) is killed after REAP_GRACE seconds: the parent
        never blocks on it.
        """
        os.close(self.fd)
        waited_until = time.monotonic() + REAP_GRACE
        while True:
            pid, status, usage = os.wait4(self.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() >= waited_until:
                self.kill()
                _, status, usage = os.wait4(self.pid, 0)
                break
            time.sleep(0.002)
        self.cpu_seconds = usage.ru_utime + usage.ru_stime
        return status


def _fork() -> tuple[int, set]:
    """``os.fork()`` with Ctrl-C and SIGTERM held back (POSIX); out: (pid, the signal mask to restore).

    Python runs its own callbacks around a fork (logging releases its lock there); an interrupt
    raised inside one of them is printed as "Exception ignored" and lost, and the run would go
    on. The caller restores the mask with :func:`_release` once it has recorded the child, so a
    held-back interrupt arrives where it ends the run and no child goes unrecorded. Raises
    ``OSError`` when fork fails (the mask is restored).
    """
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        return os.fork(), held
    except BaseException:
        _release(held)
        raise


def _release(held: set) -> None:
    signal.pthread_sigmask(signal.SIG_SETMASK, held)


def spawn(work: Callable[[Channel], None], cpu_seconds: int, readable: Sequence[str] | None = None) -> Child:
    """Fork a child that runs ``work(channel)`` under limits, then exits.

    Limits (POSIX): its own session and process group (so it can be killed as a whole),
    CPU time ``cpu_seconds`` (SIGXCPU, then SIGKILL), address space at fork plus
    MEMORY_HEADROOM bytes, file size 0 bytes, MAX_OPEN_FILES files, no core dumps; stdin,
    stdout and stderr go to /dev/null; on Linux, files readable only beneath ``readable``
    (absolute paths; by default :func:`grader.sandbox.filesystem.readable_paths`, Landlock) and
    no exec, processes, sockets or writes (seccomp). Raises ``OSError`` when fork fails.
    """
    if readable is None:
        readable = filesystem.readable_paths()
    read_fd, write_fd = os.pipe()
    pid, held = _fork()
    if pid == 0:  # the child
        status = 0
        try:
            _release(held)
            os.close(read_fd)
            # Other children's pipes and anything else the parent holds stay out of reach.
            os.closerange(3, write_fd)
            os.closerange(write_fd + 1, max(os.sysconf("SC_OPEN_MAX"), MAX_OPEN_FILES * 16))
            _enter_limits(cpu_seconds, readable)
            work(Channel(write_fd))
        except BaseException:  # noqa: BLE001 - the parent sees the missing messages
            status = 70
        finally:
            os._exit(status)
    os.close(write_fd)
    os.set_blocking(read_fd, False)
    child = Child(pid, read_fd, cpu_seconds)
    try:
        _release(held)  # an interrupt held back during the fork arrives here
    except BaseException:
        child.kill()
        child.reap()
        raise
    return child


def run_apart(work: Callable[[], object]) -> object:
    """Run trusted ``work()`` in a forked process and return its result (a JSON value).

    For grader work that needs much memory for a short while (comparing every submission of a
    large class for similarity): what it allocates goes back to the system when that process
    ends, so the grader's own process stays small. The process dies with the grader (Linux)
    and is killed when the grader is interrupted. Where there is no fork (Windows) ``work``
    runs in this process. Raises ``RuntimeError`` when ``work`` raised (its message) or the
    process ended without a result (killed, out of memory).
    """
    if not ISOLATED:
        return work()
    read_fd, write_fd = os.pipe()
    pid, held = _fork()
    if pid == 0:  # the forked process: its memory is the grader's, copied on write
        status = 1
        try:
            _release(held)
            os.close(read_fd)
            if sys.platform.startswith("linux"):
                _die_with_parent()
            try:
                answer = {"result": work()}
            except Exception as error:  # noqa: BLE001 - handed to the grader, which raises it
                answer = {"error": f"{type(error).__name__}: {error}"}
            data = _ENCODE(answer).encode("utf-8")
            while data:
                data = data[os.write(write_fd, data):]
            status = 0
        finally:
            os._exit(status)
    os.close(write_fd)
    pipe = os.fdopen(read_fd, "rb")
    try:
        _release(held)  # an interrupt held back during the fork arrives here
        with pipe:
            data = pipe.read()
    except BaseException:  # Ctrl-C, SIGTERM: the forked process goes too
        pipe.close()
        os.kill(pid, signal.SIGKILL)
        raise
    finally:
        _, status = os.waitpid(pid, 0)
    try:
        answer = json.loads(data)
    except ValueError:
        raise RuntimeError(f"the separate process ended without a result ({describe_exit(status)})") from None
    if "error" in answer:
        raise RuntimeError(answer["error"])
    return answer["result"]


def _die_with_parent() -> None:
    """On Linux, ask the kernel to kill this child when the grader dies (no orphans)."""
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass  # not Linux: the CPU limit still ends an orphan


def _enter_limits(cpu_seconds: int, readable: Sequence[str]) -> None:
    os.setsid()
    if sys.platform.startswith("linux"):
        _die_with_parent()
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 2))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    resource.setrlimit(resource.RLIMIT_NOFILE, (MAX_OPEN_FILES, MAX_OPEN_FILES))
    size = _address_space()
    if size:
        resource.setrlimit(resource.RLIMIT_AS, (size + MEMORY_HEADROOM, size + MEMORY_HEADROOM))
    # Last: where the kernel has Landlock, files outside ``readable`` cannot be opened from here on
    # (grader/sandbox/filesystem.py); where a libseccomp binding is installed, the kernel refuses exec,
    # new processes, sockets and opening files for writing (grader/sandbox/syscalls.py). Elsewhere no-ops.
    filesystem.restrict(readable)
    syscalls.restrict()


def _address_space() -> int | None:
    """The current virtual memory size (bytes) on Linux, else None (RLIMIT_AS is not set)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


def describe_exit(status: int) -> str:
    """A short English description of a wait status (``"signal SIGKILL"``, ``"exit 70"``)."""
    if os.WIFSIGNALED(status):
        try:
            return f"signal {signal.Signals(os.WTERMSIG(status)).name}"
        except ValueError:
            return f"signal {os.WTERMSIG(status)}"
    return f"exit {os.WEXITSTATUS(status)}"
