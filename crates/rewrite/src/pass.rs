//! What a pass is: a rule whose fix is the rewrite, tagged with the boundary it
//! crosses and with how faithful its rewrite is.

use std::fmt;

use ptxkit_isa::snippet::Snippet;
use ptxkit_isa::{Target, Version};
use ptxkit_syntax::Diagnostic;

use crate::context::PassContext;

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

/// The boundary a pass crosses, which decides when the driver runs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Boundary {
    /// A downgrade pass for a construct introduced in this version: runs when
    /// the source version has it and the destination does not
    /// (`destination < version <= source`).
    Below(Since),
    /// An upgrade pass for a construct that this version rejects or reads
    /// differently: runs when `source < version <= destination`.
    From(Since),
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
            Boundary::TargetFrom(sm) => from_target.sm < sm && sm <= to_target.sm,
        }
    }

    /// The order passes run in: target passes first, then by version, oldest
    /// first.
    pub fn sort_key(self) -> (u8, Version) {
        match self {
            Boundary::TargetFrom(_) => (0, Version::new(0, 0)),
            Boundary::Below(since) | Boundary::From(since) => (1, since.version()),
        }
    }

    /// The resolved boundary, for tests and `--list-passes` (`None` for target passes).
    pub fn version(self) -> Option<Version> {
        match self {
            Boundary::Below(since) | Boundary::From(since) => since.resolve(),
            Boundary::TargetFrom(_) => None,
        }
    }
}

impl fmt::Display for Boundary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Boundary::Below(since) => write!(f, "down below {}", since.version()),
            Boundary::From(since) => write!(f, "up to {}", since.version()),
            Boundary::TargetFrom(sm) => write!(f, "target to sm_{sm}+"),
        }
    }
}

/// One rewrite pass.
///
/// A pass looks at the current text (through a [`PassContext`]) and reports
/// diagnostics: a rewrite carries a fix whose edits are the rewrite; a
/// refusal is an error without a fix, saying what has no equivalent and what
/// it needs.
pub struct Pass {
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
    /// The pass itself.
    pub(crate) run: fn(&PassContext<'_>, &mut Vec<Diagnostic>),
}

impl fmt::Debug for Pass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pass")
            .field("name", &self.name)
            .field("boundary", &self.boundary)
            .field("tag", &self.tag)
            .finish()
    }
}

impl Pass {
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
}

/// The runnable example of a pass's documentation.
#[derive(Debug, Clone)]
pub struct Example {
    /// The options on the example's `ptxrewrite ...` line.
    pub options: crate::Options,
    /// The input module.
    pub before: String,
    /// What the rewrite must produce.
    pub after: String,
}

impl Pass {
    /// The example of the documentation: a `` `ptxrewrite ARGS` `` line, then
    /// two ```` ```ptx ```` blocks (before, after). The tests run it, and
    /// `cargo xtask rewrite-check fixtures` assembles both with ptxas.
    pub fn example(&self) -> Option<Example> {
        let doc = self.doc;
        let example = &doc[doc.find("## Example")?..];
        let args_start = example.find("`ptxrewrite ")? + "`ptxrewrite ".len();
        let args_end = args_start + example[args_start..].find('`')?;
        let options = crate::Options::from_args(&example[args_start..args_end])?;
        let mut blocks = example
            .split("```ptx\n")
            .skip(1)
            .map(|b| b.split("```").next().unwrap_or(""));
        Some(Example {
            options,
            before: blocks.next()?.to_string(),
            after: blocks.next()?.to_string(),
        })
    }
}
