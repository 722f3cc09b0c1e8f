"""Wrong solutions of tests/solutions/wrong/ that break only dispatch_ticket: checkpoints 1 and 2 pass, 3 fails
(tests/test_false_passes.py through false_passes_expected.EXPECTED)."""

# files (without .py) that must pass checkpoints 1 and 2 and fail 3
DISPATCH_ONLY = {name: {"1": True, "2": True, "3": False} for name in [
    "replay_reapplies_change",  # D18: a replay changed state again
    "nested_result_copied_shallowly",  # D17/D18: r['arguments'] shared
    "rows_keyed_by_lowercase_call_id",  # D10/D17: 'C1' taken for 'c1'
    "log_full_before_stale",  # D7/D11: log-full before stale-version
    "approved_fromhex",  # D2: bytes.fromhex skips white space
    "approved_hex_bytes",  # D2: a digest as hex bytes
    # Compared with ``is``: passed while every input was a shared constant (checks/lesson.py fresh)
    "actor_compared_by_identity",  # D8
    "tool_name_compared_by_identity",  # D9
    "version_compared_by_identity",  # D11
    # dispatch_ticket hashes its own validated copy, so checkpoint 3 does not see this side effect
    "host_actor_underscore_first",  # D1: '_learner'
    "state_ticket_key_digit_first",  # D3: ticket key '1x'
    "state_ticket_value_stripped",  # D3: value 'open '
    "completed_tuple_accepted",  # D4: completed=()
    "arguments_read_by_position",  # D16: arguments.values() unpacked
    "approved_bare_str_accepted",  # D2: approved=H(p), a str
    "approved_cleared_on_overflow",  # D19: 65 approvals cleared, then raise
    "approved_memo_by_identity",  # D2: approved changed in place
    "tickets_memo_by_identity",  # D3: tickets changed in place
    "state_keys_sorted",  # D3: sorted(state) TypeError
    "state_version_key_unchecked",  # D3: 'Version' KeyError
    "tickets_last_pair_only",  # D3: only the last pair checked
    "tickets_first_pair_skipped",  # D3: the first pair never checked
    "target_ticket_pair_unchecked",  # D3: the targeted pair skipped
    "staged_change_toggle_rollback",  # D19: undone by flipping the status
    "log_full_toggle_rollback",  # D19: the same on log-full
    "state_keys_in_fixed_order",  # D3: list(state) == [...]
    "state_size_limit",  # D3: a limit on repr(state)
    "missing_ticket_reverse_substring",  # D13: 'lamp-2' taken for lamp
    "replay_reuses_one_dict",  # D18: one replay dict, reused
    "row_keeps_live_tickets",  # D17: a row shares state['tickets']
    # Third round: checks skipped for other tools or 'open', own results trusted, ids normalised, the host's
    # objects remembered by identity between calls
    "actor_separators_normalised",
    "actor_truncated_32",
    "approvals_remembered_per_log",
    "approved_snapshot_by_identity",
    "log_full_replay_before_actor",
    "log_full_replays_without_compare",
    "log_mirror_by_identity",
    "missing_ticket_replay_before_actor",
    "replay_blocked_all_three",
    "row_key_hyphen_normalised",
    "row_key_truncated_32",
    "state_version_cached",
    "ticket_trailing_hyphen_stripped",
    "tickets_ref_cached",
    "tool_name_stripped",
    # Missing fields filled in with setdefault: the caller's proposal changes (V11, F5, D20)
    "state_value_in_joined_string",  # D3: state value '' or 'pen'
    "state_key_unicode_digit",  # D3: state key 'l\u0661'
    "tool_name_substring_match",  # D9: name 'set' or 'ticket'
    "log_size_checked_after_actor",  # D6: 65 rows + foreign actor
    "approval_items_checked_late",  # D6: {'g' * 64} + foreign actor
    "approved_size_checked_late",  # D6: 65 approvals + foreign actor
    "state_pairs_checked_late",  # D6: key 'Sensor' + foreign actor
    "ticket_count_checked_late",  # D6: 17 tickets + foreign actor
    "invalid_approvals_removed_on_error",  # D19: approved cleaned
    "proposal_marked_when_refused",  # D20: proposal['refused']
    "proposal_marked_on_approval_required",  # D20 on approval-required
    "proposal_marked_on_unknown_tool",  # D20 on unknown-tool
    "proposal_marked_on_missing_ticket",  # D20 on missing-ticket
    "proposal_marked_on_log_full",  # D20 on log-full
    # The caller changes its own p (or approved) after a call: rows and registers must not share it
    "replay_compares_live_proposal",  # D10: the row holds the caller's p
    "replay_compares_live_arguments",  # D10: the row holds p['arguments']
    "approved_normalised_in_place",  # D20: uppercase entries rewritten
    # Memory kept outside the caller's objects: per object (id) or per call id in a module variable
    "fingerprints_in_module_registry",  # D10: a second host's c1 overwrites it
    "replay_from_module_cache",  # D18: a second host's c1 result replayed
    "host_actor_uppercased",  # D1: long s U+017F as host actor
    "ticket_staged_before_stale_check",  # D19: state changed on stale/approval refusals
    # Rows of the submission's own class are read through their __getitem__, as the host does
    "row_object_shares_result",  # D17: the row keeps the returned dict
    "replay_marks_own_row",  # D18: a replay marks its own-class row
    "approval_sign_accepted",  # D2: int(d, 16) takes '+' and 63 digits
    # Equal by ==, not by type (False == 0 == 0.0, True == 1 == 1.0), and type checks by blacklist
    "replay_by_equality_before_validation",  # D5/D6: {**p, 'version': False} replayed
    "state_checks_skipped_when_equal",  # D3: state version 0.0 after 0
    "approved_type_blacklist",  # D2: a deque as approved
    # Refusals under a call id the log already holds: the row must stay as it was (D19)
    "forbidden_attempt_noted_in_row",  # D19: forbidden marks the row
    "unknown_tool_drops_known_row",  # D19: unknown-tool deletes the row
    "invalid_retry_drops_known_row",  # D19: ValueError deletes the row
    "forbidden_revokes_known_approval",  # D20: forbidden discards an approval
    # Proposals validated only in part before the actor check or the log lookup (D6, R9)
    "actor_checked_before_full_validation",
    "known_call_id_lightly_validated",
    # More of those families (==, blacklists, refusals under a known call id) and hidden state
    "dispatch_proposal_memo_by_identity_and_equality",  # D5: replayed instead
    "state_memo_by_identity_and_equality",  # D3: state['version'] = 1.0 in place
    "approved_blacklist_without_userlist",  # D2: a UserList as approved
    "completed_type_blacklist",  # D4: completed = set()
    "state_type_blacklist",  # D3: state = ('version', 'tickets')
    "tickets_type_blacklist",  # D3: tickets = ('lamp',)
    "approval_item_checked_as_str",  # D2: str(10**63) is 64 hex digits
    "approved_size_after_lowercasing",  # D2: 65 entries, two case twins
    "unknown_tool_revokes_known_approval",  # D20: unknown-tool under c1
    "conflict_burns_call_id",  # D10: no replay after a conflict
    "replay_restores_missing_ticket",  # D18: a replay puts the ticket back
    "log_full_counts_refusals",  # D14: 63 rows + a refusal = full
    "log_full_from_success_counter",  # D14: a removed row makes no room
    "approval_dropped_when_register_full",  # D20: 64 approvals, one dropped
    "approval_consumed_when_only_one",  # D20: approved = {H(p)} used up
    "approval_prefix_compare",  # D12: only the first 16 digits compared
    "tool_name_endswith",  # D9: 'unset_ticket' carried out
    # Partial comparisons by startswith/endswith, results at rare edges, and input "repaired" before a ValueError
    "actor_compared_by_suffix",  # D8: host 'earner' passes 'learner'
    "host_actor_ends_with_claim",  # D8: host 'xlearner' passes 'learner'
    "call_id_matched_by_suffix",  # D10: row 'xc1' taken for 'c1'
    "call_id_matched_by_prefix",  # D10: row 'c1x' taken for 'c1'
    "ticket_found_by_suffix",  # D13: 'amp' taken for lamp, then created
    "noop_success_row_shares_result",  # D17: same-status success stores r itself
    "replay_shared_when_log_full",  # D18: at 64 rows the row's result returned
    "approved_memo_by_identity_and_size",  # D2: register swapped at equal size
    "tickets_trimmed_on_overflow",  # D19: 17 tickets cut to 16, then raise
    "state_version_clamped_on_overflow",  # D19: 1000002 set to 1000001, then raise
    "state_values_lowered_before_error",  # D19: state value 'Done' lowercased
    "approvals_stripped_before_error",  # D19/D20: H(p) + '\n' stripped in approved
    # Limits and orders at edges no check reached: a host at 1000001, a log with rows of another actor or ticket,
    # an unknown tool under a new call id, and a refusal's extra key that is the stored result itself
    "stale_check_clamps_state_version",  # D11: 1000000 matched at 1000001
    "log_full_counted_per_actor",  # D14: only the caller's rows counted
    "log_full_counted_per_ticket",  # D14: only the ticket's rows counted
    "tool_checked_late_for_new_calls",  # D7/D9: stale before unknown-tool
    "conflict_result_shares_stored_result",  # D18/D19: r['stored'] is the row's
    "row_key_trailing_separators_stripped",  # D10/D17: 'c1-' stored as 'c1'
    # Exact names, the state as the host gives it, copies for every valid proposal
    "tickets_updated_by_prefix",  # D15: lamp-2 and lampx set with lamp
    "missing_ticket_looked_up_in_state",  # D13: ticket 'version' created
    "stale_check_trusts_log_version",  # D11: state set back, log's version used
    "last_row_shares_result",  # D17: the 64th row stores r itself
    "top_version_row_shares_result",  # D17: at version 1000001 the row stores r
    "approvals_checked_char_by_char",  # D2: tuple(H(p)) taken for a digest
    "replay_result_found_by_change",  # D18: c3 (lamp done) replays c1's result
    "top_state_version_refused_before_replay",  # D7: stale before replay at 1000001
    "future_version_stale_before_conflict",  # D7/D10: c1 at version 5 stale
    # A reading CONTRACT.md leaves open (A1, A4) taken, and the input then handled unlike any other valid input
    "row_keeps_uppercase_approval",  # D10: H(p).upper() stored, replay conflicts
    "state_subclass_copied_to_dict",  # D15: OrderedDict state's version unchanged
    # A verdict remembered by the proposal's text: a non-str that reads as a valid value passes after that value
    "host_actor_memo_by_text",  # D1: PurePosixPath('txactor') after 'txactor'
    "state_memo_by_json_text",  # D3: a ticket status PurePosixPath('done')
    "approval_memo_by_text",  # D2: {n}, an int of 64 digits, after {str(n)}
    # A limit checked with the proposal counted in: the host's register or state at its limit was never tried so
    "approved_limit_counts_own_digest",  # D2: 64 approvals of other proposals
    "tickets_limit_counts_proposed_ticket",  # D3/D13: 16 tickets, ticket pump
    "actor_trailing_separators_stripped",  # D8: host 'learner-' passes 'learner'
    "actor_hyphens_dropped",  # D8: host 'learner2' passes 'learner-2'
    "row_key_trailing_underscore_stripped",  # D10: 'c1' taken for 'c1_'
    # A pattern compiled on its first use, which then checks nothing: wrong only at the first call after loading
    "lazy_digest_pattern_first_use_unchecked",  # D2: {'g' * 64}
    "lazy_host_actor_pattern_first_use_unchecked",  # D1: '_learner'
    "lazy_state_ticket_pattern_first_use_unchecked",  # D3: ticket 'Sensor'
    "lazy_state_status_pattern_first_use_unchecked",  # D3: status 'closed'
    "lazy_tool_register_first_use_unchecked",  # D9: delete_ticket carried out
    "lazy_host_types_first_use_unchecked",  # D2/D4: a first register or log given as a list
    "log_subclass_copied_to_dict",  # D17: OrderedDict log's row in a copy
    "dispatch_hashes_raw_mapping",  # D12: accepted mappingproxy, TypeError
    # One module-level result dict refilled by every call: a result the host holds changes with the next call
    "success_result_template_shared",  # D16
    "one_result_dict_for_every_call",  # D16: a refusal overwrites it too
    # Tool names other than set_ticket carried out: aliases, a read-only tool
    "tool_aliases_accepted",  # D9: update_ticket, set_status
    "read_tool_get_ticket",  # D9: get_ticket
    # A privileged actor let through: a host acting for anyone, a claim forwarded by any host
    "admin_host_acts_for_anyone",  # D8: host admin/root
    "system_actor_claim_trusted",  # D8: claimed actor system
    # Another kind of input accepted (A1, A3), then waved through where a set or dict would be checked
    "approved_frozenset_unchecked",  # D2: frozenset of 65, non-hex entry
    "tickets_ordered_dict_unchecked",  # D3: 17 tickets, status closed
    "state_mapping_keys_unchecked",  # D3: an extra key in a mapping state
    "completed_ordered_dict_unchecked",  # D4: an OrderedDict log of 65 rows
    "approved_frozenset_never_matches",  # D12: frozenset({H(p)}) ignored
    # Extra keys tolerated by name: optional metadata beside the fields, host bookkeeping in state
    "state_bookkeeping_keys_tolerated",  # D3: updated_at, history
    "approval_sha256_prefix_accepted",  # D2: 'sha256:' + H(p)
    # One ASCII character too many in a character class
    "host_actor_allows_at_sign",  # D1: 'learner@school'
    "approval_separators_allowed",  # D2: ':' or '.' in a digest
    # Regression: bounds one step off, orders swapped, replays that read the host's current objects
    "approved_limit_63",  # D2: 64 approvals refused
    "tickets_limit_16_exclusive",  # D3: 16 tickets refused
    "host_version_limit_1000000",  # D3: host version 1000001 refused
    "log_full_at_63",  # D14: full one row early
    "log_full_checked_with_equals_65",  # D14: the 65th row written
    "version_capped_at_1000000",  # D15: 1000001 never reached
    "same_status_no_version_bump",  # D15: same status, same version
    "success_result_replayed_zero",  # D16: replayed=0
    "completed_or_new_dict",  # D17: completed or {} loses the first row
    "row_result_without_version",  # D17: version beside the result
    "missing_ticket_before_approval",  # D7: missing-ticket first
    "unknown_tool_after_replay",  # D7: conflict before unknown-tool
    "stale_only_when_older",  # D11: a newer version goes on
    "forbidden_casefold",  # D8: 'Learner' passes 'learner'
    "ticket_lookup_in_state_keys_too",  # D13: ticket 'version' created
    "conflict_compares_arguments_only",  # D10: other actor or version replays
    "conflict_ignores_version",  # D10: other version replays
    "approval_survives_version_bump",  # D12: H(p) at version 0 kept valid
    "fingerprint_registers_approval",  # D12/F5: hashed means approved
    "replay_checks_approval_again",  # D18: a replay needs H(p) again
    "replay_reapplies_value_quietly",  # D18: the stored value written again
    "replay_result_version_as_state",  # D18: the current version reported
    "replay_value_from_state",  # D18: the current status reported
    # Extra result keys named after tickets (A6 allows extra keys): every ticket tried was lamp, sensor or pump
    "result_has_ticket_key",  # D16: {ticket: value} last, 'status' lost
    "result_lists_all_tickets",  # D16: **state['tickets'] spread last
    "replay_lists_all_tickets",  # D18: the same in a replay only
    "done_approval_covers_reopen",  # D12: H(p) lets p with status open through
    # Fourth round: lesson rules read on one path only, host inputs taken as str(), checks moved after the replay,
    # the log's room, versions and tickets taken from other objects than the rule names
    "approvals_remembered_globally",
    "approved_checked_after_replay",
    "approved_checked_when_nonempty_only",
    "approved_entries_str_converted",
    "completed_type_checked_when_nonempty",
    "conflict_overridden_by_new_approval",
    "conflict_waived_when_stored_fp_approved",
    "host_actor_str_converted",
    "host_actor_ticket_pattern",
    "log_full_before_missing_ticket",
    "log_full_when_register_full",
    "log_size_checked_after_replay",
    "missing_ticket_before_stale",
    "new_version_at_least_rows",
    "refused_attempts_remembered",
    "replay_rechecks_forbidden_by_row_actor",
    "replay_replayed_one",
    "replay_result_without_status",
    "replay_uses_up_approval",
    "stale_against_row_count",
    "stale_compares_row_version",
    "stale_skipped_for_same_status",
    "state_checked_after_replay",
    "state_ticket_keys_str_converted",
    "state_version_checked_when_nonzero",
    "success_result_version_from_log",
    "tickets_counted_on_state",
    "tickets_written_through_setdefault",
    "version_staged_before_log_check",
    "log_full_counts_approvals",  # D14: rows and approvals summed
    "open_creates_missing_ticket",  # D13: open creates the ticket
    "ticket_known_from_log",  # D13: a removed ticket counts
    # Spaces around an id or a ticket, a valid word refused, rows and replays judged by the host's current state
    "log_full_counts_live_tickets",  # D14: rows of a removed ticket not counted
    "replay_stale_when_state_set_back",  # D18: stale when state went back
    # A defaultdict (A1) read before its keys were checked: the missing key is made instead of raising KeyError
    "state_read_before_key_check",  # D3: a state without version accepted
    # A character class that misses an allowed character: no valid id or ticket of checkpoints 1 and 2 held a 0
    "host_actor_digit_zero_refused",  # D1: the same in a host actor pattern
    "dispatch_own_ticket_rule_without_zero",  # D5: the same in dispatch_ticket
    # A success that left an int in state['tickets']: the host's next change in place must fail a check, not end one
    "tickets_overwritten_by_version",  # D15
    # Facts remembered per host object (kept alive): the host's own changes in place, a ticket added, a register, a
    # state or its tickets grown past a limit, go unseen
    "ticket_names_cached_strong",  # D13: a ticket added in place
    "approved_size_cached_strong",  # D2: grown to 65 in place
    "state_keys_cached_strong",  # D3: a key added in place
    "tickets_count_cached_strong",  # D3: grown to 17 in place
    # Two status checks failing at once in pairs no order case had tried: tool and ticket, tool and full log,
    # conflict and ticket
    "tool_checked_only_for_existing_tickets",  # D7: delete_ticket on pump
    "tool_checked_only_with_log_room",  # D7: delete_ticket at 64 rows
    "conflict_only_for_existing_tickets",  # D10: conflict replayed, lamp gone
    "dispatch_own_rule_needs_two_characters",  # D5: call id 'c', ticket 't'
    # An approved field taken out of the caller's proposal before the ValueError (V11, F5, D20)
    "state_version_made_plain_int",  # D19: True became 1 on a refusal (A5)
    "ticket_statuses_made_plain_str",  # D19: Status.OPEN became 'open' (A2)
    # A reading CONTRACT.md leaves open (A1) taken, then two OrderedDicts compared with ==
    "ordered_proposal_replay_by_equality",  # D10: p in another order conflicts
    # A call id rule typed again in dispatch_ticket: no call id of checkpoint 3 had an uppercase letter after the first
    "dispatch_call_id_rule_lowercase_after_first",  # D5: 'cX' raises ValueError
    # A first-character test written as a comparison one ASCII neighbour too wide (V3, V6; D1 shares the cases)
    "host_actor_first_char_from_at_sign",  # D1: host actor '@c1'
    # Rules of its own in proposal_fingerprint for set_ticket or 'done' proposals only: checkpoint 2 tried checkpoint 1's
    # extra cases only as delete_ticket with status 'open', which went through validate_ticket_proposal
    "dispatch_new_set_ticket_calls_own_schema",  # D5: ticket ' lamp', new call
    # A stricter rule of its own for 'open' proposals: checkpoint 3 carried out its valid edges with status 'done' only
    "reopening_call_id_lowercase_only",  # D5: call_id 'C1' with status 'open'
    # Host inputs checked only for the lesson's values: every invalid host input was tried with p alone (ticket lamp,
    # actor learner) and, refused, with the tool delete_ticket
    "host_inputs_checked_only_for_lamp",  # D1-D4: ticket 'pump' unchecked
    "host_inputs_checked_only_for_learner",  # D1-D4: actor 'ops-2' unchecked
    "host_inputs_checked_only_for_known_tools",  # D1-D4: tool 'get_ticket'
    "host_actor_checked_only_for_learner_claims",  # D1
    "approved_checked_only_for_lamp",  # D2
    "state_checked_only_for_known_tools",  # D3
    "completed_checked_only_for_learner",  # D4
    "log_size_checked_only_for_lamp",  # D4: 65 rows, ticket 'pump'
    # Another digest of p's content taken as its approval: only H(p) approves p
    "approval_of_arguments_counts",  # D12: SHA-256 of the arguments alone
    "approval_of_default_json_counts",  # D12: SHA-256 of json.dumps(p)
    # Found by mutating the reference (tools/mutation.py lacks the operator): an extra refusal inside the replay
    "replay_refused_when_state_is_older",  # D18: host restored an older state
    # The state's pairs checked by a rule on the state's own contents: every invalid pair was tried in a state of at
    # most three tickets at version 0 beside lamp; the 65-row log was replayed for p alone; a status returned early
    # for a combination that both callers' refused calls avoid (the host actor's own proposal for another tool)
    "state_pairs_checked_only_up_to_three_tickets",  # D3
    "state_pairs_checked_only_below_version_5",  # D3
    "state_pairs_checked_only_when_lamp_listed",  # D3
    "log_size_on_replay_checked_only_for_lamp",  # D4: replay of 'pump'
    "forbidden_before_host_inputs_for_set_ticket",  # D6
    "unknown_tool_before_host_inputs_for_own_actor",  # D6
    "approved_checked_only_for_listed_tickets",  # D2: every call named a listed one
    # Copies made on the common path only: results were changed after p's success and after a plain replay of p
    "replay_shares_row_for_removed_ticket",  # D18: replay after the host removed lamp
    "replay_shares_row_when_still_approved",  # D18: replay with H(p) still in approved
    "replay_shares_row_at_its_own_version",  # D18: replay on a state set back to version 0
    "stored_result_copied_only_for_lamp",  # D17: p2's result for 'pump' stored as is
    "ahead_version_revokes_approval",  # D20: every stale call was behind the state
    "host_memo_by_repr",  # D1: UserString('rpactor') after 'rpactor'
    # Copies made only where the lesson's caller and the other one were alike: 2-character lowercase call ids, tickets
    # of 4 letters, 2 or 3 tickets in state, one approval in the register, a log of one row
    "stored_result_copied_only_for_lowercase_call_ids",  # D17: call id 'Run-42_B'
    "stored_result_shared_when_one_ticket",  # D17: state of one ticket
    "stored_result_shared_for_hyphenated_ticket",  # D17: ticket 'cooling-fan-2'
    "replay_shares_row_when_register_holds_more",  # D18: replay with {H(p3)} | others(2)
    "replay_shares_row_with_one_row_left",  # D18: replay from a log of 63 rows
    # Effects for values unlike the lesson's only: a reopen ('open'), an older state handed over before a replay
    "approval_consumed_on_reopen",  # D20: a reopen's approval taken out of approved
    "replay_catches_up_older_state",  # D18: a replay raises an older state's version
    "approval_withdrawn_after_late_refusal",  # D19/D20: withdrawn when the register holds more than one
    # The status order swapped for a reopen only: every order case of the lesson's p asked for 'done'
    "reopen_checks_approval_before_version",  # D7: approval-required before stale-version
    "reopen_of_unknown_ticket_refused_early",  # D7: missing-ticket before approval-required
    # Only for a reopen at a full log: the full-log refusals had been missing-ticket and log-full alone
    "full_log_reopen_stale_uses_up_approval",  # D20: a stale reopen's approval taken out
    "full_log_reopen_refused_before_version",  # D7: log-full before stale-version
    "full_log_reopen_forbidden_marks_state",  # D19: a forbidden reopen sets the ticket
    # Compared on a prefix one character short of the limit: the similar names had differed from the 33rd on
    "actor_compared_on_39_characters",  # D8: 40-character actors apart in the last
    "call_id_looked_up_on_39_characters",  # D10: 40-character call ids apart in the last
    "ticket_looked_up_on_31_characters",  # D13: 32-character tickets apart in the last
    # Only the first time after loading: the battery's first success, replay and missing-ticket checked no copy or effect
    "first_success_row_shares_result",  # D17: the first row holds the returned result
    "first_replay_shares_row",  # D18: the first replay is the row's result
    "first_missing_ticket_revokes_approval",  # D20: the first missing-ticket takes the approval out
    # Approvals read from the register's entries joined into one text
    "approval_found_in_joined_register",  # D12: H(p) found across two entries of the joined register
    "approvals_checked_as_joined_text",  # D2: entries of 63 and 65 digits, 3 * 64 together
    "approval_lengths_from_min_and_max",  # D2: min()/max() taken for the shortest/longest entry
]}
