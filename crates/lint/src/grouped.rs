//! Linting a large text in groups of top-level items, without ever holding the whole
//! file's syntax tree (which takes about 25 times the text).
//!
//! The text is cut lexically into groups of about [`GROUP_BYTES`]
//! ([`ptxkit_syntax::split`]), and each group is parsed on its own with positions
//! counted from the start of the text ([`ptxkit_syntax::parse_group`]). Two passes:
//!
//! 1. **Read.** Each group is parsed and its top-level items go into one
//!    [`ModelBuilder`]: the module's header and symbol table are the ones the whole
//!    text's parse gives. The kinds and spans of the top-level items are kept for the
//!    whole-module rules.
//! 2. **Check.** Each group is linted with the module's model: the rule matches (a match
//!    depends only on the item it is in and on the module's declarations), its construct
//!    issues and its suppression comments.
//!
//! Then the whole-module rules run once, on the model and on what the groups gave
//! (items, construct issues; no syntax errors), and the findings are grouped and the
//! suppressions applied as for a whole file. The findings are the same as
//! [`crate::lint_parsed`]'s on the whole text's parse.
//!
//! Groups are parsed and checked on rayon's current pool. A text of up to
//! [`KEEP_TREES_BYTES`] keeps its groups' trees between the passes (one parse, the
//! memory of the whole tree); a larger one parses each group again in the second pass
//! and drops each tree when its group is done, so that memory stays a few times the
//! text whatever its size.
//!
//! A text takes the whole-file path instead when it is no larger than two groups, when
//! it cannot be cut with certainty, when a group has a syntax error (error recovery
//! may differ between a group and the whole file) unless the text is larger than
//! [`MAX_WHOLE_BYTES`], and when an enabled rule must see other top-level items than the
//! one it visits in this module (see [`crate::rule::Visits::reading_other_items`]: a fix
//! that lists the functions using a module-scope `.reg` or `.local`).
//!
//! Past [`MAX_WHOLE_BYTES`] a text with a syntax error is linted in groups all the same:
//! the whole file's tree would take about 28 bytes of memory per byte of PTX (14 GB for
//! the largest file ptxlint reads). Every group knows that the file has errors (names
//! are then not reported undeclared, as in a whole-file lint) and the syntax errors are
//! each group's; they are those of the whole file whenever error recovery stays inside
//! the top-level item with the error, which the lexical cut makes the usual case.

use std::ops::Range;
use std::sync::Arc;

use ptxkit_semantic::{ModelBuilder, SemanticModel};
use ptxkit_syntax::split::{groups, top_level_items};
use ptxkit_syntax::{Diagnostic, LineIndex, ParsedSource, Span, parse_group};
use rayon::prelude::*;

use crate::checker::{Findings, ModuleFacts};
use crate::pipeline::{Pipeline, reads_other_items};
use crate::settings::Settings;
use crate::suppress::Suppressions;

/// The size of a group of top-level items linted together.
pub const GROUP_BYTES: usize = 512 * 1024;

/// The largest text whose groups' trees are kept between the two passes; a larger text
/// is parsed twice, in bounded memory.
pub const KEEP_TREES_BYTES: usize = 8 * 1024 * 1024;

/// The largest text with a syntax error that is linted whole (see the module
/// documentation).
pub const MAX_WHOLE_BYTES: usize = 128 * 1024 * 1024;

