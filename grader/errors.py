"""Errors whose message the user reads in the terminal, in English and in Dutch (``--lang``)."""

from __future__ import annotations


class BilingualError(Exception):
    """An error with a message in both languages: ``str(error)`` is English, :meth:`text` picks one.

    In: the English message and the Dutch one (the English one stands in when ``nl`` is None).
    """

    def __init__(self, message: str, nl: str | None = None) -> None:
        super().__init__(message)
        self.nl = message if nl is None else nl

    def text(self, lang: str) -> str:
        """The message in ``lang`` (``"nl"`` or ``"en"``)."""
        return self.nl if lang == "nl" else str(self)
