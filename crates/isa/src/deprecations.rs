//! Deprecated and removed constructs: when ptxas starts to warn and when it rejects them.
//!
//! Every row is checked at its boundaries by `cargo xtask isa-probes` (accepted, with the
//! warning where ptxas gives one, just before the cut-off; rejected with the message at it).

use crate::form::{InstructionForm, Pattern};
use crate::target::Target;
use crate::version::Version;

/// What kind of construct is deprecated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Construct {
    /// An instruction form, as a table pattern (see the `form` module), e.g. `"shfl !.sync"`.
    Instruction(&'static str),
    /// A state space used in a declaration or an instruction (`.tex`, `.const[N]`).
    StateSpace(&'static str),
    /// A directive (`.maxnctapersm`).
    Directive(&'static str),
    /// A module-scope variable in this state space (`.reg`, `.local`).
    ModuleScope(&'static str),
}

/// How ptxas treats a deprecated construct under a given version and target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Fine.
    Allowed,
    /// Accepted, but deprecated (ptxas may warn).
    Deprecated,
    /// Rejected by ptxas.
    Rejected,
}

/// One deprecated or removed construct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deprecation {
    /// What is deprecated.
    pub construct: Construct,
    /// The version that deprecated it.
    pub deprecated_in: Version,
    /// The version from which ptxas rejects it, if it does.
    pub rejected_from: Option<Version>,
    /// Rejected only on targets at or above this SM number (0: every target).
    pub rejected_on_sm: u16,
    /// ptxas's warning while deprecated but accepted (empty: none).
    pub warning: &'static str,
    /// ptxas's error once rejected.
    pub error: &'static str,
    /// What to write instead.
    pub replacement: &'static str,
    /// Module-scope declarations, entry attributes and body of a probe kernel using it.
    pub probe: (&'static str, &'static str, &'static str),
    /// Where the facts come from.
    pub source: &'static str,
}

impl Deprecation {
    /// The status under `.version version` / `.target target`.
    ///
    /// ```
    /// use ptxkit_isa::{deprecations::{DEPRECATIONS, Status}, target, Version};
    /// let shfl = DEPRECATIONS.iter().find(|d| d.error.contains("'shfl'")).unwrap();
    /// let sm70 = target("sm_70").unwrap();
    /// assert_eq!(shfl.status(Version::new(6, 3), sm70), Status::Deprecated);
    /// assert_eq!(shfl.status(Version::new(6, 4), sm70), Status::Rejected);
    /// assert_eq!(shfl.status(Version::new(6, 4), target("sm_61").unwrap()), Status::Deprecated);
    /// assert_eq!(shfl.status(Version::new(5, 0), sm70), Status::Allowed);
    /// ```
    pub fn status(&self, version: Version, target: Target) -> Status {
        match self.rejected_from {
            Some(from) if version >= from && target.at_least(self.rejected_on_sm) => Status::Rejected,
            _ if version >= self.deprecated_in => Status::Deprecated,
            _ => Status::Allowed,
        }
    }

    /// The version from which ptxas rejects the construct (where it never
    /// does: the version that deprecated it). Usable in constants, e.g. as a
    /// migration's boundary.
    pub const fn rejected_version(&self) -> Version {
        match self.rejected_from {
            Some(version) => version,
            None => self.deprecated_in,
        }
    }

    /// Whether ptxas rejects the construct at `version` on targets where it
    /// rejects it at all (the version half of [`Deprecation::status`], for
    /// callers that judge the target separately or do not know it).
    pub fn rejected_at(&self, version: Version) -> bool {
        self.rejected_from.is_some_and(|from| version >= from)
    }

    /// Whether `version` is past the deprecation (warned about or rejected).
    pub fn deprecated_at(&self, version: Version) -> bool {
        version >= self.deprecated_in
    }

    /// Whether an instruction form is this construct.
    pub fn matches_instruction(&self, form: &InstructionForm<'_>) -> bool {
        match self.construct {
            Construct::Instruction(pattern) => match compiled(pattern) {
                Some(patterns) => Pattern::any_matches(patterns, form),
                // a deprecation built outside the table
                None => Pattern::compile_all(pattern).is_ok_and(|p| Pattern::any_matches(&p, form)),
            },
            _ => false,
        }
    }
}

/// The compiled patterns of every deprecated instruction form of [`DEPRECATIONS`]
/// (compiled once: every instruction of every file is matched against them).
fn compiled(pattern: &'static str) -> Option<&'static [Pattern]> {
    static PATTERNS: std::sync::OnceLock<std::collections::HashMap<&'static str, Vec<Pattern>>> =
        std::sync::OnceLock::new();
    PATTERNS
        .get_or_init(|| {
            DEPRECATIONS
                .iter()
                .filter_map(|d| match d.construct {
                    Construct::Instruction(pattern) => Some((pattern, Pattern::compile_all(pattern).ok()?)),
                    _ => None,
                })
                .collect()
        })
        .get(pattern)
        .map(Vec::as_slice)
}

const fn v(major: u8, minor: u8) -> Version {
    Version::new(major, minor)
}

/// From this version ptxas requires `.aligned` on every `wmma` instruction (".aligned
/// modifier required for instruction 'wmma.load.a'"; ptxas 11.8 at 6.3, 6.4, 7.0 and 7.8 on
/// sm_70; 6.0 and 6.2 accept it without). ptxlint's missing-modifier reports its absence and
/// ptxrewrite's wmma-aligned pass adds it. Not a row of [`DEPRECATIONS`]: ptxas names the
/// instruction with its sub-operation (`wmma.mma`), which a row's fixed message cannot.
pub const WMMA_ALIGNED_REQUIRED_FROM: Version = v(6, 3);

/// `shfl` without `.sync`.
pub const SHFL_WITHOUT_SYNC: Deprecation = Deprecation {
    construct: Construct::Instruction("shfl !.sync"),
    deprecated_in: v(6, 0),
    rejected_from: Some(v(6, 4)),
    rejected_on_sm: 70,
    warning: "Instruction 'shfl' without '.sync' is deprecated since PTX ISA version 6.0 and will be discontinued in a future PTX ISA version",
    error: "Instruction 'shfl' without '.sync' is not supported on .target sm_70 and higher from PTX ISA version 6.4",
    replacement: "shfl.sync with a member mask",
    probe: ("", "", "shfl.idx.b32 %r1, %r2, 0, 31;"),
    source: "§9.7.9.5 L76-86; RN 6.2, 6.4; ptxas",
};

/// `vote` without `.sync`.
pub const VOTE_WITHOUT_SYNC: Deprecation = Deprecation {
    construct: Construct::Instruction("vote !.sync"),
    deprecated_in: v(6, 0),
    rejected_from: Some(v(6, 4)),
    rejected_on_sm: 70,
    warning: "Instruction 'vote' without '.sync' is deprecated since PTX ISA version 6.0 and will be discontinued in a future PTX ISA version",
    error: "Instruction 'vote' without '.sync' is not supported on .target sm_70 and higher from PTX ISA version 6.4",
    replacement: "vote.sync with a member mask",
    probe: ("", "", "vote.all.pred %p1, %p2;"),
    source: "§9.7.13.8 L58-70; RN 6.2, 6.4; ptxas",
};

/// The `.tex` state space.
pub const TEX_STATE_SPACE: Deprecation = Deprecation {
    construct: Construct::StateSpace(".tex"),
    deprecated_in: v(1, 5),
    rejected_from: Some(v(1, 5)),
    rejected_on_sm: 0,
    warning: "",
    error: "Deprecated feature: '.tex' not supported as of PTX version 1.5",
    replacement: ".global .texref",
    probe: (".tex .u32 tex0;", "", ""),
    source: "§5.1.8 (texture state space, deprecated); ptxas-observations.md; ptxas",
};

/// `@@DWARF` debugging directives.
pub const DWARF_DIRECTIVE: Deprecation = Deprecation {
    construct: Construct::Directive("@@DWARF"),
    deprecated_in: v(2, 0),
    rejected_from: Some(v(2, 0)),
    rejected_on_sm: 0,
    warning: "",
    error: "Deprecated feature: '@@DWARF directive' not supported as of PTX version 2.0",
    replacement: "`.section .debug_*` blocks, or nothing: ptxas 11.8/12.9/13.5 make the same cubin with and without the @@DWARF lines of a 1.x module (default, -g and -lineinfo), and `.file`/`.loc` keep the line information",
    probe: (crate::directives::DWARF_PROBE, "", ""),
    source: "§11.5.1 L27; RN 2.0; ptxas 11.8/12.9/13.5 (rejected at 2.0 and every later version)",
};

/// The `.maxnctapersm` directive.
pub const MAXNCTAPERSM: Deprecation = Deprecation {
    construct: Construct::Directive(".maxnctapersm"),
    deprecated_in: v(2, 0),
    rejected_from: Some(v(2, 1)),
    rejected_on_sm: 0,
    warning: ".maxnctapersm directive deprecated in PTX version 2.0, will be ignored.",
    error: "Deprecated feature: '.maxnctapersm directive' not supported as of PTX version 2.1",
    replacement: ".minnctapersm (with .maxntid or .reqntid)",
    probe: ("", ".maxntid 64 .maxnctapersm 2", ""),
    source: "§11.4.5 L28; RN 2.0; ptxas",
};

/// Banked constants (`.const[N]`).
pub const BANKED_CONSTANT: Deprecation = Deprecation {
    construct: Construct::StateSpace(".const[N]"),
    deprecated_in: v(2, 2),
    rejected_from: Some(v(2, 2)),
    rejected_on_sm: 0,
    warning: "",
    error: "Deprecated feature: 'explicit constant banks' not supported as of PTX version 2.2",
    replacement: "plain .const (flat constant space)",
    probe: (".extern .const[2] .b32 cbank[];", "", "ld.const.u32 %r1, [cbank];"),
    source: "RN 2.2; §5.1.3.1 (banked constant state space, deprecated); ptxas",
};

/// Module-scope `.reg` variables.
pub const MODULE_SCOPE_REG: Deprecation = Deprecation {
    construct: Construct::ModuleScope(".reg"),
    deprecated_in: v(3, 0),
    rejected_from: Some(v(3, 0)),
    rejected_on_sm: 0,
    warning: "",
    error: "Module-scoped variables in .reg state space are not allowed with ABI",
    replacement: "declare the register inside the function",
    probe: (".reg .u32 modreg;", "", "mov.u32 modreg, 1;"),
    source: "RN 3.0; S78 L620; ptxas (below 3.0 it warns 'Use of module scoped .local or .reg variable ... disabling ABI')",
};

/// Module-scope `.local` variables.
pub const MODULE_SCOPE_LOCAL: Deprecation = Deprecation {
    construct: Construct::ModuleScope(".local"),
    deprecated_in: v(3, 0),
    rejected_from: Some(v(3, 0)),
    rejected_on_sm: 0,
    warning: "",
    error: "Module-scoped variables in .local state space are not allowed with ABI",
    replacement: "declare the .local variable inside the function",
    probe: (".local .u32 modlocal;", "", "st.local.u32 [modlocal], 1;"),
    source: "RN 3.0; S78 L620; ptxas",
};

/// Every deprecated construct the tables know.
pub const DEPRECATIONS: &[Deprecation] = &[
    SHFL_WITHOUT_SYNC,
    VOTE_WITHOUT_SYNC,
    TEX_STATE_SPACE,
    DWARF_DIRECTIVE,
    MAXNCTAPERSM,
    BANKED_CONSTANT,
    MODULE_SCOPE_REG,
    MODULE_SCOPE_LOCAL,
];

/// The deprecation rows that an instruction form falls under.
pub fn instruction_deprecations<'f>(form: &'f InstructionForm<'_>) -> impl Iterator<Item = &'static Deprecation> + 'f {
    DEPRECATIONS.iter().filter(move |d| d.matches_instruction(form))
}

/// The deprecation row for a non-instruction construct, if any.
///
/// ```
/// use ptxkit_isa::deprecations::{deprecation, Construct};
/// assert!(deprecation(Construct::Directive(".maxnctapersm")).is_some());
/// assert!(deprecation(Construct::Directive(".maxntid")).is_none());
/// ```
pub fn deprecation(construct: Construct) -> Option<&'static Deprecation> {
    DEPRECATIONS.iter().find(|d| d.construct == construct)
}