/// The findings on `text` linted in groups of about `group_bytes`, with its line index;
/// `None` when the text takes the whole-file path (see the module documentation). The
/// groups' trees are kept between the passes when the text is at most
/// `keep_trees_bytes` long; a text with a syntax error is linted whole up to `whole_bytes`.
/// [`crate::lint_text`] calls it with [`GROUP_BYTES`], [`KEEP_TREES_BYTES`] and
/// [`MAX_WHOLE_BYTES`]; tests and fuzzing with small groups.
pub fn lint(
    text: &str,
    settings: &Settings,
    group_bytes: usize,
    keep_trees_bytes: usize,
    whole_bytes: usize,
) -> Option<(Vec<Diagnostic>, Arc<LineIndex>)> {
    if text.len() <= 2 * group_bytes {
        return None;
    }
    let ranges = groups(&top_level_items(text)?, text, group_bytes);
    if ranges.len() < 2 {
        return None;
    }
    let text = Arc::new(text.to_string());
    let lines = Arc::new(LineIndex::new(&text));
    let keep = text.len() <= keep_trees_bytes;
    let parse = |range: &Range<usize>| parse_group(&text, &lines, range.clone());

    // 1. Read: the model, and the top-level items. What makes a rule read other items than
    // the one it visits sends the text down the whole-file path as soon as a group has it.
    let mut builder = ModelBuilder::new(&text);
    let mut items = Vec::new();
    let mut kept = Vec::new();
    let mut syntax_errors = Vec::new();
    for chunk in ranges.chunks(rayon::current_num_threads().max(1)) {
        let parsed: Vec<ParsedSource> = chunk.par_iter().with_max_len(1).map(parse).collect();
        for group in parsed {
            let errors = group.syntax_errors();
            if !errors.is_empty() && text.len() <= whole_bytes {
                return None;
            }
            syntax_errors.extend(errors);
            builder.items(&group);
            if reads_other_items(settings, builder.symbols()) {
                return None;
            }
            items.extend(crate::checker::module_items(&group));
            if keep {
                kept.push(group);
            }
        }
    }
    let model = builder.finish();

    // 2. Check each group.
    let has_errors = !syntax_errors.is_empty();
    let check = |group: &ParsedSource| check_group(group, &model, settings, has_errors);
    let checked: Vec<GroupFindings> = if keep {
        kept.par_iter().with_max_len(1).map(check).collect()
    } else {
        ranges
            .par_iter()
            .with_max_len(1)
            .map(|range| check(&parse(range)))
            .collect()
    };
    drop(kept);

    // The whole-module rules, once, on what the groups gave; then the groups' findings.
    let module = parse_group(&text, &lines, 0..0);
    let mut pipeline = Pipeline::new(&module, &model, settings);
    let mut constructs = Vec::new();
    let mut suppressions = Suppressions::default();
    let mut found = Vec::with_capacity(checked.len());
    for group in checked {
        constructs.extend(group.constructs);
        suppressions.items.extend(group.suppressions.items);
        suppressions.malformed.extend(group.suppressions.malformed);
        found.push(group.findings);
    }
    pipeline.give_module_facts(ModuleFacts {
        constructs,
        items,
        syntax_errors,
    });
    pipeline.module_rules();
    pipeline.absorb(found);
    Some((pipeline.finish_with(suppressions), lines))
}

/// What one group gave: its rule matches' findings, its construct issues and its
/// suppression comments.
struct GroupFindings {
    findings: Findings,
    constructs: Vec<(Span, ptxkit_isa::Issue)>,
    suppressions: Suppressions,
}

