//! One module per rule, named after the rule. Each has a `//!` doc comment
//! (printed by `ptxlint --explain`), a `NAME`, and a `RULE` ([`crate::rule::Rule`]): its
//! code, default severity, status, fix availability and summary, and what it visits (node
//! kinds, a query in `queries/<rule>.scm` when it needs captures, the module, ...) with the
//! checks that run there. Nothing about a rule is written anywhere else: build.rs lists the
//! `RULE`s for the registry and the engine, and the rule tables of the docs and
//! `--list-rules` are generated from them (`cargo xtask docs`).

/// The source of `queries/<rule>.scm`.
macro_rules! query {
    ($file:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/queries/", $file, ".scm"))
    };
}
pub(crate) mod address_width_mismatch;
pub(crate) mod arch_specific_feature_on_generic_target;
pub(crate) mod asm_constraint_mismatch;
pub(crate) mod asm_definition_outside_braces;
pub(crate) mod asm_input_written;
pub(crate) mod asm_missing_memory_clobber;
pub(crate) mod asm_operand_index_out_of_range;
pub(crate) mod asm_output_read_before_written;
pub(crate) mod asm_register_where_immediate_required;
pub(crate) mod asm_side_effects_without_volatile;
pub(crate) mod async_copy_read_before_wait;
pub(crate) mod barrier_after_early_exit;
pub(crate) mod bulk_store_source_overwritten;
pub(crate) mod constant_address_out_of_bounds;
pub(crate) mod deprecated_banked_constant;
pub(crate) mod deprecated_dwarf_directive;
pub(crate) mod deprecated_maxnctapersm;
pub(crate) mod deprecated_tex_state_space;
pub(crate) mod divergent_barrier;
pub(crate) mod divergent_warp_collective;
pub(crate) mod duplicate_declaration;
pub(crate) mod duplicate_label;
pub(crate) mod duplicate_version_directive;
pub(crate) mod f16_parameter;
pub(crate) mod feature_needs_newer_target;
pub(crate) mod feature_needs_newer_version;
pub(crate) mod illegal_declaration_specifier;
pub(crate) mod illegal_instruction_type;
pub(crate) mod illegal_modifier;
pub(crate) mod illegal_rounding_modifier;
pub(crate) mod immediate_out_of_range;
pub(crate) mod invalid_address_expression;
pub(crate) mod invalid_operand_expression;
pub(crate) mod invalid_parameter_alignment;
pub(crate) mod invalid_suppression;
pub(crate) mod lockstep_exchange;
pub(crate) mod matrix_overwritten_before_completion;
pub(crate) mod misaligned_vector_access;
pub(crate) mod misplaced_module_directive;
pub(crate) mod missing_modifier;
pub(crate) mod missing_proxy_fence;
pub(crate) mod missing_rounding_modifier;
pub(crate) mod missing_version_or_target;
pub(crate) mod modifier_out_of_order;
pub(crate) mod module_scope_register_or_local;
pub(crate) mod nc_outside_global;
pub(crate) mod operand_count_mismatch;
pub(crate) mod operand_kind_mismatch;
pub(crate) mod operand_type_mismatch;
pub(crate) mod register_out_of_range;
pub(crate) mod register_read_before_written;
pub(crate) mod shared_memory_race;
pub(crate) mod shfl_vote_without_sync;
pub(crate) mod special_register_not_allowed;
pub(crate) mod state_space_mismatch;
pub(crate) mod store_to_constant_space;
pub(crate) mod syntax_error;
pub(crate) mod system_call_prototype_mismatch;
pub(crate) mod target_needs_newer_version;
pub(crate) mod tensor_memory_freed_in_use;
pub(crate) mod tensor_memory_read_before_wait;
pub(crate) mod undeclarable_type;
pub(crate) mod undeclared_label;
pub(crate) mod undeclared_register;
pub(crate) mod undeclared_symbol;
pub(crate) mod unknown_instruction;
pub(crate) mod unknown_modifier;
pub(crate) mod unknown_target;
pub(crate) mod unknown_version;
pub(crate) mod unsupported_asm_syntax;
pub(crate) mod unused_asm_operand;
pub(crate) mod unused_suppression;
pub(crate) mod vector_size_mismatch;
pub(crate) mod wgmma_operand_without_fence;
pub(crate) mod wgmma_register_before_wait;
