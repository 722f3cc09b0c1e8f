"""The tip for an invalid version let through, fitting the value tried (CONTRACT.md V4).

The V4 check's own hint speaks of True and False; a None, a number out of range, text or a whole number of another
type let through is another mistake, with its own tip here.
"""

from decimal import Decimal
from fractions import Fraction

from grader.battery import said

MAX_VERSION = 1000000


def version_hint(version: object) -> dict | None:
    """The tip (a :func:`said` pair) for a proposal with the invalid ``version`` that a validation let through, or
    None for a bool (the check's own hint is about True and False)."""
    if type(version) is str:
        return said(f"version moet een int zijn, geen tekst: {version!r} is een str. Controleer het exacte type.",
                    f"version must be an int, not text: {version!r} is a str. Check the exact type.")
    if type(version) is float and version.is_integer():  # 1.0 == 1 passes a range check
        return said(f"version moet een int zijn: {version!r} is een float, ook al is het een heel getal. Controleer "
                    "het exacte type, niet alleen of het een getal in het bereik is.",
                    f"version must be an int: {version!r} is a float, even though it is a whole number. Check the "
                    "exact type, not only whether it is a number in range.")
    if isinstance(version, (Decimal, Fraction)):
        return said(f"Ook een heel getal van een ander type, zoals {type(version).__name__}, is geen int: eis het "
                    "exacte type int in plaats van een lijst met types die je weigert.",
                    f"A whole number of another type, such as {type(version).__name__}, is no int either: require "
                    "exactly the type int instead of a list of types you refuse.")
    if version is None:
        return said("Ook None is geen geldige version: een voorstel zonder versienummer is ongeldig. Eis dat version "
                    "een int is, voordat je iets anders met de waarde doet.",
                    "None is no valid version either: a proposal without a version number is invalid. Require version "
                    "to be an int before you do anything else with the value.")
    if type(version) is int and version < 0:
        return said(f"version {version} ligt onder de ondergrens 0. Controleer ook dat version minstens 0 is.",
                    f"version {version} lies below the lower bound 0. Also check that version is at least 0.")
    if type(version) is int and version > MAX_VERSION:
        return said(f"version {version} ligt boven de bovengrens {MAX_VERSION}. Controleer ook dat version hoogstens "
                    f"{MAX_VERSION} is.",
                    f"version {version} lies above the upper bound {MAX_VERSION}. Also check that version is at most "
                    f"{MAX_VERSION}.")
    return None
