//! `.target` architectures: parsing, ordering, minimum PTX versions, `a`/`f` variants and
//! families, and the other `.target` options.
//!
//! Source keys used in the tables:
//! - `TGT`: PTX ISA manual §11.1.2 `.target` (9.1 edition), "PTX ISA Notes" (the first PTX
//!   version of each target) and the family table.
//! - `RH`: PTX ISA manual, Release Notes, "PTX Release History" (first CUDA release).
//! - `LLVM`: `llvm/lib/Target/NVPTX/NVPTX.td` (`SMFamilies = [[100,103,107],[110],[120,121]]`,
//!   `ProcessorAlias sm_101*→sm_110*`).
//! - `ptxas`: observed with ptxas 11.8 / 12.9 / 13.5 (`PTX .version X does not support .target
//!   sm_N` below the minimum, `Unsupported .target 'sm_N'` for unknown names); every minimum in
//!   [`TARGETS`] is re-checked at its boundary by `cargo xtask isa-probes`.

use std::fmt;
use std::str::FromStr;

use crate::version::Version;

/// Which flavour of an architecture a target names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Variant {
    /// `sm_90`: runs on this and every later GPU (the "onion" model).
    Base,
    /// `sm_100f`: may use family-specific features; runs on later GPUs of the same family.
    Family,
    /// `sm_90a`: may use architecture-specific features; runs only on that GPU.
    Arch,
}

impl Variant {
    /// The suffix letter: `""`, `"f"` or `"a"`.
    pub const fn suffix(self) -> &'static str {
        match self {
            Variant::Base => "",
            Variant::Family => "f",
            Variant::Arch => "a",
        }
    }
}

/// A GPU architecture named in `.target`, e.g. `sm_90a`.
///
/// `compute_XX` is accepted as a synonym of `sm_XX` when parsing. Targets order by SM number,
/// then variant (`sm_100` < `sm_100f` < `sm_100a` < `sm_103`).
///
/// ```
/// use ptxkit_isa::{Target, Variant, Version};
/// let t: Target = "sm_90a".parse().unwrap();
/// assert_eq!((t.sm, t.variant), (90, Variant::Arch));
/// assert_eq!(t.to_string(), "sm_90a");
/// assert!(t.at_least(80));
/// assert_eq!(t.min_ptx(), Some(Version::new(8, 0)));
/// assert_eq!("compute_80".parse::<Target>().unwrap().to_string(), "sm_80");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Target {
    /// The SM number: 90 for `sm_90a`, 100 for `sm_100f`.
    pub sm: u16,
    /// Base, `a` or `f`.
    pub variant: Variant,
}

impl Target {
    /// Makes a target.
    pub const fn new(sm: u16, variant: Variant) -> Self {
        Target { sm, variant }
    }

    /// A base target `sm_N`.
    pub const fn sm(sm: u16) -> Self {
        Target::new(sm, Variant::Base)
    }

    /// The name as written in `.target`, e.g. `"sm_100f"`.
    pub fn name(&self) -> String {
        self.to_string()
    }

