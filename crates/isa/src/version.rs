//! PTX ISA versions: parsing, ordering and the CUDA release that introduced each (the
//! release table itself is [`crate::toolkit`]).
//!
//! Source keys used in the table:
//! - `RH`: PTX ISA manual, Release Notes, table "PTX Release History" (9.4 edition),
//!   <https://docs.nvidia.com/cuda/parallel-thread-execution/#release-notes-ptx-release-history>.
//! - `CP`: NVIDIA cuda-python `cuda/bindings/utils/_ptx_utils.py`, dict `_ptx_to_cuda`.
//! - `ptxas`: observed with ptxas 11.8 / 12.9 / 13.5, which accept `.version` up to
//!   7.8 / 8.8 / 9.5 and answer `Unsupported .version X; current version is 'Y'` above that
//!   (re-checked by `cargo xtask isa-probes`).

use std::fmt;
use std::str::FromStr;

/// A PTX ISA version, as written in `.version major.minor`.
///
/// Ordered by `(major, minor)`.
///
/// ```
/// use ptxkit_isa::Version;
/// let v: Version = "7.8".parse().unwrap();
/// assert_eq!(v, Version::new(7, 8));
/// assert!(v < Version::new(8, 0));
/// assert_eq!(v.to_string(), "7.8");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    /// The major number (before the dot).
    pub major: u8,
    /// The minor number (after the dot).
    pub minor: u8,
}

impl Version {
    /// Makes a version from its two numbers.
    pub const fn new(major: u8, minor: u8) -> Self {
        Version { major, minor }
    }

    /// The table entry for this version, if it is a documented PTX ISA version.
    pub fn info(self) -> Option<&'static VersionInfo> {
        VERSIONS.iter().find(|info| info.version == self)
    }

    /// Whether this is a documented PTX ISA version (1.0 … 9.5).
    pub fn is_known(self) -> bool {
        self.info().is_some()
    }

    /// The first CUDA release whose ptxas assembles this version and whose driver
    /// JIT-compiles it, e.g. CUDA 12.0 for 8.0 ([`crate::toolkit::RELEASES`]).
    pub fn cuda_release(self) -> Option<crate::toolkit::Toolkit> {
        crate::toolkit::first_release_of(self).map(|r| r.toolkit)
    }

    /// The documented version just before this one (`None` for 1.0 and unknown versions
    /// below 1.0). Works for unknown versions too: the newest known version below `self`.
    pub fn previous(self) -> Option<Version> {
        VERSIONS.iter().rev().map(|info| info.version).find(|v| *v < self)
    }

    /// The documented version just after this one, if any.
    pub fn next(self) -> Option<Version> {
        VERSIONS.iter().map(|info| info.version).find(|v| *v > self)
    }

    /// Compact form used by ptxas-style numbering, e.g. 78 for 7.8.
    pub const fn as_number(self) -> u32 {
        self.major as u32 * 10 + self.minor as u32
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// Why a `.version` string could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a PTX version (expected MAJOR.MINOR, e.g. 7.8)")]
pub struct ParseVersionError {
    /// The text that failed to parse.
    pub text: String,
}

impl FromStr for Version {
    type Err = ParseVersionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseVersionError { text: s.to_string() };
        let (major, minor) = s.trim().split_once('.').ok_or_else(err)?;
        let digits = |part: &str| !part.is_empty() && part.len() <= 2 && part.bytes().all(|b| b.is_ascii_digit());
        if !digits(major) || !digits(minor) {
            return Err(err());
        }
        Ok(Version::new(
            major.parse().map_err(|_| err())?,
            minor.parse().map_err(|_| err())?,
        ))
    }
}

/// Parses a `.version` string such as `"8.0"`.
///
/// ```
/// let v = ptxkit_isa::version("8.0").unwrap();
/// assert_eq!(v.cuda_release().unwrap().to_string(), "CUDA 12.0");
/// assert!(ptxkit_isa::version("8").is_err());
/// ```
pub fn version(text: &str) -> Result<Version, ParseVersionError> {
    text.parse()
}

/// One documented PTX ISA version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VersionInfo {
    /// The version.
    pub version: Version,
    /// Where the fact comes from (source keys in the module documentation).
    pub source: &'static str,
}

/// The newest documented PTX ISA version.
pub const LATEST: Version = Version::new(9, 5);

const fn info(major: u8, minor: u8, source: &'static str) -> VersionInfo {
    VersionInfo {
        version: Version::new(major, minor),
        source,
    }
}

