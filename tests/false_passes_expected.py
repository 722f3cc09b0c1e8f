"""What each wrong solution in tests/solutions/wrong/ must pass and fail (tests/test_false_passes.py)."""

# file -> the checkpoints that must pass (grading policy: a validation bug fails 2 and 3 as well)
EXPECTED = {
    "replay_reapplies_change": {"1": True, "2": True, "3": False},   # D18: a replay changed state again
    "nested_result_copied_shallowly": {"1": True, "2": True, "3": False},   # D17/D18: r['arguments'] shared
    "rows_keyed_by_lowercase_call_id": {"1": True, "2": True, "3": False},  # D10/D17: 'C1' taken for 'c1'
    "log_full_before_stale": {"1": True, "2": True, "3": False},     # D7/D11: log-full before stale-version
    "ticket_unicode_digits": {"1": False, "2": False, "3": False},  # V6 via str.isdigit, inherited by F4/D5
    "id_range_a_to_z": {"1": False, "2": False, "3": False},        # V3/D1: [A-z] admits [ \ ] ^ `
    "approved_fromhex": {"1": True, "2": True, "3": False},         # D2: bytes.fromhex skips white space
    "approved_hex_bytes": {"1": True, "2": True, "3": False},       # D2: a digest as hex bytes
    # Compared with ``is``: passed while every input was a shared constant (checks/lesson.py fresh)
    "status_compared_by_identity": {"1": False, "2": False, "3": False},   # V7
    "actor_compared_by_identity": {"1": True, "2": True, "3": False},      # D8
    "tool_name_compared_by_identity": {"1": True, "2": True, "3": False},  # D9
    "version_compared_by_identity": {"1": True, "2": True, "3": False},    # D11
    # dispatch_ticket hashes its own validated copy, so checkpoint 3 does not see this side effect
    "fingerprint_pops_key_from_input": {"1": True, "2": False, "3": True},  # F5 (and F4)
    "host_actor_underscore_first": {"1": True, "2": True, "3": False},      # D1: '_learner'
    "state_ticket_key_digit_first": {"1": True, "2": True, "3": False},     # D3: ticket key '1x'
    "state_ticket_value_stripped": {"1": True, "2": True, "3": False},      # D3: value 'open '
    "completed_tuple_accepted": {"1": True, "2": True, "3": False},         # D4: completed=()
    "arguments_read_by_position": {"1": True, "2": True, "3": False},       # D16: arguments.values() unpacked
    "approved_bare_str_accepted": {"1": True, "2": True, "3": False},       # D2: approved=H(p), a str
    "approved_cleared_on_overflow": {"1": True, "2": True, "3": False},     # D19: 65 approvals cleared, then raise
    "approved_memo_by_identity": {"1": True, "2": True, "3": False},        # D2: approved changed in place
    "tickets_memo_by_identity": {"1": True, "2": True, "3": False},         # D3: tickets changed in place
    "state_keys_sorted": {"1": True, "2": True, "3": False},                # D3: sorted(state) TypeError
    "proposal_keys_sorted": {"1": False, "2": False, "3": False},           # V2/V5: sorted(proposal) TypeError
    "state_version_key_unchecked": {"1": True, "2": True, "3": False},      # D3: 'Version' KeyError
    "arguments_key_unchecked": {"1": False, "2": False, "3": False},        # V2: 'Arguments' KeyError
    "deepcopy_before_checks": {"1": False, "2": False, "3": False},         # V1/V7: p.keys() TypeError
    "tickets_last_pair_only": {"1": True, "2": True, "3": False},           # D3: only the last pair checked
    "tickets_first_pair_skipped": {"1": True, "2": True, "3": False},       # D3: the first pair never checked
    "target_ticket_pair_unchecked": {"1": True, "2": True, "3": False},     # D3: the targeted pair skipped
    "staged_change_toggle_rollback": {"1": True, "2": True, "3": False},    # D19: undone by flipping the status
    "log_full_toggle_rollback": {"1": True, "2": True, "3": False},         # D19: the same on log-full
    "state_keys_in_fixed_order": {"1": True, "2": True, "3": False},        # D3: list(state) == [...]
    "state_size_limit": {"1": True, "2": True, "3": False},                 # D3: a limit on repr(state)
    "canonical_size_limit": {"1": False, "2": False, "3": False},           # V8/F1: a limit on the JSON's length
    "missing_ticket_reverse_substring": {"1": True, "2": True, "3": False},  # D13: 'lamp-2' taken for lamp
    "replay_reuses_one_dict": {"1": True, "2": True, "3": False},           # D18: one replay dict, reused
    "row_keeps_live_tickets": {"1": True, "2": True, "3": False},           # D17: a row shares state['tickets']
    # Third round: checks skipped for other tools or 'open', own results trusted, ids normalised, the host's
    # objects remembered by identity between calls
    "actor_separators_normalised": {"1": True, "2": True, "3": False},
    "actor_truncated_32": {"1": True, "2": True, "3": False},
    "approvals_remembered_per_log": {"1": True, "2": True, "3": False},
    "approved_snapshot_by_identity": {"1": True, "2": True, "3": False},
    "arguments_schema_only_for_set_ticket": {"1": False, "2": False, "3": False},
    "ids_checked_only_for_set_ticket": {"1": False, "2": False, "3": False},
    "log_full_replay_before_actor": {"1": True, "2": True, "3": False},
    "log_full_replays_without_compare": {"1": True, "2": True, "3": False},
    "log_mirror_by_identity": {"1": True, "2": True, "3": False},
    "missing_ticket_replay_before_actor": {"1": True, "2": True, "3": False},
    "open_extra_keys_ignored": {"1": False, "2": False, "3": False},
    "open_proposals_lightly_checked": {"1": False, "2": False, "3": False},
    "own_results_shallow": {"1": False, "2": True, "3": True},
    "own_results_trusted": {"1": False, "2": False, "3": False},  # V8 inherited: F4/D5 re-judge a changed result
    "replay_blocked_all_three": {"1": True, "2": True, "3": False},
    "row_key_hyphen_normalised": {"1": True, "2": True, "3": False},
    "row_key_truncated_32": {"1": True, "2": True, "3": False},
    "state_version_cached": {"1": True, "2": True, "3": False},
    "ticket_trailing_hyphen_stripped": {"1": True, "2": True, "3": False},
    "tickets_ref_cached": {"1": True, "2": True, "3": False},
    "tool_name_stripped": {"1": True, "2": True, "3": False},
    "unknown_tool_result_shallow": {"1": False, "2": True, "3": True},
    "validate_args_shared_per_input": {"1": False, "2": True, "3": True},
    "version_checked_only_for_set_ticket": {"1": False, "2": False, "3": False},
    # Missing fields filled in with setdefault: the caller's proposal changes (V11, F5, D20)
    "missing_fields_added_by_setdefault": {"1": False, "2": False, "3": False},
    "missing_ticket_added_by_setdefault": {"1": False, "2": False, "3": False},
    "state_value_in_joined_string": {"1": True, "2": True, "3": False},     # D3: state value '' or 'pen'
    "state_key_unicode_digit": {"1": True, "2": True, "3": False},          # D3: state key 'l\u0661'
    "tool_name_substring_match": {"1": True, "2": True, "3": False},         # D9: name 'set' or 'ticket'
    "log_size_checked_after_actor": {"1": True, "2": True, "3": False},     # D6: 65 rows + foreign actor
    "approval_items_checked_late": {"1": True, "2": True, "3": False},      # D6: {'g' * 64} + foreign actor
    "approved_size_checked_late": {"1": True, "2": True, "3": False},       # D6: 65 approvals + foreign actor
    "state_pairs_checked_late": {"1": True, "2": True, "3": False},         # D6: key 'Sensor' + foreign actor
    "ticket_count_checked_late": {"1": True, "2": True, "3": False},        # D6: 17 tickets + foreign actor
    "invalid_approvals_removed_on_error": {"1": True, "2": True, "3": False},  # D19: approved cleaned
    "proposal_marked_when_refused": {"1": True, "2": True, "3": False},     # D20: proposal['refused']
    "proposal_marked_on_approval_required": {"1": True, "2": True, "3": False},  # D20 on approval-required
    "proposal_marked_on_unknown_tool": {"1": True, "2": True, "3": False},  # D20 on unknown-tool
    "proposal_marked_on_missing_ticket": {"1": True, "2": True, "3": False},  # D20 on missing-ticket
    "proposal_marked_on_log_full": {"1": True, "2": True, "3": False},      # D20 on log-full
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
    # The caller changes its own p (or approved) after a call: rows and registers must not share it
    "replay_compares_live_proposal": {"1": True, "2": True, "3": False},   # D10: the row holds the caller's p
    "replay_compares_live_arguments": {"1": True, "2": True, "3": False},  # D10: the row holds p['arguments']
    "approved_normalised_in_place": {"1": True, "2": True, "3": False},    # D20: uppercase entries rewritten
    # Memory kept outside the caller's objects: per object (id) or per call id in a module variable
    "fingerprint_memo_by_identity": {"1": True, "2": False, "3": True},    # F1: old digest after p changed in place
    "validate_memo_by_identity": {"1": False, "2": False, "3": False},     # V8: old verdict after p changed in place
    "fingerprints_in_module_registry": {"1": True, "2": True, "3": False},  # D10: a second host's c1 overwrites it
    "replay_from_module_cache": {"1": True, "2": True, "3": False},        # D18: a second host's c1 result replayed
    "host_actor_uppercased": {"1": True, "2": True, "3": False},           # D1: long s U+017F as host actor
    "ticket_staged_before_stale_check": {"1": True, "2": True, "3": False},  # D19: state changed on stale/approval refusals
    # Rows of the submission's own class are read through their __getitem__, as the host does
    "row_object_shares_result": {"1": True, "2": True, "3": False},       # D17: the row keeps the returned dict
    "replay_marks_own_row": {"1": True, "2": True, "3": False},           # D18: a replay marks its own-class row
    "approval_sign_accepted": {"1": True, "2": True, "3": False},         # D2: int(d, 16) takes '+' and 63 digits
    # Equal by ==, not by type (False == 0 == 0.0, True == 1 == 1.0), and type checks by blacklist
    "verdict_memo_by_value": {"1": False, "2": False, "3": False},        # V4: verdict cached by field values
    "replay_by_equality_before_validation": {"1": True, "2": True, "3": False},  # D5/D6: {**p, 'version': False} replayed
    "state_checks_skipped_when_equal": {"1": True, "2": True, "3": False},  # D3: state version 0.0 after 0
    "version_type_blacklist": {"1": False, "2": False, "3": False},       # V4: Decimal(3) / Fraction(3) accepted
    "approved_type_blacklist": {"1": True, "2": True, "3": False},        # D2: a deque as approved
    # Refusals under a call id the log already holds: the row must stay as it was (D19)
    "forbidden_attempt_noted_in_row": {"1": True, "2": True, "3": False},  # D19: forbidden marks the row
    "unknown_tool_drops_known_row": {"1": True, "2": True, "3": False},   # D19: unknown-tool deletes the row
    "invalid_retry_drops_known_row": {"1": True, "2": True, "3": False},  # D19: ValueError deletes the row
    "forbidden_revokes_known_approval": {"1": True, "2": True, "3": False},  # D20: forbidden discards an approval
    # Proposals validated only in part before the actor check or the log lookup (D6, R9)
    "actor_checked_before_full_validation": {"1": True, "2": True, "3": False},
    "known_call_id_lightly_validated": {"1": True, "2": True, "3": False},
    "field_names_compared_by_identity": {"1": False, "2": False, "3": False},  # V2: keys from json.loads refused
    "ticket_underscore_first": {"1": False, "2": False, "3": False},          # V6: '_lamp'
    # More of those families (==, blacklists, refusals under a known call id) and hidden state
    "validate_memo_by_identity_and_equality": {"1": False, "2": False, "3": False},  # V4: p['version'] = 0.0 in place
    "fingerprint_memo_by_identity_and_equality": {"1": True, "2": False, "3": True},  # F4: the same, old digest
    "dispatch_proposal_memo_by_identity_and_equality": {"1": True, "2": True, "3": False},  # D5: replayed instead
    "state_memo_by_identity_and_equality": {"1": True, "2": True, "3": False},  # D3: state['version'] = 1.0 in place
    "approved_blacklist_without_userlist": {"1": True, "2": True, "3": False},  # D2: a UserList as approved
    "completed_type_blacklist": {"1": True, "2": True, "3": False},       # D4: completed = set()
    "state_type_blacklist": {"1": True, "2": True, "3": False},           # D3: state = ('version', 'tickets')
    "tickets_type_blacklist": {"1": True, "2": True, "3": False},         # D3: tickets = ('lamp',)
    "approval_item_checked_as_str": {"1": True, "2": True, "3": False},   # D2: str(10**63) is 64 hex digits
    "ticket_checked_as_str": {"1": False, "2": False, "3": False},        # V6: str(float('inf')) is 'inf'
    "approved_size_after_lowercasing": {"1": True, "2": True, "3": False},  # D2: 65 entries, two case twins
    "unknown_tool_revokes_known_approval": {"1": True, "2": True, "3": False},  # D20: unknown-tool under c1
    "conflict_burns_call_id": {"1": True, "2": True, "3": False},         # D10: no replay after a conflict
    "replay_restores_missing_ticket": {"1": True, "2": True, "3": False},  # D18: a replay puts the ticket back
    "log_full_counts_refusals": {"1": True, "2": True, "3": False},       # D14: 63 rows + a refusal = full
    "log_full_from_success_counter": {"1": True, "2": True, "3": False},  # D14: a removed row makes no room
    "approval_dropped_when_register_full": {"1": True, "2": True, "3": False},  # D20: 64 approvals, one dropped
    "approval_consumed_when_only_one": {"1": True, "2": True, "3": False},  # D20: approved = {H(p)} used up
    "approval_prefix_compare": {"1": True, "2": True, "3": False},        # D12: only the first 16 digits compared
    "tool_name_endswith": {"1": True, "2": True, "3": False},             # D9: 'unset_ticket' carried out
    # Partial comparisons by startswith/endswith, results at rare edges, and input "repaired" before a ValueError
    "actor_compared_by_suffix": {"1": True, "2": True, "3": False},       # D8: host 'earner' passes 'learner'
    "host_actor_ends_with_claim": {"1": True, "2": True, "3": False},     # D8: host 'xlearner' passes 'learner'
    "call_id_matched_by_suffix": {"1": True, "2": True, "3": False},      # D10: row 'xc1' taken for 'c1'
    "call_id_matched_by_prefix": {"1": True, "2": True, "3": False},      # D10: row 'c1x' taken for 'c1'
    "ticket_found_by_suffix": {"1": True, "2": True, "3": False},         # D13: 'amp' taken for lamp, then created
    "noop_success_row_shares_result": {"1": True, "2": True, "3": False},  # D17: same-status success stores r itself
    "replay_shared_when_log_full": {"1": True, "2": True, "3": False},    # D18: at 64 rows the row's result returned
    "approved_memo_by_identity_and_size": {"1": True, "2": True, "3": False},  # D2: register swapped at equal size
    "tickets_trimmed_on_overflow": {"1": True, "2": True, "3": False},    # D19: 17 tickets cut to 16, then raise
    "state_version_clamped_on_overflow": {"1": True, "2": True, "3": False},  # D19: 1000002 set to 1000001, then raise
    "state_values_lowered_before_error": {"1": True, "2": True, "3": False},  # D19: state value 'Done' lowercased
    "approvals_stripped_before_error": {"1": True, "2": True, "3": False},  # D19/D20: H(p) + '\n' stripped in approved
    "call_id_truncated_before_error": {"1": False, "2": False, "3": False},  # V11/F5/D20: 41 chars cut to 40
    "version_clamped_before_error": {"1": False, "2": False, "3": False},   # V11/F5/D20: 1000001 set to 1000000
    "ticket_cut_to_32_before_error": {"1": False, "2": False, "3": False},  # V11/F5/D20: 33 chars cut to 32
    "status_lowered_before_error": {"1": False, "2": False, "3": False},    # V11/F5/D20: 'Done' lowercased
    # Limits and orders at edges no check reached: a host at 1000001, a log with rows of another actor or ticket,
    # an unknown tool under a new call id, and a refusal's extra key that is the stored result itself
    "stale_check_clamps_state_version": {"1": True, "2": True, "3": False},  # D11: 1000000 matched at 1000001
    "log_full_counted_per_actor": {"1": True, "2": True, "3": False},    # D14: only the caller's rows counted
    "log_full_counted_per_ticket": {"1": True, "2": True, "3": False},   # D14: only the ticket's rows counted
    "tool_checked_late_for_new_calls": {"1": True, "2": True, "3": False},  # D7/D9: stale before unknown-tool
    "conflict_result_shares_stored_result": {"1": True, "2": True, "3": False},  # D18/D19: r['stored'] is the row's
    "row_key_trailing_separators_stripped": {"1": True, "2": True, "3": False},  # D10/D17: 'c1-' stored as 'c1'
    # Exact names, the state as the host gives it, copies for every valid proposal
    "tickets_updated_by_prefix": {"1": True, "2": True, "3": False},     # D15: lamp-2 and lampx set with lamp
    "missing_ticket_looked_up_in_state": {"1": True, "2": True, "3": False},  # D13: ticket 'version' created
    "stale_check_trusts_log_version": {"1": True, "2": True, "3": False},  # D11: state set back, log's version used
    "validate_shares_open_arguments": {"1": False, "2": True, "3": True},  # V10: arguments copied only for 'done'
    "last_row_shares_result": {"1": True, "2": True, "3": False},        # D17: the 64th row stores r itself
    "top_version_row_shares_result": {"1": True, "2": True, "3": False},  # D17: at version 1000001 the row stores r
    "ids_checked_char_by_char": {"1": False, "2": False, "3": False},    # V3/V6, D1/D3: ('c', '1') taken for an id
    "approvals_checked_char_by_char": {"1": True, "2": True, "3": False},  # D2: tuple(H(p)) taken for a digest
    "canonical_input_returned_as_is": {"1": False, "2": True, "3": True},  # V9/V10: sorted keys, p itself returned
    "replay_result_found_by_change": {"1": True, "2": True, "3": False},  # D18: c3 (lamp done) replays c1's result
    "top_state_version_refused_before_replay": {"1": True, "2": True, "3": False},  # D7: stale before replay at 1000001
    "future_version_stale_before_conflict": {"1": True, "2": True, "3": False},  # D7/D10: c1 at version 5 stale
    # A reading CONTRACT.md leaves open (A1, A4) taken, and the input then handled unlike any other valid input
    "mapping_accepted_but_hashed_raw": {"1": True, "2": False, "3": True},  # F1: accepted mappingproxy, TypeError
    "row_keeps_uppercase_approval": {"1": True, "2": True, "3": False},  # D10: H(p).upper() stored, replay conflicts
    "read_only_view_returned_uncopied": {"1": False, "2": True, "3": True},  # V9/V10: the mappingproxy handed back
    "state_subclass_copied_to_dict": {"1": True, "2": True, "3": False},  # D15: OrderedDict state's version unchanged
    # A verdict remembered by the proposal's text: a non-str that reads as a valid value passes after that value
    "validate_memo_by_json_text": {"1": False, "2": False, "3": False},  # V7: PurePosixPath('done') after 'done'
    "host_actor_memo_by_text": {"1": True, "2": True, "3": False},  # D1: PurePosixPath('txactor') after 'txactor'
    "state_memo_by_json_text": {"1": True, "2": True, "3": False},  # D3: a ticket status PurePosixPath('done')
    "approval_memo_by_text": {"1": True, "2": True, "3": False},  # D2: {n}, an int of 64 digits, after {str(n)}
    # A limit checked with the proposal counted in: the host's register or state at its limit was never tried so
    "approved_limit_counts_own_digest": {"1": True, "2": True, "3": False},  # D2: 64 approvals of other proposals
    "tickets_limit_counts_proposed_ticket": {"1": True, "2": True, "3": False},  # D3/D13: 16 tickets, ticket pump
    "actor_trailing_separators_stripped": {"1": True, "2": True, "3": False},  # D8: host 'learner-' passes 'learner'
    "actor_hyphens_dropped": {"1": True, "2": True, "3": False},  # D8: host 'learner2' passes 'learner-2'
    "row_key_trailing_underscore_stripped": {"1": True, "2": True, "3": False},  # D10: 'c1' taken for 'c1_'
    # A pattern compiled on its first use, which then checks nothing: wrong only at the first call after loading
    "lazy_status_pattern_first_use_unchecked": {"1": False, "2": False, "3": True},  # V7: status 'closed' (dispatch validates twice)
    "lazy_digest_pattern_first_use_unchecked": {"1": True, "2": True, "3": False},  # D2: {'g' * 64}
    "lazy_host_actor_pattern_first_use_unchecked": {"1": True, "2": True, "3": False},  # D1: '_learner'
    "lazy_state_ticket_pattern_first_use_unchecked": {"1": True, "2": True, "3": False},  # D3: ticket 'Sensor'
    "lazy_state_status_pattern_first_use_unchecked": {"1": True, "2": True, "3": False},  # D3: status 'closed'
    "lazy_tool_register_first_use_unchecked": {"1": True, "2": True, "3": False},  # D9: delete_ticket carried out
    "log_subclass_copied_to_dict": {"1": True, "2": True, "3": False},  # D17: OrderedDict log's row in a copy
    "dispatch_hashes_raw_mapping": {"1": True, "2": True, "3": False},  # D12: accepted mappingproxy, TypeError
    # One module-level result dict refilled by every call: a result the host holds changes with the next call
    "success_result_template_shared": {"1": True, "2": True, "3": False},  # D16
    "one_result_dict_for_every_call": {"1": True, "2": True, "3": False},  # D16: a refusal overwrites it too
    # Tool names other than set_ticket carried out: aliases, a read-only tool
    "tool_aliases_accepted": {"1": True, "2": True, "3": False},  # D9: update_ticket, set_status
    "read_tool_get_ticket": {"1": True, "2": True, "3": False},  # D9: get_ticket
    # A privileged actor let through: a host acting for anyone, a claim forwarded by any host
    "admin_host_acts_for_anyone": {"1": True, "2": True, "3": False},  # D8: host admin/root
    "system_actor_claim_trusted": {"1": True, "2": True, "3": False},  # D8: claimed actor system
    "status_compared_as_text": {"1": False, "2": False, "3": False},  # V7/D3: str(status) in ('open', 'done')
    # Another kind of input accepted (A1, A3), then waved through where a set or dict would be checked
    "approved_frozenset_unchecked": {"1": True, "2": True, "3": False},  # D2: frozenset of 65, non-hex entry
    "tickets_ordered_dict_unchecked": {"1": True, "2": True, "3": False},  # D3: 17 tickets, status closed
    "state_mapping_keys_unchecked": {"1": True, "2": True, "3": False},  # D3: an extra key in a mapping state
    "completed_ordered_dict_unchecked": {"1": True, "2": True, "3": False},  # D4: an OrderedDict log of 65 rows
    "proposal_mapping_keys_unchecked": {"1": False, "2": False, "3": False},  # V2: an extra field in a mapping
    "arguments_mapping_keys_unchecked": {"1": False, "2": False, "3": False},  # V5: an extra key in a mapping
    "approved_frozenset_never_matches": {"1": True, "2": True, "3": False},  # D12: frozenset({H(p)}) ignored
    # Extra keys tolerated by name: optional metadata beside the fields, host bookkeeping in state
    "optional_metadata_fields": {"1": False, "2": False, "3": False},  # V2, V5: reason, comment
    "state_bookkeeping_keys_tolerated": {"1": True, "2": True, "3": False},  # D3: updated_at, history
    "status_in_progress_allowed": {"1": False, "2": False, "3": False},  # V7/D3: a third status
    "approval_sha256_prefix_accepted": {"1": True, "2": True, "3": False},  # D2: 'sha256:' + H(p)
    # One ASCII character too many in a character class
    "ids_allow_namespace_colon": {"1": False, "2": False, "3": False},  # V3: 'team:learner'
    "ticket_allows_slash": {"1": False, "2": False, "3": False},  # V6: 'ops/lamp'
    "host_actor_allows_at_sign": {"1": True, "2": True, "3": False},  # D1: 'learner@school'
    "approval_separators_allowed": {"1": True, "2": True, "3": False},  # D2: ':' or '.' in a digest
    # Regression: bounds one step off, orders swapped, replays that read the host's current objects
    "approved_limit_63": {"1": True, "2": True, "3": False},              # D2: 64 approvals refused
    "tickets_limit_16_exclusive": {"1": True, "2": True, "3": False},     # D3: 16 tickets refused
    "host_version_limit_1000000": {"1": True, "2": True, "3": False},     # D3: host version 1000001 refused
    "id_limit_39": {"1": False, "2": False, "3": False},                  # V3: 40-character ids refused
    "validate_version_range_exclusive_top": {"1": False, "2": False, "3": False},  # V4: version 1000000 refused
    "log_full_at_63": {"1": True, "2": True, "3": False},                 # D14: full one row early
    "log_full_checked_with_equals_65": {"1": True, "2": True, "3": False},  # D14: the 65th row written
    "version_capped_at_1000000": {"1": True, "2": True, "3": False},      # D15: 1000001 never reached
    "same_status_no_version_bump": {"1": True, "2": True, "3": False},    # D15: same status, same version
    "success_result_replayed_zero": {"1": True, "2": True, "3": False},   # D16: replayed=0
    "completed_or_new_dict": {"1": True, "2": True, "3": False},          # D17: completed or {} loses the first row
    "row_result_without_version": {"1": True, "2": True, "3": False},     # D17: version beside the result
    "missing_ticket_before_approval": {"1": True, "2": True, "3": False},  # D7: missing-ticket first
    "unknown_tool_after_replay": {"1": True, "2": True, "3": False},      # D7: conflict before unknown-tool
    "stale_only_when_older": {"1": True, "2": True, "3": False},          # D11: a newer version goes on
    "forbidden_casefold": {"1": True, "2": True, "3": False},             # D8: 'Learner' passes 'learner'
    "ticket_lookup_in_state_keys_too": {"1": True, "2": True, "3": False},  # D13: ticket 'version' created
    "conflict_compares_arguments_only": {"1": True, "2": True, "3": False},  # D10: other actor or version replays
    "conflict_ignores_version": {"1": True, "2": True, "3": False},       # D10: other version replays
    "approval_survives_version_bump": {"1": True, "2": True, "3": False},  # D12: H(p) at version 0 kept valid
    "fingerprint_registers_approval": {"1": True, "2": True, "3": False},  # D12/F5: hashed means approved
    "fingerprint_of_lowercased_json": {"1": True, "2": False, "3": False},  # F1: JSON lowercased
    "replay_checks_approval_again": {"1": True, "2": True, "3": False},   # D18: a replay needs H(p) again
    "replay_reapplies_value_quietly": {"1": True, "2": True, "3": False},  # D18: the stored value written again
    "replay_result_version_as_state": {"1": True, "2": True, "3": False},  # D18: the current version reported
    "replay_value_from_state": {"1": True, "2": True, "3": False},        # D18: the current status reported
    # A fingerprint written as a number: fine until a digest starts with 0 (none of checkpoint 2's did)
    "fingerprint_hex_via_int": {"1": True, "2": False, "3": False},       # F2: format(int, 'x'), 62 digits
    "fingerprint_hex_stripped_of_zeros": {"1": True, "2": False, "3": False},  # F2: hexdigest().lstrip('0')
    # Extra result keys named after tickets (A6 allows extra keys): every ticket tried was lamp, sensor or pump
    "result_has_ticket_key": {"1": True, "2": True, "3": False},          # D16: {ticket: value} last, 'status' lost
    "result_lists_all_tickets": {"1": True, "2": True, "3": False},       # D16: **state['tickets'] spread last
    "replay_lists_all_tickets": {"1": True, "2": True, "3": False},       # D18: the same in a replay only
    "done_approval_covers_reopen": {"1": True, "2": True, "3": False},    # D12: H(p) lets p with status open through
    # Fourth round: lesson rules read on one path only, host inputs taken as str(), checks moved after the replay,
    # the log's room, versions and tickets taken from other objects than the rule names
    "approvals_remembered_globally": {"1": True, "2": True, "3": False},
    "approved_checked_after_replay": {"1": True, "2": True, "3": False},
    "approved_checked_when_nonempty_only": {"1": True, "2": True, "3": False},
    "approved_entries_str_converted": {"1": True, "2": True, "3": False},
    "completed_type_checked_when_nonempty": {"1": True, "2": True, "3": False},
    "conflict_overridden_by_new_approval": {"1": True, "2": True, "3": False},
    "conflict_waived_when_stored_fp_approved": {"1": True, "2": True, "3": False},
    "host_actor_str_converted": {"1": True, "2": True, "3": False},
    "host_actor_ticket_pattern": {"1": True, "2": True, "3": False},
    "log_full_before_missing_ticket": {"1": True, "2": True, "3": False},
    "log_full_when_register_full": {"1": True, "2": True, "3": False},
    "log_size_checked_after_replay": {"1": True, "2": True, "3": False},
    "missing_ticket_before_stale": {"1": True, "2": True, "3": False},
    "new_version_at_least_rows": {"1": True, "2": True, "3": False},
    "refused_attempts_remembered": {"1": True, "2": True, "3": False},
    "replay_rechecks_forbidden_by_row_actor": {"1": True, "2": True, "3": False},
    "replay_replayed_one": {"1": True, "2": True, "3": False},
    "replay_result_without_status": {"1": True, "2": True, "3": False},
    "replay_uses_up_approval": {"1": True, "2": True, "3": False},
    "stale_against_row_count": {"1": True, "2": True, "3": False},
    "stale_compares_row_version": {"1": True, "2": True, "3": False},
    "stale_skipped_for_same_status": {"1": True, "2": True, "3": False},
    "state_checked_after_replay": {"1": True, "2": True, "3": False},
    "state_ticket_keys_str_converted": {"1": True, "2": True, "3": False},
    "state_version_checked_when_nonzero": {"1": True, "2": True, "3": False},
    "success_result_version_from_log": {"1": True, "2": True, "3": False},
    "tickets_counted_on_state": {"1": True, "2": True, "3": False},
    "tickets_written_through_setdefault": {"1": True, "2": True, "3": False},
    "version_staged_before_log_check": {"1": True, "2": True, "3": False},
    "log_full_counts_approvals": {"1": True, "2": True, "3": False},    # D14: rows and approvals summed
    "open_creates_missing_ticket": {"1": True, "2": True, "3": False},  # D13: open creates the ticket
    "ticket_known_from_log": {"1": True, "2": True, "3": False},        # D13: a removed ticket counts
    # Spaces around an id or a ticket, a valid word refused, rows and replays judged by the host's current state
    "ids_spaces_stripped": {"1": False, "2": False, "3": False},        # V3: ' c1' and 'c1 ' after strip(' ')
    "ticket_spaces_stripped": {"1": False, "2": False, "3": False},     # V6: ' lamp' and 'lamp ' after strip(' ')
    "approved_word_refused_as_value": {"1": False, "2": False, "3": False},  # V3/V6: the value 'approved' refused
    "log_full_counts_live_tickets": {"1": True, "2": True, "3": False},  # D14: rows of a removed ticket not counted
    "replay_stale_when_state_set_back": {"1": True, "2": True, "3": False},  # D18: stale when state went back
    # Characters no printable-ASCII case tried, and arguments of another kind of mapping (A1) kept as given
    "ids_punctuation_blacklist": {"1": False, "2": False, "3": False},  # V3/V6: NUL, ESC, DEL pass a blacklist
    "ordered_arguments_kept_uncopied": {"1": False, "2": True, "3": True},  # V10: an OrderedDict kept as given
    # A defaultdict (A1) read before its keys were checked: the missing key is made instead of raising KeyError
    "fields_read_before_key_check": {"1": False, "2": False, "3": False},  # V2/V5: no version, version 0 accepted
    "state_read_before_key_check": {"1": True, "2": True, "3": False},    # D3: a state without version accepted
    # A character class that misses an allowed character: no valid id or ticket of checkpoints 1 and 2 held a 0
    "id_digit_zero_refused": {"1": False, "2": False, "3": False},     # V3: [1-9] for the digits
    "ticket_digit_zero_refused": {"1": False, "2": False, "3": False},  # V6: the same in the ticket pattern
    "host_actor_digit_zero_refused": {"1": True, "2": True, "3": False},  # D1: the same in a host actor pattern
    "fingerprint_own_ticket_rule_without_zero": {"1": True, "2": False, "3": False},  # F4: a ticket rule typed again
    "dispatch_own_ticket_rule_without_zero": {"1": True, "2": True, "3": False},  # D5: the same in dispatch_ticket
    # A success that left an int in state['tickets']: the host's next change in place must fail a check, not end one
    "tickets_overwritten_by_version": {"1": True, "2": True, "3": False},  # D15
    # Facts remembered per host object (kept alive): the host's own changes in place, a ticket added, a register, a
    # state or its tickets grown past a limit, go unseen
    "ticket_names_cached_strong": {"1": True, "2": True, "3": False},   # D13: a ticket added in place
    "approved_size_cached_strong": {"1": True, "2": True, "3": False},  # D2: grown to 65 in place
    "state_keys_cached_strong": {"1": True, "2": True, "3": False},     # D3: a key added in place
    "tickets_count_cached_strong": {"1": True, "2": True, "3": False},  # D3: grown to 17 in place
    # A reading CONTRACT.md leaves open (A2) taken, and the value then written unlike the str it is
    "canonical_quotes_only_exact_str": {"1": True, "2": False, "3": False},  # F1/D12: Status.DONE written unquoted
    # The shortest valid id or ticket (one character) refused: checkpoint 2 hashed none until now
    "ids_need_two_characters": {"1": False, "2": False, "3": False},  # V3: [A-Za-z][A-Za-z0-9_-]+
    "ticket_needs_two_characters": {"1": False, "2": False, "3": False},  # V6: [a-z][a-z0-9-]+
    # Two status checks failing at once in pairs no order case had tried: tool and ticket, tool and full log,
    # conflict and ticket
    "tool_checked_only_for_existing_tickets": {"1": True, "2": True, "3": False},  # D7: delete_ticket on pump
    "tool_checked_only_with_log_room": {"1": True, "2": True, "3": False},  # D7: delete_ticket at 64 rows
    "conflict_only_for_existing_tickets": {"1": True, "2": True, "3": False},  # D10: conflict replayed, lamp gone
    "dispatch_own_rule_needs_two_characters": {"1": True, "2": True, "3": False},  # D5: call id 'c', ticket 't'
    # An approved field taken out of the caller's proposal before the ValueError (V11, F5, D20)
    "extra_approved_deleted_before_error": {"1": False, "2": False, "3": False},  # {**p, 'approved': True}
    "arguments_approved_popped_before_error": {"1": False, "2": False, "3": False},  # approved inside arguments
    "ticket_normalised_in_place_before_error": {"1": False, "2": False, "3": False},  # 'Lamp' left as 'lamp'
    "state_version_made_plain_int": {"1": True, "2": True, "3": False},  # D19: True became 1 on a refusal (A5)
    "ticket_statuses_made_plain_str": {"1": True, "2": True, "3": False},  # D19: Status.OPEN became 'open' (A2)
    "status_made_plain_str_in_input": {"1": False, "2": True, "3": True},  # V11: Status.DONE became 'done' (A2)
    # A reading CONTRACT.md leaves open (A1) taken, then two OrderedDicts compared with ==
    "ordered_proposal_replay_by_equality": {"1": True, "2": True, "3": False},  # D10: p in another order conflicts
    # A call id rule typed again in dispatch_ticket: no call id of checkpoint 3 had an uppercase letter after the first
    "dispatch_call_id_rule_lowercase_after_first": {"1": True, "2": True, "3": False},  # D5: 'cX' raises ValueError
    # A first-character test written as a comparison one ASCII neighbour too wide (V3, V6; D1 shares the cases)
    "id_first_char_from_at_sign": {"1": False, "2": False, "3": False},       # V3: '@c1'
    "id_first_char_from_backtick": {"1": False, "2": False, "3": False},      # V3: '`c1'
    "id_first_char_up_to_brace": {"1": False, "2": False, "3": False},        # V3: '{c1'
    "ticket_first_char_from_backtick": {"1": False, "2": False, "3": False},  # V6: '`lamp'
    "ticket_first_char_up_to_brace": {"1": False, "2": False, "3": False},    # V6: '{lamp'
    "host_actor_first_char_from_at_sign": {"1": True, "2": True, "3": False},  # D1: host actor '@c1'
    # Rules of its own in proposal_fingerprint for set_ticket or 'done' proposals only: checkpoint 2 tried checkpoint 1's
    # extra cases only as delete_ticket with status 'open', which went through validate_ticket_proposal
    "fingerprint_own_rules_for_set_ticket": {"1": True, "2": False, "3": True},  # F4: ticket '-lamp'
    "fingerprint_set_ticket_status_substring": {"1": True, "2": False, "3": True},  # F4: status 'pen'
    "fingerprint_done_proposals_ids_stripped": {"1": True, "2": False, "3": True},  # F4: call_id ' c1'
    "dispatch_new_set_ticket_calls_own_schema": {"1": True, "2": True, "3": False},  # D5: ticket ' lamp', new call
    # A stricter rule of its own for set_ticket proposals: checkpoint 2's valid edges were hashed under other names
    "fingerprint_set_ticket_ids_lowercase_after_first": {"1": True, "2": False, "3": False},  # F1: call_id 'cX' refused
    # A looser rule of its own for other tools: checkpoint 1 tried one disguised case per field only
    "validate_other_tools_ticket_digit_first": {"1": False, "2": False, "3": False},  # V6: '1lamp' for delete_ticket
    # A stricter rule of its own for 'open' proposals: checkpoint 3 carried out its valid edges with status 'done' only
    "reopening_call_id_lowercase_only": {"1": True, "2": True, "3": False},  # D5: call_id 'C1' with status 'open'
    # The same in validate_ticket_proposal: checkpoint 1 accepted its valid edges as set_ticket with status 'done' only
    "reopened_ticket_without_zero": {"1": False, "2": False, "3": False},  # V6: ticket 'lamp0' with status 'open'
    # Host inputs checked only for the lesson's values: every invalid host input was tried with p alone (ticket lamp,
    # actor learner) and, refused, with the tool delete_ticket
    "host_inputs_checked_only_for_lamp": {"1": True, "2": True, "3": False},  # D1-D4: ticket 'pump' unchecked
    "host_inputs_checked_only_for_learner": {"1": True, "2": True, "3": False},  # D1-D4: actor 'ops-2' unchecked
    "host_inputs_checked_only_for_known_tools": {"1": True, "2": True, "3": False},  # D1-D4: tool 'get_ticket'
    "host_actor_checked_only_for_learner_claims": {"1": True, "2": True, "3": False},  # D1
    "approved_checked_only_for_lamp": {"1": True, "2": True, "3": False},  # D2
    "state_checked_only_for_known_tools": {"1": True, "2": True, "3": False},  # D3
    "completed_checked_only_for_learner": {"1": True, "2": True, "3": False},  # D4
    "log_size_checked_only_for_lamp": {"1": True, "2": True, "3": False},  # D4: 65 rows, ticket 'pump'
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
    # Another digest of p's content taken as its approval: only H(p) approves p
    "approval_of_arguments_counts": {"1": True, "2": True, "3": False},  # D12: SHA-256 of the arguments alone
    "approval_of_default_json_counts": {"1": True, "2": True, "3": False},  # D12: SHA-256 of json.dumps(p)
    # Found by mutating the reference (tools/mutation.py lacks the operator): an extra refusal inside the replay
    "replay_refused_when_state_is_older": {"1": True, "2": True, "3": False},  # D18: host restored an older state
    # The state's pairs checked by a rule on the state's own contents: every invalid pair was tried in a state of at
    # most three tickets at version 0 beside lamp; the 65-row log was replayed for p alone; a status returned early
    # for a combination that both callers' refused calls avoid (the host actor's own proposal for another tool)
    "state_pairs_checked_only_up_to_three_tickets": {"1": True, "2": True, "3": False},  # D3
    "state_pairs_checked_only_below_version_5": {"1": True, "2": True, "3": False},  # D3
    "state_pairs_checked_only_when_lamp_listed": {"1": True, "2": True, "3": False},  # D3
    "log_size_on_replay_checked_only_for_lamp": {"1": True, "2": True, "3": False},  # D4: replay of 'pump'
    "forbidden_before_host_inputs_for_set_ticket": {"1": True, "2": True, "3": False},  # D6
    "unknown_tool_before_host_inputs_for_own_actor": {"1": True, "2": True, "3": False},  # D6
    "approved_checked_only_for_listed_tickets": {"1": True, "2": True, "3": False},  # D2: every call named a listed one
}