/// Runs the rule matches of one group with the module's model (`has_errors`: whether
/// the file has a syntax error anywhere).
fn check_group(group: &ParsedSource, model: &SemanticModel, settings: &Settings, has_errors: bool) -> GroupFindings {
    let mut pipeline = Pipeline::new(group, model, settings);
    pipeline.give_module_has_errors(has_errors);
    pipeline.visit(None, |_, _| true);
    let constructs = pipeline.checker().construct_issues().as_ref().clone();
    GroupFindings {
        suppressions: Suppressions::parse(group),
        findings: pipeline.into_findings(),
        constructs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lint_source;

    /// `text` linted in groups of `group_bytes`, keeping the trees and not.
    fn in_groups(text: &str, settings: &Settings, group_bytes: usize) -> [Option<Vec<Diagnostic>>; 2] {
        [usize::MAX, 0].map(|keep| lint(text, settings, group_bytes, keep, usize::MAX).map(|(found, _)| found))
    }

    /// A module whose whole-module findings need every group: a misplaced `.address_size`
    /// late in the file, a function and a variable defined twice far apart, a chain
    /// reported once per file, a file-level suppression at the top and an unused one at
    /// the bottom, construct issues in every group.
    fn spread_module(functions: usize) -> String {
        let mut text = String::from(
            "// ptxlint: allow-file(shfl-vote-without-sync)\n.version 7.8\n.target sm_80\n.global .align 4 .b8 smem[64];\n.global .u32 twice;\n",
        );
        for k in 0..functions {
            if k == functions / 2 {
                text.push_str(".address_size 64\n.global .u32 twice;\n.visible .entry k0()\n{\n\tret;\n}\n");
            }
            text.push_str(&format!(
                ".visible .entry k{k}(.param .u64 p)\n{{\n\t.reg .b32 %r<4>;\n\tmov.u32 %r1, %r9;\n\tadd.s32 %r2, %r1, undeclared_{k};\n\tshfl.idx.b32 %r3, %r1, 0, 31;\n\tld.global.v2.u32 {{%r1, %r2}}, [smem+{}];\n\tmul24.lo.u32 %r1, %r1, %r2;\n\tret;\n}}\n.pragma \"nounroll\";\n",
                4 * (k % 3)
            ));
        }
        text.push_str("// ptxlint: allow(unknown-rule-name)\n");
        text
    }

    #[test]
    fn groups_find_what_the_whole_file_finds() {
        let text = spread_module(40);
        let settings = Settings::default();
        let whole = lint_source(text.as_str(), &settings).diagnostics;
        let codes: std::collections::BTreeSet<&str> = whole.iter().map(|d| d.code.as_str()).collect();
        assert!(
            codes.len() >= 6,
            "the module has findings of several rules to compare: {codes:?}"
        );
        for group_bytes in [1, 100, 1000, 3000] {
            for found in in_groups(&text, &settings, group_bytes) {
                assert_eq!(found.as_ref(), Some(&whole), "groups of {group_bytes} bytes");
            }
        }
        assert!(in_groups(&text, &settings, text.len()).iter().all(Option::is_none));
    }

    #[test]
    fn what_needs_the_whole_file_takes_the_whole_file_path() {
        let settings = Settings::default();
        let base = spread_module(8);
        let broken = base.replace("\tret;\n}\n.pragma", "\tret\n}\n.pragma");
        let module_reg = format!(".reg .b32 m;\n{base}");
        let unclosed = format!("{base}/* never closed\n");
        // Declared in the last group: found once every group is read.
        let module_reg_last = format!("{base}.local .b32 m;\n");
        for text in [&broken, &module_reg, &unclosed, &module_reg_last] {
            assert!(in_groups(text, &settings, 1).iter().all(Option::is_none), "{text}");
            assert!(!lint_text_whole(text, &settings).is_empty());
        }
    }

    #[test]
    fn past_the_whole_file_limit_a_text_with_syntax_errors_is_linted_in_groups() {
        let settings = Settings::default();
        let base = spread_module(12);
        // Errors that recovery keeps inside their function: a missing `;`, a stray line, a
        // broken operand; every function's `undeclared_k` is then not reported, in every
        // group, as in the whole file.
        let broken = base
            .replacen("\tret;\n}\n.pragma", "\tret\n}\n.pragma", 1)
            .replacen("mul24.lo.u32 %r1", "garbage here !\n\tmul24.lo.u32 %r1", 3)
            .replacen("[smem+0]", "[smem+]", 2);
        let whole = lint_source(broken.as_str(), &settings).diagnostics;
        assert!(whole.iter().any(|d| d.rule == "syntax-error"), "{whole:#?}");
        for group_bytes in [1, 400, 1000] {
            for keep in [usize::MAX, 0] {
                let found = lint(&broken, &settings, group_bytes, keep, 0).map(|(found, _)| found);
                assert_eq!(found.as_ref(), Some(&whole), "groups of {group_bytes} bytes");
            }
            // Up to the limit, the whole-file path.
            assert!(lint(&broken, &settings, group_bytes, 0, broken.len()).is_none());
        }
    }

    fn lint_text_whole(text: &str, settings: &Settings) -> Vec<Diagnostic> {
        crate::lint_text(text, settings).diagnostics
    }
}
