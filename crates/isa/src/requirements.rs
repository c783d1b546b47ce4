//! Evaluating instruction forms against the feature table: what a form needs, and what is
//! wrong with it under a given `.version` and `.target`.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::form::{InstructionForm, Pattern};
use crate::instructions::all_features;
use crate::target::{Target, Variant, known_targets};
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

struct Compiled {
    by_opcode: HashMap<&'static str, Vec<(Pattern, &'static Feature)>>,
}

fn compiled() -> &'static Compiled {
    static COMPILED: OnceLock<Compiled> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut by_opcode: HashMap<&'static str, Vec<(Pattern, &'static Feature)>> = HashMap::new();
        for feature in all_features() {
            // Malformed patterns are rejected by the unit tests; skip them here.
            for pattern in Pattern::compile_all(feature.pattern).unwrap_or_default() {
                by_opcode.entry(pattern.opcode).or_default().push((pattern, feature));
            }
        }
        Compiled { by_opcode }
    })
}

/// The table rows that apply to `form`.
pub fn matching_features<'f>(form: &'f InstructionForm<'_>) -> impl Iterator<Item = &'static Feature> + 'f {
    compiled()
        .by_opcode
        .get(form.opcode)
        .into_iter()
        .flatten()
        .filter(move |(pattern, _)| pattern.matches(form))
        .map(|(_, feature)| *feature)
}

/// Whether the tables know this opcode (as the first word of an instruction).
pub fn is_known_opcode(opcode: &str) -> bool {
    crate::legal_types::KNOWN_OPCODES.contains(&opcode)
}

/// What an instruction form (or a whole file, via [`Requirements::add`]) needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirements {
    /// The first PTX version that has every feature used, on [`Requirements::min_target`].
    /// The target itself may need a newer version ([`Target::min_ptx`]).
    pub min_ptx: Version,
    /// The lowest known target that has every feature used (`None` if no target has them all,
    /// e.g. a file mixing `wgmma` and `tcgen05`).
    pub min_target: Option<Target>,
    /// Whether only `a`/`f` targets qualify.
    pub arch_specific: bool,
    /// The table rows that force these minimums (those at the maximum version or target).
    pub because: Vec<&'static Feature>,
    all: Vec<&'static Feature>,
}

impl Requirements {
    /// No requirements: PTX 1.0, `sm_10`.
    pub fn none() -> Self {
        Requirements {
            min_ptx: Version::new(1, 0),
            min_target: Some(Target::sm(10)),
            arch_specific: false,
            because: Vec::new(),
            all: Vec::new(),
        }
    }

    /// Adds the requirements of more features (e.g. of the next instruction in a file).
    pub fn add(&mut self, features: impl IntoIterator<Item = &'static Feature>) {
        for feature in features {
            if !self.all.contains(&feature) {
                self.all.push(feature);
            }
        }
        self.recompute();
    }

    /// The first PTX version that has every feature used on `target` (features `target` lacks
    /// count with their first version on any target).
    ///
    /// ```
    /// use ptxkit_isa::{requirements, target, InstructionForm, Version};
    /// // cvt to .e4m3x2: 7.8 on sm_90, 8.1 on sm_89
    /// let r = requirements(&InstructionForm::parse("cvt.rn.satfinite.e4m3x2.f32"));
    /// assert_eq!(r.min_ptx_on(target("sm_90").unwrap()), Version::new(7, 8));
    /// assert_eq!(r.min_ptx_on(target("sm_89").unwrap()), Version::new(8, 1));
    /// ```
    pub fn min_ptx_on(&self, target: Target) -> Version {
        self.all
            .iter()
            .map(|f| f.target.since_on(target, f.ptx).unwrap_or(f.ptx))
            .max()
            .unwrap_or(Version::new(1, 0))
    }

    /// The newest first version among the features used (on any target): the oldest ptxas
    /// `.version` that knows all of them.
    pub fn all_ptx(&self) -> Version {
        self.all.iter().map(|f| f.ptx).max().unwrap_or(Version::new(1, 0))
    }

    fn recompute(&mut self) {
        let all = &self.all;
        self.min_target = known_targets().find(|t| all.iter().all(|f| f.target.allows(*t)));
        self.arch_specific = all.iter().any(|f| f.target.is_arch_specific());
        let since = |f: &Feature| match self.min_target {
            Some(t) => f.target.since_on(t, f.ptx).unwrap_or(f.ptx),
            None => f.ptx,
        };
        self.min_ptx = all.iter().map(|f| since(f)).max().unwrap_or(Version::new(1, 0));
        let min_ptx = self.min_ptx;
        let target_floor = |f: &Feature| match f.target {
            TargetReq::Any => None,
            TargetReq::AtLeast(sm) => Some(Target::sm(sm)),
            TargetReq::Listed(list) => list.iter().map(|(t, _)| *t).min(),
        };
        let top_target = all.iter().filter_map(|f| target_floor(f)).max();
        self.because = all
            .iter()
            .copied()
            .filter(|f| {
                (since(f) == min_ptx && min_ptx > Version::new(1, 0))
                    || (top_target.is_some() && target_floor(f) == top_target)
            })
            .collect();
    }
}

