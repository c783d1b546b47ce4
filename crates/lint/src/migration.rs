//! Migrations: what `ptxrewrite` runs. A migration is a rule with a boundary: it names the
//! ISA boundary it crosses and how faithful its rewrite is, and its rewrites are fixes.
//!
//! Two kinds, one type. A construct that ptxlint reports at the destination (`.tex`,
//! `shfl` without `.sync`, `.maxnctapersm`, module-scope `.reg`, `@@DWARF`) is migrated by
//! its lint rule: the rule file declares a `MIGRATION` whose rewrites are the rule's own
//! fixes, found by linting the text as if it were already at the destination
//! ([`findings`]); `ptxlint --fix` applies the same fixes. A construct the
//! destination has no rule of its own for (a downgrade: `.shared::cta` before PTX 7.8)
//! is migrated by a walk over the text (`src/migrations/<name>.rs`, through a
//! [`PassContext`]). Either way the driver (`ptxkit-rewrite`) sees diagnostics: one with a
//! fix is a rewrite, an error without one a refusal.

mod context;

use std::fmt;

use ptxkit_isa::snippet::Snippet;
use ptxkit_isa::{Target, Version};
use ptxkit_syntax::{Diagnostic, ParsedSource, Severity};

pub use context::{Move, PassContext, delete_statement};

use crate::registry::RuleInfo;

/// How faithful a pass's rewrite is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tag {
    /// The rewritten code means the same (ptxas produces the same machine
    /// code where that can be compared).
    Exact,
    /// The rewritten code is stronger: it allows fewer behaviours (a wider
    /// scope, a stronger ordering). Correct programs stay correct; they may be
    /// slower.
    Safe,
    /// Observable results may differ (rounding, timing, convergence). Runs only
    /// with `--allow-approximate`.
    Approximate,
}

impl Tag {
    /// Lower-case name: `exact`, `safe`, `approximate`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Tag::Exact => "exact",
            Tag::Safe => "safe",
            Tag::Approximate => "approximate",
        }
    }
}

impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a boundary's version comes from: always ptxkit-isa, never a literal in a pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Since {
    /// A version fact ptxkit-isa names (a deprecation row's, a named constant).
    Fact(Version),
    /// The first version whose tables have everything the snippet uses (the construct's
    /// introduction).
    Introduced(Snippet),
    /// The first version whose tables reject the snippet (after one that accepts it).
    Rejected(Snippet),
    /// The first PTX version of a CUDA major release (`"12"`: 8.0).
    Cuda(&'static str),
}

impl Since {
    /// The version, asked of ptxkit-isa (once per process for examples). A question the
    /// tables cannot answer gives the newest version; `every_boundary_resolves` tests that
    /// none does.
    pub fn version(self) -> Version {
        self.resolve().unwrap_or(ptxkit_isa::version::LATEST)
    }

    fn resolve(self) -> Option<Version> {
        match self {
            Since::Fact(version) => Some(version),
            Since::Introduced(example) => example.introduced(),
            Since::Rejected(example) => example.rejected(),
            Since::Cuda(major) => ptxkit_isa::version::VERSIONS
                .iter()
                .find(|info| info.cuda.split('.').next() == Some(major))
                .map(|info| info.version),
        }
    }
}

/// The boundary a migration crosses, which decides when the driver runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Boundary {
    /// A downgrade pass for a construct introduced in this version: runs when
    /// the source version has it and the destination does not
    /// (`destination < version <= source`).
    Below(Since),
    /// An upgrade pass for a construct that this version rejects or reads
    /// differently: runs when `source < version <= destination`.
    From(Since),
    /// An upgrade pass for a construct that this version rejects on `sm_N` and newer
    /// targets: runs when `source < version <= destination` and the destination target is
    /// `sm_N` or newer.
    FromOnTarget(Since, u16),
    /// A retarget pass for code written for targets below `sm_N` and moved to
    /// `sm_N` or newer (`source target < sm_N <= destination target`).
    TargetFrom(u16),
}

impl Boundary {
    /// Whether a pass with this boundary runs for a move between these
    /// versions and targets.
    pub fn applies(self, from: Version, to: Version, from_target: Target, to_target: Target) -> bool {
        match self {
            Boundary::Below(since) => to < since.version() && since.version() <= from,
            Boundary::From(since) => from < since.version() && since.version() <= to,
            Boundary::FromOnTarget(since, sm) => {
                from < since.version() && since.version() <= to && to_target.at_least(sm)
            }
            Boundary::TargetFrom(sm) => from_target.sm < sm && sm <= to_target.sm,
        }
    }

    /// The order passes run in: target passes first, then by version, oldest
    /// first.
    pub fn sort_key(self) -> (u8, Version) {
        match self {
            Boundary::TargetFrom(_) => (0, Version::new(0, 0)),
            Boundary::Below(since) | Boundary::From(since) | Boundary::FromOnTarget(since, _) => (1, since.version()),
        }
    }

    /// The resolved boundary, for tests and `--list-passes` (`None` for target passes).
    pub fn version(self) -> Option<Version> {
        match self {
            Boundary::Below(since) | Boundary::From(since) | Boundary::FromOnTarget(since, _) => since.resolve(),
            Boundary::TargetFrom(_) => None,
        }
    }
}

impl fmt::Display for Boundary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Boundary::Below(since) => write!(f, "down below {}", since.version()),
            Boundary::From(since) => write!(f, "up to {}", since.version()),
            Boundary::FromOnTarget(since, sm) => write!(f, "up to {} for sm_{sm}+", since.version()),
            Boundary::TargetFrom(sm) => write!(f, "target to sm_{sm}+"),
        }
    }
}

/// How a migration finds its rewrites.
#[derive(Clone, Copy)]
pub(crate) enum Finder {
    /// The fixes of a lint rule, linting as if at the destination.
    Rule(&'static RuleInfo),
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
            Finder::Rule(rule) => Some(rule),
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
        crate::engine::rule_findings(parsed, &rules, movement.to, movement.to_target)
    };
    migrations
        .iter()
        .map(|migration| match migration.finder {
            Finder::Walk(walk) => {
                let ctx = PassContext::new(parsed, movement, migration);
                let mut found = Vec::new();
                walk(&ctx, &mut found);
                found
            }
            Finder::Rule(rule) => {
                let (mut found, rest) = linted.drain(..).partition(|d: &Diagnostic| d.rule == rule.name);
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
