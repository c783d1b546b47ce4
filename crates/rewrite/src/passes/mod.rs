//! The passes, one file each. A pass file holds the pass (`PASS`), its
//! documentation (what `--explain` prints, with an example that the tests
//! run) and the code. Its fixtures live in `tests/fixtures/<pass-name>/`.
//!
//! To add a pass: copy a small one (`bar_cta_scope.rs`), set its name,
//! boundary, tag and documentation, write `run`, list it in [`PASSES`], and add
//! fixtures.

use crate::pass::Pass;

mod acquire_release_fences;
mod address_size_64;
mod b128_private_memory;
mod bar_cta_scope;
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

/// Every pass, in registry order (the driver sorts the ones it runs by
/// boundary).
pub static PASSES: &[&Pass] = &[
    // Upgrades and retargets.
    &implicit_float_modifiers::PASS,
    &kernel_parameter_list::PASS,
    &tex_state_space::PASS,
    &maxnctapersm::PASS,
    &dwarf_directive::PASS,
    &address_size_64::PASS,
    &module_scope_variables::PASS,
    &mad_f32_rounding::PASS,
    &wmma_aligned::PASS,
    &shfl_vote_sync::PASS,
    &sm1x_float_flush::PASS,
    &independent_thread_scheduling::PASS,
    // Downgrades.
    &shared_cta_space::PASS,
    &bar_cta_scope::PASS,
    &default_memory_qualifiers::PASS,
    &relaxed_to_default_semantics::PASS,
    &packed_16bit_integer::PASS,
    &relu_min_max::PASS,
    &acquire_release_fences::PASS,
    &f32x2_arithmetic::PASS,
    &three_input_min_max::PASS,
    &drop_inlined_line_info::PASS,
    &drop_used_bytes_mask::PASS,
    &b128_private_memory::PASS,
];

/// The pass named `name`.
pub fn find(name: &str) -> Option<&'static Pass> {
    PASSES.iter().copied().find(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example in every pass's documentation is run: `before` must
    /// rewrite to exactly `after`, and `after` must be a fixed point.
    #[test]
    fn documented_examples_hold() {
        for pass in PASSES {
            let example = pass
                .example()
                .unwrap_or_else(|| panic!("{}: the documentation has no runnable example", pass.name));
            let result = crate::rewrite(&example.before, &example.options)
                .unwrap_or_else(|err| panic!("{}: example failed: {err}", pass.name));
            assert!(
                result.refusals.is_empty(),
                "{}: example refused: {:?}",
                pass.name,
                result.refusals
            );
            assert_eq!(result.output, example.after, "{}: example output", pass.name);
            assert!(
                result.applied.contains_key(pass.name),
                "{}: the example does not exercise the pass ({:?})",
                pass.name,
                result.applied
            );
            let again = crate::rewrite(&result.output, &example.options).unwrap();
            assert_eq!(
                again.output, result.output,
                "{}: second run changed the text",
                pass.name
            );
        }
    }

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
        for pass in PASSES {
            let Some(version) = pass.boundary.version().map(|v| v.to_string()) else {
                assert!(
                    matches!(pass.boundary, crate::pass::Boundary::TargetFrom(_)),
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
        let mut names: Vec<_> = PASSES.iter().map(|p| p.name).collect();
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
