"""Zip archives read in place, member by member, never extracted: no path traversal, bounded sizes."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path
from typing import BinaryIO, Callable

from grader.discover.files import FileRef, Tree, clean_rel, distinct_rels, is_junk
from grader.errors import BilingualError

# An archive with more members than this is refused whole.
MAX_MEMBERS = 10_000
# An archive whose members claim more than this many bytes in total is refused whole.
MAX_TOTAL = 1024 * 1024 * 1024
# A member larger than this (uncompressed, as declared) is never read (listed, with a note).
MAX_MEMBER = 64 * 1024 * 1024
# A member over 1 MiB that is compressed more than this many times is never read (a zip bomb).
MAX_RATIO = 200
# A zip inside a zip (a student's zip in an LMS export) is opened; one deeper is not.
MAX_DEPTH = 2
# Bytes of a nested archive read into memory at most.
NESTED_LIMIT = 64 * 1024 * 1024


class ArchiveError(BilingualError):
    """An archive that cannot be read: not a zip, damaged, encrypted, or over the limits."""


def is_archive(name: str) -> bool:
    """True for a file name that is read as a zip archive."""
    return name.lower().endswith(".zip")


def member_name(info: zipfile.ZipInfo) -> str:
    """A member's name as its author wrote it: UTF-8 when the bytes are UTF-8 (macOS and many
    tools do not set the UTF-8 flag), else the legacy code page zipfile already applied."""
    if info.flag_bits & 0x800:
        return info.filename
    try:
        return info.filename.encode("cp437").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return info.filename


def _is_folder(info: zipfile.ZipInfo) -> bool:
    """Whether a member is a folder's own entry: its name ends in ``/`` (or ``\\``, from Windows tools).
    (zipfile's ``is_dir`` raises IndexError for a member whose name is empty.)"""
    return info.filename.endswith(("/", "\\"))


def _reader(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> Callable[[int], bytes]:
    def read(limit: int) -> bytes:
        if info.flag_bits & 0x1:
            raise ArchiveError(f"{info.filename}: password-protected (encrypted), so it cannot be read")
        try:
            with archive.open(info) as member:
                return member.read(limit)
        except Exception as error:  # a damaged member: zlib.error, lzma.LZMAError, BadZipFile, ...
            raise ArchiveError(f"{info.filename}: {type(error).__name__}: {str(error)[:200]}") from None
    return read


def _refuse(limit: int) -> bytes:
    raise ArchiveError("a member over the size limits is never read")


# The end of central directory record: signature, then (at offset 10) the number of entries (2
# bytes) and the directory's size (4 bytes); it sits in the last 22 + 65,535 bytes (a comment).
_END = b"PK\x05\x06"
# A zip64 archive has, just before that record, a locator (20 bytes) and before it the zip64 end
# record (56 bytes: the number of entries at offset 32, the directory's size at 40, 8 bytes each),
# whose numbers zipfile takes instead (zipfile._EndRecData64).
_LOCATOR, _END64 = b"PK\x06\x07", b"PK\x06\x06"
# The central directory's size at most (bytes): MAX_MEMBERS entries of 46 bytes and a long name.
MAX_DIRECTORY = MAX_MEMBERS * 512


def claimed_members(head: BinaryIO) -> int:
    """How many members the zip in ``head`` (a seekable binary file) says it has, read from its end
    records as zipfile reads them (a zip64 end record's numbers count when there is one).

    zipfile reads the central directory by its size, whatever the count says: a directory over
    MAX_DIRECTORY bytes, or a zip64 count (0xFFFF), counts as more than MAX_MEMBERS. 0 when no
    end record is found (zipfile then says why the archive is unreadable). The file position is
    left at its start.
    """
    try:
        end = head.seek(0, io.SEEK_END)
        start = max(0, end - 22 - 65_535 - 20 - 56)
        head.seek(start)
        tail = head.read()
    finally:
        head.seek(0)
    at = tail.rfind(_END, max(0, end - 22 - 65_535 - start))
    if at < 0 or len(tail) < at + 22:
        return 0
    entries = int.from_bytes(tail[at + 10:at + 12], "little")
    size = int.from_bytes(tail[at + 12:at + 16], "little")
    if at >= 76 and tail[at - 20:at - 16] == _LOCATOR and tail[at - 76:at - 72] == _END64:
        entries = max(entries, int.from_bytes(tail[at - 44:at - 36], "little"))
        size = max(size, int.from_bytes(tail[at - 36:at - 28], "little"))
    return MAX_MEMBERS + 1 if entries >= 0xFFFF or size > MAX_DIRECTORY else entries


def _tree(open_zip: Callable[[], zipfile.ZipFile], origin: str, root_name: str,
          head: Callable[[], BinaryIO]) -> Tree:
    try:
        with head() as raw:  # refused before zipfile reads (and keeps) an entry per member
            if claimed_members(raw) > MAX_MEMBERS:
                raise ArchiveError(f"{origin} has more than {MAX_MEMBERS} members (limit {MAX_MEMBERS})",
                                   f"{origin} heeft meer dan {MAX_MEMBERS} bestanden (grens {MAX_MEMBERS})")
    except OSError as error:
        raise ArchiveError(f"{origin} is not a readable zip archive ({error})",
                           f"{origin} is geen leesbaar zip-archief ({error})") from None
    try:
        # Opened once and kept open for every member's reader: opening it again per member reads
        # the whole central directory each time (minutes for an export of 10,000 members).
        archive = open_zip()
        infos = archive.infolist()
    except UnicodeDecodeError as error:  # zipfile's own message is the codec's, in English only
        byte = f"0x{error.object[error.start]:02x}"
        raise ArchiveError(f"{origin} is not a readable zip archive (a member's name is marked as UTF-8 but byte "
                           f"{byte} in it is not UTF-8; pack it again with another zip tool)",
                           f"{origin} is geen leesbaar zip-archief (de naam van een bestand erin is als UTF-8 "
                           f"gemarkeerd, maar byte {byte} erin is geen UTF-8; pak het opnieuw in met een ander "
                           "zip-programma)") from None
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, NotImplementedError) as error:
        raise ArchiveError(f"{origin} is not a readable zip archive ({error})",
                           f"{origin} is geen leesbaar zip-archief ({error})") from None
    if len(infos) > MAX_MEMBERS:
        raise ArchiveError(f"{origin} has {len(infos)} members (limit {MAX_MEMBERS})",
                           f"{origin} heeft {len(infos)} bestanden (grens {MAX_MEMBERS})")
    if sum(info.file_size for info in infos) > MAX_TOTAL:
        raise ArchiveError(f"{origin} claims more than {MAX_TOTAL // 2**20} MiB uncompressed",
                           f"{origin} zegt uitgepakt meer dan {MAX_TOTAL // 2**20} MiB te zijn")
    members = [info for info in infos if not _is_folder(info)]
    if members and all(info.flag_bits & 0x1 for info in members):
        raise ArchiveError(f"{origin} is password-protected: make or download it again without a password",
                           f"{origin} is beveiligd met een wachtwoord: maak of download het opnieuw zonder wachtwoord")
    files: dict[str, FileRef] = {}  # by name: the same name twice, the later member wins, as when unzipping
    git_dirs: set[str] = set()
    others: list[str] = []  # the folders' own entries and the junk files
    rels = distinct_rels(member_name(info) for info in infos)
    for info in infos:
        rel = rels[member_name(info)]
        if rel is None:
            continue
        parts = rel.split("/")
        if ".git" in parts:
            git_dirs.add("/".join(parts[: parts.index(".git")]))
        if _is_folder(info) or is_junk(rel):
            others.append(rel + "/" if _is_folder(info) else rel)
            continue
        ratio = info.file_size / max(info.compress_size, 1)
        refused = info.file_size > MAX_MEMBER or (info.file_size > 2**20 and ratio > MAX_RATIO)
        copies = files[rel].copies + 1 if rel in files else 1
        real = clean_rel(member_name(info)) or rel  # its name without a "-2" that distinct_rels gave it
        files[rel] = FileRef(rel, info.file_size, f"{origin}!/{real}", _refuse if refused else _reader(archive, info),
                             refused, copies, shown=real if real != rel else "")
    return Tree(root_name, origin, sorted(files.values(), key=lambda ref: ref.rel), git_dirs,
                skipped=_empty_folders(list(files), others))


def _empty_folders(files: list[str], others: list[str]) -> dict[str, str]:
    """The folders beside the students' that hold no file, as :attr:`Tree.skipped` (``"klas/dora/"`` ->
    ``"empty"``, or ``"no-file"`` when it holds only hidden files or empty folders), as a folder on disk
    is named: at the level below the folders that the files and the (not hidden) folders all lie in.
    ``files``: the files' names; ``others``: the folders' own entries (ending in ``/``) and the junk files."""
    folders = [rel for rel in others if rel.endswith("/") and not is_junk(rel.rstrip("/"))]
    common = os.path.commonprefix(files + folders)
    prefix = common[: common.rfind("/") + 1]
    entries = {_entry(rel, prefix) for rel in files}
    skipped: dict[str, str] = {}
    for rel in sorted(others):
        entry = _entry(rel, prefix)
        if entry is None or entry in entries or is_junk(entry.rstrip("/")):
            continue
        if rel == entry:
            skipped.setdefault(entry, "empty")
        else:
            skipped[entry] = "no-file"
    return skipped


def _entry(rel: str, prefix: str) -> str | None:
    """The folder (ending in ``/``) directly below ``prefix`` that ``rel`` lies in or is; None for another
    name (a file directly in ``prefix``, a name outside it)."""
    if not rel.startswith(prefix):
        return None
    end = rel.find("/", len(prefix))
    return rel[: end + 1] if end > len(prefix) else None


def open_path(path: Path) -> Tree:
    """The members of the zip archive at ``path`` (nothing is extracted or written).

    Raises :class:`ArchiveError` for a file that is not a readable zip or is over the limits.
    """
    name = clean_rel(path.name) or "archive.zip"
    return _tree(lambda: zipfile.ZipFile(path), str(path), name[:-4] if is_archive(name) else name,
                 lambda: open(path, "rb"))


def open_member(ref: FileRef, depth: int) -> Tree:
    """The members of a zip that is itself a file of a submission (``ref``), read into memory.

    ``depth`` is how deep ``ref`` already is (1 for a file of a top-level archive). Raises
    :class:`ArchiveError` past MAX_DEPTH, over NESTED_LIMIT bytes, or for a bad archive.
    """
    if depth >= MAX_DEPTH:
        raise ArchiveError(f"{ref.origin}: an archive inside an archive inside an archive is not opened")
    data = ref.read(NESTED_LIMIT)
    if len(data) > NESTED_LIMIT:
        raise ArchiveError(f"{ref.origin} is larger than {NESTED_LIMIT // 2**20} MiB")
    return _tree(lambda: zipfile.ZipFile(io.BytesIO(data)), ref.origin, ref.name[:-4], lambda: io.BytesIO(data))
