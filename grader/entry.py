"""The ``grade`` command's entry point: the first module of the grader Python runs, kept small.

A Ctrl-C (or SIGTERM) from the moment this module is imported until grader.cli's ``main()`` takes over (while
the grader's modules are imported, a tenth of a second or more) ends the run with one line and exit code 130,
no traceback: nothing was graded or written yet. Before this module (Python's own start-up: ``site``, an
editable install's path hook, the console script's first line) Python prints its own traceback.
"""

import os
import signal
import sys


def _starting(signum: int, frame: object) -> None:
    """A signal while starting: the message grader.cli gives for one, and exit 130 at once."""
    from grader.terminal_texts import TEXT, language  # (texts only)

    try:
        print(TEXT[language(sys.argv[1:])]["interrupted-start"], file=sys.stderr, flush=True)
    finally:
        os._exit(130)


for _signal in (signal.SIGINT, signal.SIGTERM):
    if signal.getsignal(_signal) is not signal.SIG_IGN:  # (a shell's background job ignores SIGINT: so do we)
        signal.signal(_signal, _starting)


def main() -> int:
    """Run ``grade`` with ``sys.argv``; returns the exit code (see grader.cli.main)."""
    from grader.cli import main as run  # (a signal now is still _starting's, till run() sets its own)

    return run()
