"""A note about a submission (from the intake or the sandbox) as one or two sentences of the report."""

from __future__ import annotations

from typing import Callable

# Notes that are one message without values: note kind -> message id.
_FIXED = {"decoded-cp1252": "note_decoded_cp1252", "decoded-utf16": "note_decoded_utf16", "late": "note_late"}


def sentence(note: dict, t: Callable[..., str], submission: str) -> str:
    """What the report says about ``note``.

    In: a note of a feedback view (grader.reports.feedback.build: its kind and cleaned
    details), a translator ``t`` (grader.reports.templating.translator, which escapes or
    code-spans every value it inserts) and the submission's id. Out: the sentence(s), of the
    translator's type (Markup for HTML, a Markdown str), so it is never escaped twice.
    """
    kind = note["kind"]
    if kind in _FIXED:
        return t(_FIXED[kind])
    if kind == "missing-function":
        return t("note_missing_function", name=note["name"])
    if kind == "exit-called":
        return t("note_exit_called", line=note["line"]) if note["line"] else t("note_exit_called_nowhere")
    if kind == "renamed-id":
        return t("note_renamed_id", old=note["old"], id=submission)
    if kind == "chosen-file":
        rule = t(f"rule_{note['rule']}") if note["rule"] is not None else "?"
        if not note["ignored"]:
            return t("note_chosen_alone", file=note["file"], rule=rule)
        return t("note_chosen_file", file=note["file"], rule=rule) + " " + t("note_chosen_ignored",
                                                                              files=note["ignored"])
    if kind == "attempts":
        return t("note_attempts", count=note["count"], graded=note["graded"])
    if kind == "online-text":
        return t("note_online_text", file=note["file"])
    if kind == "notebook":
        said = t("note_notebook", file=note["file"])
        return said + " " + t("note_notebook_replaced", count=note["replaced"]) if note["replaced"] else said
    if kind == "notebook-unreadable":
        return t("note_notebook_unreadable", detail=note["detail"])
    if kind == "archive-unreadable":
        return t("note_archive_unreadable", file=note["file"], detail=note["detail"])
    if kind == "archive-member-refused":
        return t("note_archive_member_refused", files=note["files"])
    if kind == "too-many-files":
        return t("note_too_many_files", folder=note["folder"], limit=note["limit"])
    if kind == "no-code-file":
        return t("note_no_code_file", files=note["found"]) if note["found"] else t("note_no_code_file_nothing")
    return t("note_unknown", kind=note.get("raw_kind", "?"))
