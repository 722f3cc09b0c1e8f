"""The submission's captured output: ``print`` and ``sys.stdout``/``sys.stderr``, capped in characters."""

from __future__ import annotations

import io


class OutputBuffer:
    """Captured student output, capped: the head and the tail are kept, the middle is counted (characters)."""

    def __init__(self, head: int = 8_000, tail: int = 2_000) -> None:
        self.head_limit, self.tail_limit = head, tail
        self.head: list[str] = []
        self.head_size = 0
        self.tail = ""
        self.dropped = 0

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

    def __init__(self, output: OutputBuffer) -> None:
        self._output = output

    def write(self, text: str) -> int:
        text = str.__str__(str(text))
        self._output.write(text)
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
        if type(file) is io.StringIO:  # a message built in a buffer of main.py's own (io's view offers StringIO)
            file.write(text)
        else:  # sys.stdout, sys.stderr, anything else: the captured output
            self.output.write(text)

    def __call__(self) -> str:
        return ""
