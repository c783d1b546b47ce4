//! Every migration, one file each, and their list. A file holds the migration
//! (`MIGRATION`), its documentation (what `ptxrewrite --explain` prints, with an example
//! that the tests run) and, for a walk, the code. Its fixtures live in
//! `tests/fixtures/<migration-name>/`.
//!
//! To migrate a construct that a lint rule reports, name the rule: `finder:
//! Finder::Rule("deprecated-tex-state-space")` (see `tex_state_space.rs`); its fixes are
//! the rewrites. Otherwise copy a small walk (`bar_cta_scope.rs`), set its name, boundary,
//! tag and documentation, write the walk. Either way list it in [`MIGRATIONS`] and add
//! fixtures.

use crate::migration::Migration;

mod acquire_release_fences;
mod address_size_64;
mod b128_private_memory;
mod bar_cta_scope;
mod const_bank_zero;
mod default_memory_qualifiers;
mod drop_inlined_line_info;
mod drop_used_bytes_mask;
mod dwarf_directive;
mod f32x2_arithmetic;
mod implicit_float_modifiers;
mod independent_thread_scheduling;
mod kernel_parameter_list;
mod mad_f32_rounding;
mod maxnctapersm;
mod module_scope_variables;
mod packed_16bit_integer;
mod relaxed_to_default_semantics;
mod relu_min_max;
mod shared_cta_space;
mod shfl_vote_sync;
mod sm1x_float_flush;
mod tex_state_space;
mod three_input_min_max;
mod wmma_aligned;

/// Every migration, in registry order (the driver sorts the ones it runs by
/// boundary).
pub static MIGRATIONS: &[&Migration] = &[
    // Upgrades and retargets.
    &implicit_float_modifiers::MIGRATION,
    &kernel_parameter_list::MIGRATION,
    &tex_state_space::MIGRATION,
    &maxnctapersm::MIGRATION,
    &dwarf_directive::MIGRATION,
    &const_bank_zero::MIGRATION,
    &address_size_64::MIGRATION,
    &module_scope_variables::MIGRATION,
    &mad_f32_rounding::MIGRATION,
    &wmma_aligned::MIGRATION,
    &shfl_vote_sync::MIGRATION,
    &sm1x_float_flush::MIGRATION,
    &independent_thread_scheduling::MIGRATION,
    // Downgrades.
    &shared_cta_space::MIGRATION,
    &bar_cta_scope::MIGRATION,
    &default_memory_qualifiers::MIGRATION,
    &relaxed_to_default_semantics::MIGRATION,
    &packed_16bit_integer::MIGRATION,
    &relu_min_max::MIGRATION,
    &acquire_release_fences::MIGRATION,
    &f32x2_arithmetic::MIGRATION,
    &three_input_min_max::MIGRATION,
    &drop_inlined_line_info::MIGRATION,
    &drop_used_bytes_mask::MIGRATION,
    &b128_private_memory::MIGRATION,
];

/// The migration named `name`.
pub fn find(name: &str) -> Option<&'static Migration> {
    MIGRATIONS.iter().copied().find(|p| p.name == name)
}

/// README's table of ptxrewrite's passes (Markdown): upgrades, retargets, downgrades, each
/// by boundary; generated from the migrations' metadata; `cargo
/// xtask docs` writes it and a test checks README is not stale.
pub fn markdown_table() -> String {
    let mut sorted: Vec<&Migration> = MIGRATIONS.to_vec();
    sorted.sort_by_key(|m| {
        let group = match m.boundary {
            crate::migration::Boundary::TargetFrom(_) => 1,
            crate::migration::Boundary::Below(_) => 2,
            _ => 0,
        };
        (group, m.boundary.sort_key().1, m.name)
    });
    let mut table = String::from("| pass | boundary | tag | what |\n|---|---|---|---|\n");
    for m in sorted {
        table.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            m.name,
            m.boundary,
            m.tag,
            m.summary.replace('|', "\\|")
        ));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every version boundary is answered by ptxkit-isa's tables, and the answers are the
    /// boundaries the passes were written and checked with (`rewrite-check` assembles their
    /// output with ptxas).
    #[test]
    fn every_boundary_resolves() {
        let expected = [
            ("acquire-release-fences", "8.6"),
            ("address-size-64", "2.3"),
            ("b128-private-memory", "8.3"),
            ("bar-cta-scope", "7.8"),
            ("default-memory-qualifiers", "8.0"),
            ("drop-inlined-line-info", "8.0"),
            ("drop-used-bytes-mask", "8.3"),
            ("const-bank-zero", "2.2"),
            ("dwarf-directive", "2.0"),
            ("f32x2-arithmetic", "8.6"),
            ("implicit-float-modifiers", "1.4"),
            ("kernel-parameter-list", "1.4"),
            ("mad-f32-rounding", "3.1"),
            ("maxnctapersm", "2.0"),
            ("module-scope-variables", "3.0"),
            ("packed-16bit-integer", "8.0"),
            ("relaxed-to-default-semantics", "8.0"),
            ("relu-min-max", "8.0"),
            ("shared-cta-space", "7.8"),
            ("shfl-vote-sync", "6.4"),
            ("tex-state-space", "1.5"),
            ("three-input-min-max", "8.8"),
            ("wmma-aligned", "6.3"),
        ];
        for pass in MIGRATIONS {
            let Some(version) = pass.boundary.version().map(|v| v.to_string()) else {
                assert!(
                    matches!(pass.boundary, crate::migration::Boundary::TargetFrom(_)),
                    "{}: ptxkit-isa cannot answer its boundary {:?}",
                    pass.name,
                    pass.boundary
                );
                continue;
            };
            let want = expected.iter().find(|(name, _)| *name == pass.name).map(|(_, v)| *v);
            assert_eq!(Some(version.as_str()), want, "{}: boundary", pass.name);
        }
    }

    #[test]
    fn names_are_unique_kebab_case() {
        let mut names: Vec<_> = MIGRATIONS.iter().map(|p| p.name).collect();
        assert!(names.iter().all(|n| {
            n.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        }));
        names.sort_unstable();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len());
    }
}
