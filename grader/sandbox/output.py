"""The submission's captured output: ``print`` and ``sys.stdout``/``sys.stderr``, capped in characters."""

from __future__ import annotations

import io
from typing import Callable


class OutputBuffer:
    """Captured student output, capped: the head and the tail are kept, the middle is counted (characters)."""

    def __init__(self, head: int = 8_000, tail: int = 2_000) -> None:
        self.head_limit, self.tail_limit = head, tail
        self.head: list[str] = []
        self.head_size = 0
        self.tail = ""
        self.dropped = 0
        # contextlib.redirect_stdout/redirect_stderr of main.py: per stream, where its writes go (innermost last).
        self.redirects: dict[str, list] = {"stdout": [], "stderr": []}
        # How an object of main.py's is written to (print(..., file=trail)): the guards set their own, which reads
        # its write method through the attribute guard; until then, such text is captured here.
        self.write_to: Callable[[object, str], object] = lambda target, text: self.write(text)

    def destination(self, stream: str) -> object:
        """Where ``stream`` ("stdout" or "stderr") writes now: this captured output, or what a redirect gave (a
        buffer or an object of main.py's; None: nothing)."""
        redirects = self.redirects[stream]
        return redirects[-1] if redirects else self

    def send(self, target: object, text: str) -> None:
        """``text`` written to ``target``: this output, a buffer or ``sys.stdout``/``sys.stderr`` of main.py's, nothing
        (None), or any other object by its own ``write`` (:attr:`write_to`), as ``print(..., file=target)`` does."""
        if target is self or type(target) is io.StringIO or type(target) is StandardStream:
            target.write(text)  # type: ignore[attr-defined]
        elif target is not None:
            self.write_to(target, text)

    def write(self, text: str) -> None:
        text = str.__str__(text)  # a str subclass's own __getitem__ or __len__ would defeat the caps
        if not text:
            return  # print(end="") a million times would otherwise grow the list
        room = self.head_limit - self.head_size
        if room > 0:
            self.head.append(text[:room])
            self.head_size += min(room, len(text))
            text = text[room:]
        if text:
            joined = self.tail + text
            self.dropped += max(0, len(joined) - self.tail_limit)
            self.tail = joined[-self.tail_limit:]

    def text(self) -> str:
        """The captured output; a marker line says how many characters were left out."""
        middle = f"\n[... {self.dropped} tekens weggelaten / characters left out ...]\n" if self.dropped else ""
        return "".join(self.head) + middle + self.tail


class StandardStream:
    """``sys.stdout``/``sys.stderr`` of the sandbox: writes go to the captured output."""

    def __init__(self, output: OutputBuffer, stream: str = "stdout") -> None:
        self._output = output
        self._stream = stream

    def write(self, text: str) -> int:
        text = str.__str__(str(text))
        self._output.send(self._output.destination(self._stream), text)
        return len(text)

    def flush(self) -> None:
        """Nothing to flush: output is captured in memory."""

    # What a script that prints non-ASCII text on a Windows console sets or reads at its top.
    encoding = "utf-8"
    errors = "strict"

    def reconfigure(self, **settings: object) -> None:
        """``sys.stdout.reconfigure(encoding="utf-8")``: output is captured as text, so there is nothing to change."""

    def isatty(self) -> bool:
        return False


class Printer:
    """The object behind ``print`` in student code: writes to the capped output buffer."""

    def __init__(self, output: OutputBuffer) -> None:
        self.output = output

    def _call_print(self, *objects: object, sep: str | None = " ", end: str | None = "\n", file: object = None,
                    **ignored: object) -> None:
        # Plain strs: a str subclass's own join, __add__ or __getitem__ would defeat the output caps.
        sep = " " if sep is None else str.__str__(str(sep))
        end = "\n" if end is None else str.__str__(str(end))
        text = sep.join(str.__str__(str(item)) for item in objects) + end
        # sys.stdout (wherever redirect_stdout sends it), a buffer, sys.stderr, or an object of main.py's own.
        self.output.send(self.output.destination("stdout") if file is None else file, text)

    def __call__(self) -> str:
        return ""


class Redirect:
    """``contextlib.redirect_stdout(target)`` and ``redirect_stderr(target)``: in the with block, the stream writes
    to ``target`` (an ``io.StringIO``, a message captured to be kept or checked, or an object of main.py's own by its
    ``write``, as ``print(..., file=target)`` does), to nothing for None, and to where ``sys.stdout``/``sys.stderr``
    write now for one of those."""

    __slots__ = ("_output", "_stream", "_target")

    def __init__(self, output: OutputBuffer, stream: str, target: object) -> None:
        for name, value in (("_output", output), ("_stream", stream), ("_target", target)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise TypeError(f"redirect_{self._stream} is read-only in the grader")

    def __enter__(self) -> object:
        target = self._target
        if type(target) is StandardStream:
            target = self._output.destination(target._stream)
        self._output.redirects[self._stream].append(target)
        return self._target

    def __exit__(self, *details: object) -> bool:
        self._output.redirects[self._stream].pop()
        return False
