"""What each wrong solution in tests/solutions/wrong/ must pass and fail (tests/test_false_passes.py); those that break
only dispatch_ticket are listed in false_passes_expected_dispatch.py."""

from false_passes_expected_dispatch import DISPATCH_ONLY

# file -> the checkpoints that must pass (grading policy: a validation bug fails 2 and 3 as well)
EXPECTED = {
    "ticket_unicode_digits": {"1": False, "2": False, "3": False},  # V6 via str.isdigit, inherited by F4/D5
    "id_range_a_to_z": {"1": False, "2": False, "3": False},        # V3/D1: [A-z] admits [ \ ] ^ `
    # Compared with ``is``: passed while every input was a shared constant (checks/lesson.py fresh)
    "status_compared_by_identity": {"1": False, "2": False, "3": False},   # V7
    # dispatch_ticket hashes its own validated copy, so checkpoint 3 does not see this side effect
    "fingerprint_pops_key_from_input": {"1": True, "2": False, "3": True},  # F5 (and F4)
    "proposal_keys_sorted": {"1": False, "2": False, "3": False},           # V2/V5: sorted(proposal) TypeError
    "arguments_key_unchecked": {"1": False, "2": False, "3": False},        # V2: 'Arguments' KeyError
    "deepcopy_before_checks": {"1": False, "2": False, "3": False},         # V1/V7: p.keys() TypeError
    "canonical_size_limit": {"1": False, "2": False, "3": False},           # V8/F1: a limit on the JSON's length
    # Third round: checks skipped for other tools or 'open', own results trusted, ids normalised, the host's
    # objects remembered by identity between calls
    "arguments_schema_only_for_set_ticket": {"1": False, "2": False, "3": False},
    "ids_checked_only_for_set_ticket": {"1": False, "2": False, "3": False},
    "open_extra_keys_ignored": {"1": False, "2": False, "3": False},
    "open_proposals_lightly_checked": {"1": False, "2": False, "3": False},
    "own_results_shallow": {"1": False, "2": True, "3": True},
    "own_results_trusted": {"1": False, "2": False, "3": False},  # V8 inherited: F4/D5 re-judge a changed result
    "unknown_tool_result_shallow": {"1": False, "2": True, "3": True},
    "validate_args_shared_per_input": {"1": False, "2": True, "3": True},
    "version_checked_only_for_set_ticket": {"1": False, "2": False, "3": False},
    # Missing fields filled in with setdefault: the caller's proposal changes (V11, F5, D20)
    "missing_fields_added_by_setdefault": {"1": False, "2": False, "3": False},
    "missing_ticket_added_by_setdefault": {"1": False, "2": False, "3": False},
    # Inputs checkpoint 1 did not try: a validation bug fails 2 and 3 as well (F4, D5)
    "proposal_json_string_parsed": {"1": False, "2": False, "3": False},    # V1: JSON text parsed
    "extra_field_none_ignored": {"1": False, "2": False, "3": False},       # V2: {**p, 'approved': None}
    "field_names_normalised": {"1": False, "2": False, "3": False},         # V2: 'Call_ID', 'actor '
    "arguments_extra_none_ignored": {"1": False, "2": False, "3": False},   # V5: extra None in arguments
    "none_fields_deleted_from_input": {"1": False, "2": False, "3": False},  # V11 and V2: deletes None fields
    # The result of validate_ticket_proposal (V9, V10: not inherited by checkpoints 2 and 3)
    "own_result_returned_as_is": {"1": False, "2": False, "3": False},        # V9: validate(clean) is clean
    "result_reads_live_input": {"1": False, "2": True, "3": True},          # V10: [] reads the live input
    "validate_returns_read_only_view": {"1": False, "2": True, "3": True},  # V9: a mappingproxy, not a dict
    # Checkpoints 2 and 3 inherit every invalid proposal of checkpoint 1, not only the lesson's
    "ticket_digit_first_everywhere": {"1": False, "2": False, "3": False},  # V6: '1lamp'
    "version_list_type_error_everywhere": {"1": False, "2": False, "3": False},  # G2: TypeError for [0]
    "fingerprint_dispatch_own_ticket_rule": {"1": True, "2": False, "3": False},  # F4, D5: own ticket rule
    # Memory kept outside the caller's objects: per object (id) or per call id in a module variable
    "fingerprint_memo_by_identity": {"1": True, "2": False, "3": True},    # F1: old digest after p changed in place
    "validate_memo_by_identity": {"1": False, "2": False, "3": False},     # V8: old verdict after p changed in place
    # Equal by ==, not by type (False == 0 == 0.0, True == 1 == 1.0), and type checks by blacklist
    "verdict_memo_by_value": {"1": False, "2": False, "3": False},        # V4: verdict cached by field values
    "version_type_blacklist": {"1": False, "2": False, "3": False},       # V4: Decimal(3) / Fraction(3) accepted
    # Proposals validated only in part before the actor check or the log lookup (D6, R9)
    "field_names_compared_by_identity": {"1": False, "2": False, "3": False},  # V2: keys from json.loads refused
    "ticket_underscore_first": {"1": False, "2": False, "3": False},          # V6: '_lamp'
    # More of those families (==, blacklists, refusals under a known call id) and hidden state
    "validate_memo_by_identity_and_equality": {"1": False, "2": False, "3": False},  # V4: p['version'] = 0.0 in place
    "validate_memo_without_name": {"1": False, "2": False, "3": False},  # V3: name left out of a verdict memory
    "validate_memo_without_call_id": {"1": False, "2": False, "3": False},  # V3: call id left out of the memory
    "validate_memo_before_arguments_keys": {"1": False, "2": False, "3": False},  # V5: memory read before the keys
    "fingerprint_memo_by_identity_and_equality": {"1": True, "2": False, "3": True},  # F4: the same, old digest
    "fingerprint_from_dispatched_call_ids": {"1": True, "2": False, "3": True},  # F1: old digest per carried-out id
    "validate_returns_carried_out_proposal": {"1": False, "2": True, "3": True},  # V8: old content per carried-out id
    "ticket_checked_as_str": {"1": False, "2": False, "3": False},        # V6: str(float('inf')) is 'inf'
    # Partial comparisons by startswith/endswith, results at rare edges, and input "repaired" before a ValueError
    "call_id_truncated_before_error": {"1": False, "2": False, "3": False},  # V11/F5/D20: 41 chars cut to 40
    "version_clamped_before_error": {"1": False, "2": False, "3": False},   # V11/F5/D20: 1000001 set to 1000000
    "ticket_cut_to_32_before_error": {"1": False, "2": False, "3": False},  # V11/F5/D20: 33 chars cut to 32
    "status_lowered_before_error": {"1": False, "2": False, "3": False},    # V11/F5/D20: 'Done' lowercased
    # Exact names, the state as the host gives it, copies for every valid proposal
    "validate_shares_open_arguments": {"1": False, "2": True, "3": True},  # V10: arguments copied only for 'done'
    "ids_checked_char_by_char": {"1": False, "2": False, "3": False},    # V3/V6, D1/D3: ('c', '1') taken for an id
    "canonical_input_returned_as_is": {"1": False, "2": True, "3": True},  # V9/V10: sorted keys, p itself returned
    # A reading CONTRACT.md leaves open (A1, A4) taken, and the input then handled unlike any other valid input
    "mapping_accepted_but_hashed_raw": {"1": True, "2": False, "3": True},  # F1: accepted mappingproxy, TypeError
    "read_only_view_returned_uncopied": {"1": False, "2": True, "3": True},  # V9/V10: the mappingproxy handed back
    # A verdict remembered by the proposal's text: a non-str that reads as a valid value passes after that value
    "validate_memo_by_json_text": {"1": False, "2": False, "3": False},  # V7: PurePosixPath('done') after 'done'
    "validate_memo_by_repr": {"1": False, "2": False, "3": False},  # V3/V6: UserString('lamp') after 'lamp'
    # A pattern compiled on its first use, which then checks nothing: wrong only at the first call after loading
    "lazy_status_pattern_first_use_unchecked": {"1": False, "2": False, "3": True},  # V7: status 'closed' (dispatch validates twice)
    # Checks of their own for the version's range and for the keys of arguments, made on first use (fresh loads)
    "lazy_version_range_first_use_unchecked": {"1": False, "2": False, "3": True},  # V4: 1000001 (validates twice)
    "lazy_arguments_keys_first_use_unchecked": {"1": False, "2": False, "3": False},  # V5: extra key; a first None too
    "lazy_length_limits_first_use_unchecked": {"1": False, "2": False, "3": True},  # V3/V6: 41 chars (validates twice)
    # A privileged actor let through: a host acting for anyone, a claim forwarded by any host
    "status_compared_as_text": {"1": False, "2": False, "3": False},  # V7/D3: str(status) in ('open', 'done')
    # Another kind of input accepted (A1, A3), then waved through where a set or dict would be checked
    "proposal_mapping_keys_unchecked": {"1": False, "2": False, "3": False},  # V2: an extra field in a mapping
    "arguments_mapping_keys_unchecked": {"1": False, "2": False, "3": False},  # V5: an extra key in a mapping
    # Extra keys tolerated by name: optional metadata beside the fields, host bookkeeping in state
    "optional_metadata_fields": {"1": False, "2": False, "3": False},  # V2, V5: reason, comment
    "status_in_progress_allowed": {"1": False, "2": False, "3": False},  # V7/D3: a third status
    # One ASCII character too many in a character class
    "ids_allow_namespace_colon": {"1": False, "2": False, "3": False},  # V3: 'team:learner'
    "ticket_allows_slash": {"1": False, "2": False, "3": False},  # V6: 'ops/lamp'
    # Regression: bounds one step off, orders swapped, replays that read the host's current objects
    "id_limit_39": {"1": False, "2": False, "3": False},                  # V3: 40-character ids refused
    "validate_version_range_exclusive_top": {"1": False, "2": False, "3": False},  # V4: version 1000000 refused
    "fingerprint_of_lowercased_json": {"1": True, "2": False, "3": False},  # F1: JSON lowercased
    # A fingerprint written as a number: fine until a digest starts with 0 (none of checkpoint 2's did)
    "fingerprint_hex_via_int": {"1": True, "2": False, "3": False},       # F2: format(int, 'x'), 62 digits
    "fingerprint_hex_stripped_of_zeros": {"1": True, "2": False, "3": False},  # F2: hexdigest().lstrip('0')
    # Spaces around an id or a ticket, a valid word refused, rows and replays judged by the host's current state
    "ids_spaces_stripped": {"1": False, "2": False, "3": False},        # V3: ' c1' and 'c1 ' after strip(' ')
    "ticket_spaces_stripped": {"1": False, "2": False, "3": False},     # V6: ' lamp' and 'lamp ' after strip(' ')
    "approved_word_refused_as_value": {"1": False, "2": False, "3": False},  # V3/V6: the value 'approved' refused
    # Characters no printable-ASCII case tried, and arguments of another kind of mapping (A1) kept as given
    "ids_punctuation_blacklist": {"1": False, "2": False, "3": False},  # V3/V6: NUL, ESC, DEL pass a blacklist
    "ordered_arguments_kept_uncopied": {"1": False, "2": True, "3": True},  # V10: an OrderedDict kept as given
    # A defaultdict (A1) read before its keys were checked: the missing key is made instead of raising KeyError
    "fields_read_before_key_check": {"1": False, "2": False, "3": False},  # V2/V5: no version, version 0 accepted
    # A character class that misses an allowed character: no valid id or ticket of checkpoints 1 and 2 held a 0
    "id_digit_zero_refused": {"1": False, "2": False, "3": False},     # V3: [1-9] for the digits
    "ticket_digit_zero_refused": {"1": False, "2": False, "3": False},  # V6: the same in the ticket pattern
    "fingerprint_own_ticket_rule_without_zero": {"1": True, "2": False, "3": False},  # F4: a ticket rule typed again
    # A reading CONTRACT.md leaves open (A2) taken, and the value then written unlike the str it is
    "canonical_quotes_only_exact_str": {"1": True, "2": False, "3": False},  # F1/D12: Status.DONE written unquoted
    # The shortest valid id or ticket (one character) refused: checkpoint 2 hashed none until now
    "ids_need_two_characters": {"1": False, "2": False, "3": False},  # V3: [A-Za-z][A-Za-z0-9_-]+
    "ticket_needs_two_characters": {"1": False, "2": False, "3": False},  # V6: [a-z][a-z0-9-]+
    # An approved field taken out of the caller's proposal before the ValueError (V11, F5, D20)
    "extra_approved_deleted_before_error": {"1": False, "2": False, "3": False},  # {**p, 'approved': True}
    "arguments_approved_popped_before_error": {"1": False, "2": False, "3": False},  # approved inside arguments
    "ticket_normalised_in_place_before_error": {"1": False, "2": False, "3": False},  # 'Lamp' left as 'lamp'
    "status_made_plain_str_in_input": {"1": False, "2": True, "3": True},  # V11: Status.DONE became 'done' (A2)
    # A first-character test written as a comparison one ASCII neighbour too wide (V3, V6; D1 shares the cases)
    "id_first_char_from_at_sign": {"1": False, "2": False, "3": False},       # V3: '@c1'
    "id_first_char_from_backtick": {"1": False, "2": False, "3": False},      # V3: '`c1'
    "id_first_char_up_to_brace": {"1": False, "2": False, "3": False},        # V3: '{c1'
    "ticket_first_char_from_backtick": {"1": False, "2": False, "3": False},  # V6: '`lamp'
    "ticket_first_char_up_to_brace": {"1": False, "2": False, "3": False},    # V6: '{lamp'
    # Rules of its own in proposal_fingerprint for set_ticket or 'done' proposals only: checkpoint 2 tried checkpoint 1's
    # extra cases only as delete_ticket with status 'open', which went through validate_ticket_proposal
    "fingerprint_own_rules_for_set_ticket": {"1": True, "2": False, "3": True},  # F4: ticket '-lamp'
    "fingerprint_set_ticket_status_substring": {"1": True, "2": False, "3": True},  # F4: status 'pen'
    "fingerprint_done_proposals_ids_stripped": {"1": True, "2": False, "3": True},  # F4: call_id ' c1'
    # A stricter rule of its own for set_ticket proposals: checkpoint 2's valid edges were hashed under other names
    "fingerprint_set_ticket_ids_lowercase_after_first": {"1": True, "2": False, "3": False},  # F1: call_id 'cX' refused
    # A looser rule of its own for other tools: checkpoint 1 tried one disguised case per field only
    "validate_other_tools_ticket_digit_first": {"1": False, "2": False, "3": False},  # V6: '1lamp' for delete_ticket
    # The same in validate_ticket_proposal: checkpoint 1 accepted its valid edges as set_ticket with status 'done' only
    "reopened_ticket_without_zero": {"1": False, "2": False, "3": False},  # V6: ticket 'lamp0' with status 'open'
    # Rules of its own for the two pairs of tool and status no form had: set_ticket with 'open', another tool with 'done'
    "fingerprint_reopen_set_ticket_unvalidated": {"1": True, "2": False, "3": True},  # F4: ticket '1lamp', set_ticket open
    "fingerprint_reopen_set_ticket_without_zero": {"1": True, "2": False, "3": False},  # F1: ticket 'lamp0', set_ticket open
    "fingerprint_other_tool_done_ids_lowercase": {"1": True, "2": False, "3": True},  # F1: call_id 'cX', delete_ticket done
    "fingerprint_other_tool_done_arguments_unchecked": {"1": True, "2": False, "3": True},  # F4: arguments unchecked
    "validate_reopen_set_ticket_ticket_digit_first": {"1": False, "2": False, "3": False},  # V6: '1lamp', set_ticket open
    "validate_other_tool_done_ticket_without_zero": {"1": False, "2": False, "3": False},  # V6: 'lamp0', delete_ticket done
    # Values no case had: a status with a hyphen (every invalid status was tried with ticket lamp), an id ending in _
    "arguments_checked_as_joined_text": {"1": False, "2": False, "3": False},  # V7: f'{ticket}-{status}', 're-open'
    "fingerprint_ids_trailing_underscore_stripped": {"1": True, "2": False, "3": False},  # F1: call_id 'c1_' hashed as 'c1'
    # A copy of arguments made only where a field has the lesson's value: every other valid proposal had actor learner
    "arguments_copied_only_for_learner": {"1": False, "2": True, "3": True},  # V10: actor 'ops-2' shares arguments
    # A length limit or a type learnt on first use, or checked only before (or only after) a first accepted proposal:
    # checkpoint 1's first calls were all invalid, those of checkpoints 2 and 3 all valid (F4/D5 inherit V1-V7)
    "lazy_name_lengths_first_use_unchecked": {"1": False, "2": False, "3": False},  # V3: first actor of 41 characters
    "lazy_length_limit_after_first_accepted": {"1": False, "2": False, "3": False},  # V3/V6: no limit before a success
    "lazy_proposal_type_first_use_unchecked": {"1": False, "2": False, "3": False},  # V1: first None, TypeError
    "arguments_type_checked_after_first_accepted": {"1": False, "2": False, "3": False},  # V5: arguments None
    "arguments_type_skipped_once_cached": {"1": False, "2": False, "3": False},  # V5: None after a valid proposal
    **DISPATCH_ONLY,
}