/// What an instruction form needs: minimum PTX version, minimum target and whether it is
/// arch- or family-specific.
///
/// ```
/// use ptxkit_isa::{requirements, InstructionForm, Version};
/// let r = requirements(&InstructionForm::parse("cp.async.ca.shared.global"));
/// assert_eq!(r.min_ptx, Version::new(7, 0));
/// assert_eq!(r.min_target.unwrap().to_string(), "sm_80");
/// assert!(!r.arch_specific);
///
/// let w = requirements(&InstructionForm::parse("wgmma.fence.sync.aligned"));
/// assert_eq!(w.min_target.unwrap().to_string(), "sm_90a");
/// assert!(w.arch_specific);
/// ```
pub fn requirements(form: &InstructionForm<'_>) -> Requirements {
    let mut r = Requirements::none();
    r.add(matching_features(form));
    r
}

/// The table rows that `form` breaks under `.version version` / `.target target`, with why.
pub(crate) fn feature_issues(form: &InstructionForm<'_>, version: Version, target: Target) -> Vec<crate::Issue> {
    check_features(matching_features(form), version, target)
}

/// What is wrong with using these features (table rows, e.g. a directive) under
/// `.version version` / `.target target`.
///
/// ```
/// use ptxkit_isa::{check_features, directives::directive, target, version};
/// let weak = directive(".weak").unwrap();
/// let issues = check_features([weak], version("3.0").unwrap(), target("sm_30").unwrap());
/// assert_eq!(issues[0].message(), "Feature '.weak directive' requires PTX ISA .version 3.1 or later");
/// ```
pub fn check_features(
    features: impl IntoIterator<Item = &'static Feature>,
    version: Version,
    target: Target,
) -> Vec<crate::Issue> {
    use crate::Issue;
    let mut issues = Vec::new();
    for feature in features {
        if !feature.target.allows(target) {
            issues.push(match feature.target.min_base() {
                Some(min) if !feature.not_supported_wording => Issue::NeedsTarget { feature, min, target },
                _ => Issue::NotOnTarget { feature, target },
            });
        }
        // ptxas names the feature's first version when the version is older than that. A
        // later tier for this target (cvt to .e4m3x2 on sm_89: 8.1) is named instead, unless
        // the target itself already implies it (sm_100f exists only from 8.8).
        let since = feature.target.since_on(target, feature.ptx).unwrap_or(feature.ptx);
        let implied = target.min_ptx().unwrap_or(feature.ptx);
        if version < since && since > feature.ptx && since > implied {
            issues.push(Issue::NeedsVersion { feature, min: since });
        } else if version < feature.ptx {
            issues.push(Issue::NeedsVersion {
                feature,
                min: feature.ptx,
            });
        }
    }
    issues
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::target;

    fn form(chain: &str) -> InstructionForm<'_> {
        InstructionForm::parse(chain)
    }

    #[test]
    fn a_file_combines_its_instructions() {
        let mut r = Requirements::none();
        r.add(matching_features(&form("cp.async.ca.shared.global")));
        assert_eq!((r.min_ptx, r.min_target), (Version::new(7, 0), Some(Target::sm(80))));
        r.add(matching_features(&form("wgmma.fence.sync.aligned")));
        assert_eq!(r.min_target, target("sm_90a").ok());
        assert_eq!(r.min_ptx, Version::new(8, 0));
        assert!(r.arch_specific);
        assert!(r.because.iter().any(|f| f.pattern == "wgmma.fence"));
        // wgmma (sm_90a only) and tcgen05 (sm_100a/f, sm_110a/f) share no target
        r.add(matching_features(&form(
            "tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32",
        )));
        assert_eq!(r.min_target, None);
    }

    #[test]
    fn family_features_follow_the_family() {
        let r = requirements(&form("tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32"));
        assert_eq!(r.min_target, target("sm_100f").ok());
        assert_eq!(r.min_ptx_on(target("sm_100a").unwrap()), Version::new(8, 6));
        let issues = |t: &str, v: Version| feature_issues(&form("tcgen05.alloc.cta_group::1"), v, target(t).unwrap());
        assert!(issues("sm_103a", Version::new(8, 8)).is_empty());
        assert!(issues("sm_110f", Version::new(9, 0)).is_empty());
        assert!(!issues("sm_120a", Version::new(8, 8)).is_empty());
        assert!(!issues("sm_100", Version::new(8, 8)).is_empty());
    }

    #[test]
    fn onion_targets_and_versions() {
        let r = requirements(&form("ld.global.nc.f32"));
        assert_eq!((r.min_ptx, r.min_target), (Version::new(3, 1), Some(Target::sm(32))));
        let msgs: Vec<String> = feature_issues(&form("ld.global.nc.f32"), Version::new(3, 0), Target::sm(30))
            .iter()
            .map(|i| i.message())
            .collect();
        assert_eq!(
            msgs,
            [
                "Instruction 'ld.nc' requires .target sm_32 or higher",
                "Feature '.nc' requires PTX ISA .version 3.1 or later"
            ]
        );
        assert!(requirements(&form("add.s32")).because.is_empty());
    }
}