    /// The table entry, if this is a target some PTX version documents or ptxas accepts.
    pub fn info(&self) -> Option<&'static TargetInfo> {
        TARGETS.iter().find(|info| info.target == *self)
    }

    /// Whether the target is known (see [`TARGETS`]).
    pub fn is_known(&self) -> bool {
        self.info().is_some()
    }

    /// The first PTX version whose `.target` accepts this name.
    pub fn min_ptx(&self) -> Option<Version> {
        self.info().map(|info| info.min_ptx)
    }

    /// Whether `.version v` accepts `.target self` (known target, `v` ≥ its minimum).
    ///
    /// ```
    /// use ptxkit_isa::{target, Version};
    /// assert!(!target("sm_89").unwrap().is_supported_by(Version::new(7, 4)));
    /// assert!(target("sm_89").unwrap().is_supported_by(Version::new(7, 8)));
    /// ```
    pub fn is_supported_by(&self, v: Version) -> bool {
        self.min_ptx().is_some_and(|min| v >= min)
    }

    /// Whether this target is `sm_N` or higher in the onion order, counting `a` and `f`
    /// variants as their base (`sm_90a` is at least `sm_80` and at least `sm_90`).
    pub const fn at_least(&self, sm: u16) -> bool {
        self.sm >= sm
    }

    /// The base target of the same architecture (`sm_90a` → `sm_90`).
    pub const fn base(&self) -> Target {
        Target::sm(self.sm)
    }

    /// The same target with another variant.
    pub const fn with_variant(&self, variant: Variant) -> Target {
        Target::new(self.sm, variant)
    }

    /// Resolves the PTX 9.0 rename: `sm_101{,a,f}` → `sm_110{,a,f}` (same hardware).
    /// Other targets are returned unchanged.
    pub const fn canonical(&self) -> Target {
        if self.sm == 101 {
            Target::new(110, self.variant)
        } else {
            *self
        }
    }

    /// The family this architecture belongs to, named by its family number: 10 for
    /// sm_100/103/107, 11 for sm_110 (and its old name sm_101), 12 for sm_120/121.
    /// Architectures before sm_100 have no family (there is no `sm_90f`).
    pub const fn family(&self) -> Option<u16> {
        match self.canonical().sm {
            100 | 103 | 107 => Some(10),
            110 => Some(11),
            120 | 121 => Some(12),
            _ => None,
        }
    }

    /// Whether PTX compiled for `self` runs on a GPU of compute capability `gpu_sm`
    /// (e.g. 103 for CC 10.3): base targets run on every later GPU; `f` targets on later GPUs
    /// of the same family; `a` targets only on that exact GPU.
    ///
    /// ```
    /// use ptxkit_isa::target;
    /// let f = target("sm_100f").unwrap();
    /// assert!(f.runs_on(100) && f.runs_on(103) && f.runs_on(107));
    /// assert!(!f.runs_on(120));
    /// assert!(!target("sm_100a").unwrap().runs_on(103));
    /// assert!(target("sm_80").unwrap().runs_on(120));
    /// ```
    pub fn runs_on(&self, gpu_sm: u16) -> bool {
        let gpu = Target::sm(gpu_sm).canonical();
        let me = self.canonical();
        match me.variant {
            Variant::Base => gpu.sm >= me.sm,
            Variant::Arch => gpu.sm == me.sm,
            Variant::Family => me.family().is_some() && gpu.family() == me.family() && gpu.sm >= me.sm,
        }
    }

    /// Whether a feature offered for `offered` (an `a` target: exactly that architecture;
    /// an `f` target: that architecture and later members of its family, `f` or `a`) is
    /// usable when compiling for `self`. Base targets never have such features.
    ///
    /// ```
    /// use ptxkit_isa::target;
    /// let t = |s| target(s).unwrap();
    /// assert!(t("sm_103a").has_features_of(t("sm_100f")));
    /// assert!(t("sm_103f").has_features_of(t("sm_100f")));
    /// assert!(!t("sm_103").has_features_of(t("sm_100f")));
    /// assert!(!t("sm_120f").has_features_of(t("sm_100f")));
    /// assert!(!t("sm_103a").has_features_of(t("sm_100a")));
    /// assert!(t("sm_110a").has_features_of(t("sm_101a")));
    /// ```
    pub fn has_features_of(&self, offered: Target) -> bool {
        let me = self.canonical();
        let offered = offered.canonical();
        match offered.variant {
            Variant::Base => me.sm >= offered.sm,
            Variant::Arch => me.variant == Variant::Arch && me.sm == offered.sm,
            Variant::Family => {
                me.variant != Variant::Base
                    && offered.family().is_some()
                    && me.family() == offered.family()
                    && me.sm >= offered.sm
            }
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sm_{}{}", self.sm, self.variant.suffix())
    }
}

/// Why a `.target` entry could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    /// Not of the form `sm_N`, `sm_Na`, `sm_Nf` or `compute_N…`, nor a `.target` option.
    #[error("'{0}' is not a PTX target name")]
    Syntax(String),
    /// Well formed, but no PTX version has it (ptxas: `Unsupported .target 'sm_99'`).
    #[error("unknown target '{target}'{}", closest.map(|c| format!(" (closest known: {c})")).unwrap_or_default())]
    Unknown {
        /// The target as parsed.
        target: Target,
        /// The nearest known target, as a suggestion.
        closest: Option<Target>,
    },
}

impl FromStr for Target {
    type Err = TargetError;