/// Every documented PTX ISA version, oldest first (the CUDA release and driver of each are
/// in [`crate::toolkit::RELEASES`]).
pub const VERSIONS: &[VersionInfo] = &[
    info(1, 0, "RH"),
    info(1, 1, "RH"),
    info(1, 2, "RH"),
    info(1, 3, "RH"),
    info(1, 4, "RH"),
    info(1, 5, "RH (listed with driver r190 and no CUDA release)"),
    info(2, 0, "RH"),
    info(2, 1, "RH"),
    info(2, 2, "RH"),
    info(2, 3, "RH"),
    info(3, 0, "RH"),
    info(3, 1, "RH"),
    info(3, 2, "RH"),
    info(4, 0, "RH"),
    info(4, 1, "RH"),
    info(4, 2, "RH"),
    info(4, 3, "RH"),
    info(5, 0, "RH"),
    info(6, 0, "RH"),
    info(6, 1, "RH"),
    info(6, 2, "RH"),
    info(6, 3, "RH"),
    info(6, 4, "RH"),
    info(6, 5, "RH"),
    info(7, 0, "RH"),
    info(7, 1, "RH"),
    info(7, 2, "RH"),
    info(7, 3, "RH"),
    info(7, 4, "RH"),
    info(7, 5, "RH"),
    info(7, 6, "RH"),
    info(7, 7, "RH"),
    info(7, 8, "RH"),
    info(8, 0, "RH"),
    info(8, 1, "RH"),
    info(8, 2, "RH"),
    info(8, 3, "RH"),
    info(8, 4, "RH"),
    info(8, 5, "RH"),
    info(8, 6, "RH"),
    info(8, 7, "RH"),
    info(8, 8, "RH"),
    info(9, 0, "RH"),
    info(9, 1, "RH"),
    info(9, 2, "RH"),
    info(9, 3, "RH"),
    info(9, 4, "RH"),
    info(
        9,
        5,
        "ptxas 13.5 (V13.5.37) accepts up to 9.5 and names it its current version",
    ),
];

/// Versions that no manual documents but ptxas accepts anyway (11.8, 12.9 and 13.5 all
/// take `.version 5.1` and treat it like 5.0). A linter may flag them; ptxas will not.
pub const PTXAS_UNDOCUMENTED_VERSIONS: &[Version] = &[Version::new(5, 1)];

/// The newest PTX version that a toolchain with 32-bit compilation assembles: CUDA 11.8.
/// CUDA 12.0 removed 32-bit compilation (ptxas 12.9: "32-Bit compilation is no longer
/// supported"), and PTX 8.0 needs CUDA 12.0.
pub const LAST_32BIT_VERSION: Version = Version::new(7, 8);

/// Every documented version, oldest first.
pub fn known_versions() -> impl Iterator<Item = Version> {
    VERSIONS.iter().map(|info| info.version)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_sorted_and_complete() {
        assert!(VERSIONS.windows(2).all(|w| w[0].version < w[1].version));
        assert_eq!(VERSIONS.first().unwrap().version, Version::new(1, 0));
        assert_eq!(VERSIONS.last().unwrap().version, LATEST);
        assert_eq!(VERSIONS.len(), 48);
    }

    #[test]
    fn parse_and_display() {
        assert_eq!(version("9.5"), Ok(Version::new(9, 5)));
        assert_eq!(version(" 10.0 "), Ok(Version::new(10, 0)));
        for bad in ["", "7", "7.", ".8", "7.8.1", "a.b", "-1.0", "7,8", "123.0"] {
            assert!(version(bad).is_err(), "{bad:?} parsed");
        }
        assert_eq!(Version::new(6, 4).to_string(), "6.4");
    }

    #[test]
    fn neighbours_and_releases() {
        assert_eq!(Version::new(8, 0).previous(), Some(Version::new(7, 8)));
        assert_eq!(Version::new(6, 0).previous(), Some(Version::new(5, 0)));
        assert_eq!(Version::new(5, 1).previous(), Some(Version::new(5, 0)));
        assert_eq!(Version::new(1, 0).previous(), None);
        assert_eq!(Version::new(5, 0).next(), Some(Version::new(6, 0)));
        assert_eq!(LATEST.next(), None);
        assert_eq!(
            Version::new(8, 0).cuda_release(),
            Some(crate::toolkit::Toolkit::new(12, 0))
        );
        assert_eq!(Version::new(5, 1).cuda_release(), None);
        assert!(!Version::new(5, 1).is_known());
    }
}
