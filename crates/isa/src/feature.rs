//! One row of the instruction table (a [`Feature`]) and what it needs from the target
//! ([`TargetReq`]).

use crate::target::{Target, Variant};
use crate::version::Version;

/// What a feature needs from the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetReq {
    /// Every target.
    Any,
    /// `sm_N` or higher, counting `a`/`f` variants as their base (onion model).
    AtLeast(u16),
    /// The listed targets, each from the given PTX version: a base entry `sm_N` means `sm_N`
    /// or higher (a tier: `cvt` to `.e4m3x2` is on sm_90 from 7.8 and on sm_89 from 8.1); an
    /// `a` entry exactly that architecture; an `f` entry that architecture and the later
    /// members of its family, as `f` or `a` (see [`Target::has_features_of`]).
    Listed(&'static [(Target, Version)]),
}

impl TargetReq {
    /// Whether `target` qualifies (ignoring versions).
    pub fn allows(&self, target: Target) -> bool {
        match self {
            TargetReq::Any => true,
            TargetReq::AtLeast(sm) => target.at_least(*sm),
            TargetReq::Listed(list) => list.iter().any(|(offered, _)| target.has_features_of(*offered)),
        }
    }

    /// The first PTX version at which the feature exists on `target`, if it exists there at all.
    pub fn since_on(&self, target: Target, feature_ptx: Version) -> Option<Version> {
        match self {
            TargetReq::Any | TargetReq::AtLeast(_) => self.allows(target).then_some(feature_ptx),
            TargetReq::Listed(list) => list
                .iter()
                .filter(|(offered, _)| target.has_features_of(*offered))
                .map(|(_, since)| (*since).max(feature_ptx))
                .min(),
        }
    }

    /// Whether only `a`/`f` targets qualify.
    pub fn is_arch_specific(&self) -> bool {
        match self {
            TargetReq::Listed(list) => list.iter().all(|(t, _)| t.variant != Variant::Base),
            _ => false,
        }
    }

    /// The oldest base target that qualifies, if base targets qualify at all.
    pub fn min_base(&self) -> Option<Target> {
        match self {
            TargetReq::Any => Some(Target::sm(10)),
            TargetReq::AtLeast(sm) => Some(Target::sm(*sm)),
            TargetReq::Listed(list) => list
                .iter()
                .filter(|(t, _)| t.variant == Variant::Base)
                .map(|(t, _)| *t)
                .min(),
        }
    }
}

/// One row of the instruction table: an instruction form (a pattern over opcode, modifiers and
/// operand count), what it needs, how ptxas names it, a probe using it and the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Feature {
    /// Which forms this row covers (syntax in the `form` module documentation: opcode path,
    /// then `.mod`, `.a|.b`, `.pre*`, `!.mod`, `dst=`/`src=` types, `#N` operand counts).
    pub pattern: &'static str,
    /// The first PTX version that has it.
    pub ptx: Version,
    /// The targets that have it.
    pub target: TargetReq,
    /// How ptxas names it when the version is too old, e.g. `"Feature 'fma.f32'"` in
    /// `Feature 'fma.f32' requires PTX ISA .version 2.0 or later`. Alternatives (other ptxas
    /// releases word it differently) are separated by `|`, newest ptxas first. Empty when
    /// ptxas names none.
    pub version_subject: &'static str,
    /// How ptxas names it when the target is too old or lacks it, e.g.
    /// `"Instruction 'fma.f32'"` in `Instruction 'fma.f32' requires .target sm_20 or higher`.
    pub target_subject: &'static str,
    /// A complete instruction (or several, `;`-separated) using the form, for probe kernels.
    /// Registers: `%p<9>` (.pred), `%h<9>` (.b16), `%r<17>` (.b32), `%rd<17>` (.b64),
    /// `%q<5>` (.b128, PTX ≥ 8.3); `sbuf` is a 4 KiB `.shared` buffer.
    pub probe: &'static str,
    /// Module-scope declarations the probe needs (e.g. a `.global .texref`).
    pub setup: &'static str,
    /// Entry-function attributes the probe needs (e.g. `.maxntid 64`).
    pub attrs: &'static str,
    /// Whether ptxas words a too-old target as `… not supported on .target 'sm_89'` rather
    /// than `… requires .target sm_90 or higher` (always the case for `a`/`f`-only features).
    pub not_supported_wording: bool,
    /// Where the facts come from.
    pub source: &'static str,
}

impl Feature {
    /// A readable name for messages: the ptxas subject without its kind, or the pattern.
    pub fn name(&self) -> &'static str {
        let subject = if self.version_subject.is_empty() {
            self.target_subject
        } else {
            self.version_subject
        };
        let subject = subject.split('|').next().unwrap_or(subject);
        match (subject.find('\''), subject.rfind('\'')) {
            (Some(a), Some(b)) if b > a => &subject[a + 1..b],
            _ => self.pattern,
        }
    }
}
