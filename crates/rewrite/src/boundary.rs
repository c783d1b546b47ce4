//! When a migration runs and how faithful it is: the ISA boundary it crosses
//! ([`Boundary`], its version asked of ptxkit-isa through [`Since`]) and its [`Tag`].

use std::fmt;

use ptxkit_isa::snippet::Snippet;
use ptxkit_isa::{Target, Version};

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
            Since::Cuda(major) => ptxkit_isa::toolkit::RELEASES
                .iter()
                .find(|release| major.parse() == Ok(release.toolkit.major))
                .map(|release| release.ptx),
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
    /// targets: runs when `source < version <= destination` and both the source and the
    /// destination target are `sm_N` or newer (code moving onto `sm_N` from an older target
    /// is the business of the `TargetFrom(N)` pass, which decides what the move means).
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
                from < since.version() && since.version() <= to && from_target.at_least(sm) && to_target.at_least(sm)
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
