//! Evaluating instruction forms against the feature table: what a form needs, and what is
//! wrong with it under a given `.version` and `.target`.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::feature::{Feature, TargetReq};
use crate::form::{InstructionForm, Pattern};
use crate::instructions::all_features;
use crate::target::{Target, known_targets};
use crate::version::Version;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::feature_issues;
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