    /// Parses the syntax only (`sm_99` parses); use [`target`] to also require a known one.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let text = s.trim();
        let rest = text
            .strip_prefix("sm_")
            .or_else(|| text.strip_prefix("compute_"))
            .ok_or_else(|| TargetError::Syntax(s.to_string()))?;
        let (digits, variant) = match rest.as_bytes().last() {
            Some(b'a') => (&rest[..rest.len() - 1], Variant::Arch),
            Some(b'f') => (&rest[..rest.len() - 1], Variant::Family),
            _ => (rest, Variant::Base),
        };
        if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(TargetError::Syntax(s.to_string()));
        }
        let sm = digits.parse().map_err(|_| TargetError::Syntax(s.to_string()))?;
        Ok(Target::new(sm, variant))
    }
}

/// Parses a known target name (`sm_90a`, `compute_80`, …).
///
/// ```
/// use ptxkit_isa::{target, TargetError};
/// assert_eq!(target("sm_90a").unwrap().to_string(), "sm_90a");
/// match target("sm_91") {
///     Err(TargetError::Unknown { closest, .. }) => assert_eq!(closest.unwrap().to_string(), "sm_90"),
///     other => panic!("{other:?}"),
/// }
/// assert!(matches!(target("gfx90a"), Err(TargetError::Syntax(_))));
/// ```
pub fn target(text: &str) -> Result<Target, TargetError> {
    let parsed: Target = text.parse()?;
    if parsed.is_known() {
        Ok(parsed)
    } else {
        let closest = TARGETS.iter().map(|info| info.target).min_by_key(|t| {
            (
                (t.sm as i32 - parsed.sm as i32).abs(),
                t.variant != parsed.variant,
                t.sm,
            )
        });
        Err(TargetError::Unknown {
            target: parsed,
            closest,
        })
    }
}

/// One known target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetInfo {
    /// The target.
    pub target: Target,
    /// The first PTX version whose `.target` accepts it.
    pub min_ptx: Version,
    /// The first CUDA release that supports it (from the release history).
    pub first_cuda: &'static str,
    /// Set for `sm_101*`: renamed to this target from this PTX version on.
    pub renamed_to: Option<(Target, Version)>,
    /// Where the facts come from (source keys in the module documentation).
    pub source: &'static str,
}

const fn t(
    sm: u16,
    variant: Variant,
    major: u8,
    minor: u8,
    first_cuda: &'static str,
    source: &'static str,
) -> TargetInfo {
    TargetInfo {
        target: Target::new(sm, variant),
        min_ptx: Version::new(major, minor),
        first_cuda,
        renamed_to: None,
        source,
    }
}

const fn renamed(info: TargetInfo, to_sm: u16) -> TargetInfo {
    TargetInfo {
        renamed_to: Some((Target::new(to_sm, info.target.variant), Version::new(9, 0))),
        ..info
    }
}

use Variant::{Arch as A, Base as B, Family as F};

