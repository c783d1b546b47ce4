//! Migrations: what `ptxrewrite` runs. A migration is a rule with a boundary: it names the
//! ISA boundary it crosses and how faithful its rewrite is, and its rewrites are fixes.
//!
//! Two kinds, one type, both on ptxkit-lint's public API. A construct that ptxlint reports
//! at the destination (`.tex`, `shfl` without `.sync`, `.maxnctapersm`, module-scope
//! `.reg`, `@@DWARF`) is migrated by its lint rule: the migration names the rule, and its
//! rewrites are the rule's own fixes, found by linting the text as if it were already at
//! the destination ([`findings`], through [`ptxkit_lint::lint_as`]); `ptxlint --fix`
//! applies the same fixes. A construct the destination has no rule of its own for (a
//! downgrade: `.shared::cta` before PTX 7.8) is migrated by a walk over the text
//! (`src/migrations/<name>.rs`, through a [`PassContext`]). Either way the driver sees
//! diagnostics: one with a fix is a rewrite, an error without one a refusal.

mod context;

use std::fmt;

use ptxkit_syntax::{Diagnostic, ParsedSource, Severity};

pub use crate::boundary::{Boundary, Since, Tag};
pub use context::{Move, PassContext};

use ptxkit_lint::RuleInfo;

/// How a migration finds its rewrites.
#[derive(Clone, Copy)]
pub(crate) enum Finder {
    /// The fixes of the lint rule of this name, linting as if at the destination.
    Rule(&'static str),
    /// A walk over the text.
    Walk(fn(&PassContext<'_>, &mut Vec<Diagnostic>)),
}

/// One migration (a rewrite pass of `ptxrewrite`).
///
/// It looks at the current text and reports diagnostics: a rewrite carries a
/// fix whose edits are the rewrite; a refusal is an error without a fix,
/// saying what has no equivalent and what it needs.
pub struct Migration {
    /// Stable kebab-case name, e.g. `shared-cta-space`.
    pub name: &'static str,
    /// When the pass runs.
    pub boundary: Boundary,
    /// How faithful its rewrite is.
    pub tag: Tag,
    /// Whether ptxas produces the same machine code for the rewrite. `false`
    /// for exact rewrites that compute the same values with different code:
    /// an instruction expanded into a sequence, or legacy code moved onto the
    /// ABI. The exactness check requires identical code only when `true`.
    pub same_code: bool,
    /// One line for `--list-passes`.
    pub summary: &'static str,
    /// The documentation `--explain` prints: what, why, example, safety.
    pub doc: &'static str,
    /// How it finds its rewrites.
    pub(crate) finder: Finder,
}

impl fmt::Debug for Migration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Migration")
            .field("name", &self.name)
            .field("boundary", &self.boundary)
            .field("tag", &self.tag)
            .finish()
    }
}

impl Migration {
    /// The text `--explain` prints: a header line with the boundary and tag,
    /// then the documentation.
    pub fn explain(&self) -> String {
        format!(
            "{name} ({boundary}, {tag})\n\n{doc}",
            name = self.name,
            boundary = self.boundary,
            tag = self.tag,
            doc = self.doc.trim()
        )
    }

    /// The lint rule whose fixes this migration applies, if it is one.
    pub fn rule(&self) -> Option<&'static RuleInfo> {
        match self.finder {
            Finder::Rule(name) => Some(ptxkit_lint::find_rule(name).expect("a migration's rule is registered")),
            Finder::Walk(_) => None,
        }
    }

    /// The example of the documentation: the arguments of its `` `ptxrewrite ARGS` `` line,
    /// then two ```` ```ptx ```` blocks (before, after). ptxkit-rewrite's tests run it,
    /// and `cargo xtask rewrite-check fixtures` assembles both with ptxas.
    pub fn example(&self) -> Option<Example> {
        let doc = self.doc;
        let example = &doc[doc.find("## Example")?..];
        let args_start = example.find("`ptxrewrite ")? + "`ptxrewrite ".len();
        let args_end = args_start + example[args_start..].find('`')?;
        let mut blocks = example
            .split("```ptx\n")
            .skip(1)
            .map(|b| b.split("```").next().unwrap_or(""));
        Some(Example {
            args: example[args_start..args_end].to_string(),
            before: blocks.next()?.to_string(),
            after: blocks.next()?.to_string(),
        })
    }
}

/// What each of `migrations` finds in `parsed` for `movement`, in their order: rewrites
/// (diagnostics with a fix) and refusals (errors without one). A walk runs over the text;
/// the rules behind the others run together, in one lint of the text as if it said the
/// destination's `.version` and `.target` (one semantic model, one pass of the query).
/// Suppression comments do not apply (they silence the linter, not the move), and a
/// rule's warnings without a fix are not the move's business.
pub fn findings(migrations: &[&'static Migration], parsed: &ParsedSource, movement: Move) -> Vec<Vec<Diagnostic>> {
    let rules: Vec<&'static RuleInfo> = migrations.iter().filter_map(|m| m.rule()).collect();
    let mut linted = if rules.is_empty() {
        Vec::new()
    } else {
        ptxkit_lint::lint_as(parsed, &rules, movement.to, movement.to_target)
    };
    migrations
        .iter()
        .map(|migration| match migration.finder {
            Finder::Walk(walk) => {
                let ctx = PassContext::new(parsed, movement, migration.name, migration.tag);
                let mut found = Vec::new();
                walk(&ctx, &mut found);
                found
            }
            Finder::Rule(name) => {
                let (mut found, rest) = linted.drain(..).partition(|d: &Diagnostic| d.rule == name);
                linted = rest;
                found.retain(|d| d.fix.is_some() || d.severity == Severity::Error);
                for refusal in found.iter_mut().filter(|d| d.fix.is_none()) {
                    refusal.message = format!(
                        "{}: no equivalent in PTX {} for {}",
                        refusal.message, movement.to, movement.to_target
                    );
                }
                found
            }
        })
        .collect()
}

/// The runnable example of a migration's documentation.
#[derive(Debug, Clone)]
pub struct Example {
    /// The arguments of the example's `ptxrewrite ...` line (`--to 7.7`).
    pub args: String,
    /// The input module.
    pub before: String,
    /// What the rewrite must produce.
    pub after: String,
}
