"""A seccomp filter for a grading child (Linux, with a libseccomp binding): the kernel refuses what no check needs.

Refused (``EPERM``; the process is killed for system calls of another architecture): running
programs, new processes (threads stay allowed), sockets (so no network at all), opening files
for writing, creating or truncating them, changing the file system, raising resource limits,
signalling other processes, namespaces, tracing, kernel modules, keyrings and BPF. Reading files
stays allowed: Python imports lazily and pytest reads sources to describe a failure.

The binding is optional: libseccomp's own ``seccomp`` module (Debian: ``python3-seccomp``) or
the pure-Python ``pyseccomp`` from PyPI (a ctypes wrapper of the system's ``libseccomp.so.2``).
Without one, :func:`restrict` does nothing and returns False; the other layers still hold.
"""

from __future__ import annotations

import errno
import os
import sys

try:  # libseccomp's own binding
    import seccomp
except ImportError:
    try:  # PyPI's ctypes binding; RuntimeError when libseccomp itself is missing
        import pyseccomp as seccomp
    except (ImportError, RuntimeError, OSError):
        seccomp = None

AVAILABLE = seccomp is not None and sys.platform.startswith("linux")

# System calls no grading child makes, refused outright. Names unknown on this architecture are skipped.
REFUSED = (
    # programs and processes (clone is refused below unless it makes a thread)
    "execve", "execveat", "fork", "vfork",
    # network and local sockets
    "socket", "socketpair",
    # the file system: create, remove, rename, link, change modes, owners and times, truncate
    "creat", "mknod", "mknodat", "mkdir", "mkdirat", "rmdir", "unlink", "unlinkat", "rename", "renameat",
    "renameat2", "link", "linkat", "symlink", "symlinkat", "truncate", "ftruncate", "fallocate",
    "chmod", "fchmod", "fchmodat", "chown", "fchown", "fchownat", "lchown", "utime", "utimes", "utimensat",
    "futimesat", "setxattr", "lsetxattr", "fsetxattr", "removexattr", "lremovexattr", "fremovexattr",
    "mount", "umount2", "pivot_root", "chroot", "swapon", "swapoff", "quotactl", "name_to_handle_at",
    "open_by_handle_at", "openat2",
    # limits, identity and the rest of the system
    "setrlimit", "setuid", "setgid", "setreuid", "setregid", "setresuid", "setresgid", "setgroups", "capset",
    "unshare", "setns", "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "bpf", "perf_event_open",
    "keyctl", "add_key", "request_key", "init_module", "finit_module", "delete_module", "kexec_load",
    "kexec_file_load", "reboot", "sethostname", "setdomainname", "settimeofday", "clock_settime", "adjtimex",
    "clock_adjtime", "acct", "iopl", "ioperm", "userfaultfd", "fanotify_init", "inotify_init", "inotify_init1",
    # signals by process file descriptor (any process of the user), and io_uring, whose ring operations
    # (socket, connect, openat) are no system calls this filter sees
    "pidfd_open", "pidfd_getfd", "pidfd_send_signal", "io_uring_setup", "io_uring_enter", "io_uring_register",
)

CLONE_THREAD = 0x00010000
WRITE_FLAGS = (os.O_WRONLY, os.O_RDWR)  # values of flags & O_ACCMODE that open for writing
CREATE_FLAGS = (os.O_CREAT, os.O_TRUNC, os.O_APPEND)


def _rules(pid: int) -> list[tuple[int, str, tuple]]:
    """(action, system call, argument comparisons) for the filter of process ``pid``."""
    refuse = seccomp.ERRNO(errno.EPERM)
    rules = [(refuse, name, ()) for name in REFUSED]
    # clone3 passes its flags in memory the filter cannot read: glibc falls back to clone on ENOSYS.
    rules.append((seccomp.ERRNO(errno.ENOSYS), "clone3", ()))
    rules.append((refuse, "clone", (seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_THREAD, 0),)))
    for name, flags in (("open", 1), ("openat", 2)):
        rules += [(refuse, name, (seccomp.Arg(flags, seccomp.MASKED_EQ, os.O_ACCMODE, mode),)) for mode in WRITE_FLAGS]
        rules += [(refuse, name, (seccomp.Arg(flags, seccomp.MASKED_EQ, flag, flag),)) for flag in CREATE_FLAGS]
    # Signals only to itself; limits may be read (prlimit64 with no new limit), not set.
    rules += [(refuse, name, (seccomp.Arg(0, seccomp.NE, pid),))
              for name in ("kill", "tkill", "tgkill", "rt_sigqueueinfo", "rt_tgsigqueueinfo")]
    rules.append((refuse, "prlimit64", (seccomp.Arg(2, seccomp.NE, 0),)))
    return rules


def restrict() -> bool:
    """Load the filter into the calling process (irreversible; also sets no_new_privs). True when loaded.

    Call it in the child, after its rlimits and file descriptors are set up and before any
    student code runs. Returns False where no binding or no seccomp is available.
    """
    if not AVAILABLE:
        return False
    try:
        syscall_filter = seccomp.SyscallFilter(seccomp.ALLOW)
        for action, name, arguments in _rules(os.getpid()):
            try:
                syscall_filter.add_rule(action, name, *arguments)
            except (ValueError, OSError, RuntimeError):
                continue  # not a system call on this architecture
        syscall_filter.load()
    except Exception:  # noqa: BLE001 - a kernel or binding without seccomp: the other layers still hold
        return False
    return True