/// Every known target, ordered by [`Target`]'s order.
pub const TARGETS: &[TargetInfo] = &[
    t(10, B, 1, 0, "1.0", "TGT L149; ptxas"),
    t(11, B, 1, 0, "1.0", "TGT L149; ptxas"),
    t(12, B, 1, 2, "2.0", "TGT L151; ptxas"),
    t(13, B, 1, 2, "2.0", "TGT L151; ptxas"),
    t(20, B, 2, 0, "3.0", "TGT L155; ptxas"),
    t(
        21,
        B,
        2,
        0,
        "3.0",
        "ptxas only: not in the manual's .target list, but all three ptxas accept it from 2.0",
    ),
    t(30, B, 3, 0, "4.2", "TGT L157; ptxas"),
    t(32, B, 4, 0, "6.0", "TGT L163; ptxas"),
    t(35, B, 3, 1, "5.0", "TGT L161; ptxas"),
    t(37, B, 4, 1, "6.5", "TGT L165; ptxas"),
    t(50, B, 4, 0, "6.0", "TGT L163; ptxas"),
    t(52, B, 4, 1, "6.5", "TGT L165; ptxas"),
    t(53, B, 4, 2, "7.0", "TGT L167; ptxas"),
    t(60, B, 5, 0, "8.0", "TGT L169; ptxas"),
    t(61, B, 5, 0, "8.0", "TGT L169; ptxas"),
    t(62, B, 5, 0, "8.0", "TGT L169; ptxas"),
    t(70, B, 6, 0, "9.0", "TGT L171; ptxas"),
    t(72, B, 6, 1, "9.1", "TGT L173; ptxas"),
    t(75, B, 6, 3, "10.0", "TGT L175; ptxas"),
    t(80, B, 7, 0, "11.0", "TGT L177; ptxas"),
    t(86, B, 7, 1, "11.1", "TGT L179; ptxas"),
    t(87, B, 7, 4, "11.4", "TGT L181; ptxas"),
    t(88, B, 9, 0, "13.0", "TGT L183; ptxas 13.5"),
    t(89, B, 7, 8, "11.8", "TGT L185; ptxas"),
    t(90, B, 7, 8, "11.8", "TGT L187; ptxas"),
    t(
        90,
        A,
        8,
        0,
        "12.0",
        "TGT L189; ptxas 12.9/13.5 (11.8 also takes it at 7.8: known quirk)",
    ),
    t(100, B, 8, 6, "12.7", "TGT L191; ptxas"),
    t(100, F, 8, 8, "12.9", "TGT L193; ptxas"),
    t(100, A, 8, 6, "12.7", "TGT L195; ptxas"),
    renamed(
        t(
            101,
            B,
            8,
            6,
            "12.7",
            "TGT L197, L143 (renamed sm_110 in 9.0); ptxas 13.5 still accepts it at 9.x",
        ),
        110,
    ),
    renamed(t(101, F, 8, 8, "12.9", "TGT L199, L143; ptxas"), 110),
    renamed(t(101, A, 8, 6, "12.7", "TGT L201, L143; ptxas"), 110),
    t(103, B, 8, 8, "12.9", "TGT L203; ptxas"),
    t(103, F, 8, 8, "12.9", "TGT L205; ptxas"),
    t(103, A, 8, 8, "12.9", "TGT L207; ptxas"),
    t(107, B, 9, 4, "13.4", "RH 9.4 row; LLVM; ptxas 13.5"),
    t(107, F, 9, 4, "13.4", "RH 9.4 row; LLVM; ptxas 13.5"),
    t(107, A, 9, 4, "13.4", "RH 9.4 row; LLVM; ptxas 13.5"),
    t(110, B, 9, 0, "13.0", "TGT L209; ptxas 13.5"),
    t(110, F, 9, 0, "13.0", "TGT L211; ptxas 13.5"),
    t(110, A, 9, 0, "13.0", "TGT L213; ptxas 13.5"),
    t(120, B, 8, 7, "12.8", "TGT L215; ptxas"),
    t(120, F, 8, 8, "12.9", "TGT L217; ptxas"),
    t(120, A, 8, 7, "12.8", "TGT L219; ptxas"),
    t(121, B, 8, 8, "12.9", "TGT L221; ptxas"),
    t(121, F, 8, 8, "12.9", "TGT L223; ptxas"),
    t(121, A, 8, 8, "12.9", "TGT L225; ptxas"),
];

/// Every known target, oldest first.
pub fn known_targets() -> impl Iterator<Item = Target> {
    TARGETS.iter().map(|info| info.target)
}

/// The newest base (onion) target that `.version v` accepts: what to fall back to when moving
/// a file to an older version (`sm_100a` at 7.8 → `sm_90`). Renamed names (`sm_101`) and
/// `sm_21` (a ptxas-only name) are never chosen.
///
/// ```
/// use ptxkit_isa::{newest_base_target, Version};
/// assert_eq!(newest_base_target(Version::new(7, 8)).unwrap().to_string(), "sm_90");
/// assert_eq!(newest_base_target(Version::new(6, 4)).unwrap().to_string(), "sm_75");
/// ```
pub fn newest_base_target(v: Version) -> Option<Target> {
    TARGETS
        .iter()
        .filter(|info| {
            info.target.variant == Variant::Base
                && info.renamed_to.is_none()
                && info.target.sm != 21
                && info.min_ptx <= v
        })
        .map(|info| info.target)
        .max()
}

/// A non-architecture entry of `.target`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TargetOption {
    /// `texmode_unified` (the default texturing mode).
    TexmodeUnified,
    /// `texmode_independent`.
    TexmodeIndependent,
    /// `debug`: the module carries DWARF.
    Debug,
    /// `map_f64_to_f32`: run `.f64` as `.f32` (only for sm_10/11/12).
    MapF64ToF32,
}

impl TargetOption {
    /// All options.
    pub const ALL: [TargetOption; 4] = [
        TargetOption::TexmodeUnified,
        TargetOption::TexmodeIndependent,
        TargetOption::Debug,
        TargetOption::MapF64ToF32,
    ];

    /// The spelling in `.target`.
    pub const fn name(self) -> &'static str {
        match self {
            TargetOption::TexmodeUnified => "texmode_unified",
            TargetOption::TexmodeIndependent => "texmode_independent",
            TargetOption::Debug => "debug",
            TargetOption::MapF64ToF32 => "map_f64_to_f32",
        }
    }

    /// The first PTX version ptxas accepts it in.
    ///
    /// Sources: TGT L153 (texmodes: 1.5), L159 (`debug`: 3.0), L149 (`map_f64_to_f32`: 1.0).
    /// ptxas accepts `texmode_unified` from 1.0 (it is the default mode) and answers
    /// `Feature 'texmode_independent' requires PTX ISA .version 1.5 or later` /
    /// `Feature 'debug' requires PTX ISA .version 3.0 or later`.
    pub const fn min_ptx(self) -> Version {
        match self {
            TargetOption::TexmodeUnified | TargetOption::MapF64ToF32 => Version::new(1, 0),
            TargetOption::TexmodeIndependent => Version::new(1, 5),
            TargetOption::Debug => Version::new(3, 0),
        }
    }
}

/// One comma-separated entry of a `.target` directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TargetEntry {
    /// An architecture (`sm_90a`, `compute_80`).
    Arch(Target),
    /// An option (`texmode_independent`, `debug`, `map_f64_to_f32`).
    Option(TargetOption),
}

/// Parses one `.target` entry; architectures must be known (see [`target`]).
///
/// ```
/// use ptxkit_isa::{target_entry, TargetEntry, TargetOption};
/// assert_eq!(target_entry("debug"), Ok(TargetEntry::Option(TargetOption::Debug)));
/// assert!(matches!(target_entry("sm_80"), Ok(TargetEntry::Arch(_))));
/// ```
pub fn target_entry(text: &str) -> Result<TargetEntry, TargetError> {
    let text = text.trim();
    if let Some(option) = TargetOption::ALL.into_iter().find(|o| o.name() == text) {
        return Ok(TargetEntry::Option(option));
    }
    target(text).map(TargetEntry::Arch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_unique() {
        assert!(
            TARGETS.windows(2).all(|w| w[0].target < w[1].target),
            "TARGETS must be sorted"
        );
        for info in TARGETS {
            assert!(info.min_ptx.is_known(), "{} has unknown min version", info.target);
        }
    }

    #[test]
    fn parsing() {
        assert_eq!("sm_100f".parse::<Target>(), Ok(Target::new(100, Variant::Family)));
        assert_eq!("compute_90a".parse::<Target>(), Ok(Target::new(90, Variant::Arch)));
        for bad in ["sm_", "sm_a", "sm90", "sm_9x", "sm_90b", "sm_-1", ""] {
            assert!(bad.parse::<Target>().is_err(), "{bad:?} parsed");
        }
        assert!(target("sm_90f").is_err());
        assert!(target("sm_99").is_err());
        assert!(target("sm_21").is_ok());
    }

    #[test]
    fn ordering_and_families() {
        let t = |s: &str| target(s).unwrap();
        assert!(t("sm_100") < t("sm_100f") && t("sm_100f") < t("sm_100a") && t("sm_100a") < t("sm_103"));
        assert_eq!(t("sm_101a").canonical(), t("sm_110a"));
        assert_eq!(t("sm_101").family(), Some(11));
        assert_eq!(t("sm_107f").family(), Some(10));
        assert_eq!(t("sm_90a").family(), None);
        assert!(t("sm_121a").has_features_of(t("sm_120f")));
        assert!(!t("sm_120a").has_features_of(t("sm_121f")));
        assert!(!t("sm_90").has_features_of(t("sm_90a")));
        assert!(t("sm_90").has_features_of(t("sm_80")));
        assert_eq!(newest_base_target(Version::new(9, 5)), Some(t("sm_121")));
        assert_eq!(newest_base_target(Version::new(1, 0)), Some(t("sm_11")));
        assert_eq!(newest_base_target(Version::new(8, 6)), Some(t("sm_100")));
    }
}
