//! PTX ISA versions: parsing, ordering and the CUDA release that introduced each.
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

    /// The CUDA release whose driver first loads this version, e.g. `"12.0"` for 8.0.
    pub fn cuda_release(self) -> Option<&'static str> {
        self.info().map(|info| info.cuda)
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
/// assert_eq!(v.cuda_release(), Some("12.0"));
/// assert!(ptxkit_isa::version("8").is_err());
/// ```
pub fn version(text: &str) -> Result<Version, ParseVersionError> {
    text.parse()
}

/// One documented PTX ISA version and the CUDA release that introduced it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VersionInfo {
    /// The version.
    pub version: Version,
    /// The first CUDA release whose driver loads this version ("PTX 8.0 needs a CUDA 12.0
    /// driver or newer").
    pub cuda: &'static str,
    /// The minimum driver branch, when the release notes give one (e.g. `"r525"`).
    pub driver: &'static str,
    /// Where the fact comes from (source keys in the module documentation).
    pub source: &'static str,
}

/// The newest documented PTX ISA version.
pub const LATEST: Version = Version::new(9, 5);

const fn info(major: u8, minor: u8, cuda: &'static str, driver: &'static str, source: &'static str) -> VersionInfo {
    VersionInfo {
        version: Version::new(major, minor),
        cuda,
        driver,
        source,
    }
}

/// Every documented PTX ISA version, oldest first.
pub const VERSIONS: &[VersionInfo] = &[
    info(1, 0, "1.0", "", "RH"),
    info(1, 1, "1.1", "", "RH"),
    info(1, 2, "2.0", "", "RH"),
    info(1, 3, "2.1", "", "RH"),
    info(1, 4, "2.2", "", "RH"),
    info(
        1,
        5,
        "2.3",
        "r190",
        "RH gives driver r190 only; CUDA 2.3 shipped r190 [CUDA number inferred]",
    ),
    info(2, 0, "3.0", "r195", "RH"),
    info(2, 1, "3.1", "r256", "RH"),
    info(2, 2, "3.2", "r260", "RH"),
    info(2, 3, "4.0", "r270", "RH"),
    info(3, 0, "4.1", "r285", "RH (also CUDA 4.2 r295, which added sm_30)"),
    info(3, 1, "5.0", "r302", "RH"),
    info(3, 2, "5.5", "r319", "RH"),
    info(4, 0, "6.0", "r331", "RH"),
    info(4, 1, "6.5", "r340", "RH"),
    info(4, 2, "7.0", "r346", "RH"),
    info(4, 3, "7.5", "r352", "RH"),
    info(5, 0, "8.0", "r361", "RH"),
    info(6, 0, "9.0", "r384", "RH"),
    info(6, 1, "9.1", "r387", "RH"),
    info(6, 2, "9.2", "r396", "RH"),
    info(6, 3, "10.0", "r400", "RH"),
    info(6, 4, "10.1", "r418", "RH"),
    info(6, 5, "10.2", "r440", "RH"),
    info(7, 0, "11.0", "r445", "RH"),
    info(7, 1, "11.1", "r455", "RH"),
    info(7, 2, "11.2", "r460", "RH"),
    info(7, 3, "11.3", "r465", "RH"),
    info(7, 4, "11.4", "r470", "RH"),
    info(7, 5, "11.5", "r495", "RH"),
    info(7, 6, "11.6", "r510", "RH"),
    info(7, 7, "11.7", "r515", "RH"),
    info(7, 8, "11.8", "r520", "RH; ptxas 11.8 accepts up to 7.8"),
    info(8, 0, "12.0", "r525", "RH"),
    info(8, 1, "12.1", "r530", "RH"),
    info(8, 2, "12.2", "r535", "RH"),
    info(8, 3, "12.3", "r545", "RH"),
    info(8, 4, "12.4", "r550", "RH"),
    info(8, 5, "12.5", "r555", "RH (also CUDA 12.6 r560); CP"),
    info(8, 6, "12.7", "r565", "RH; CP"),
    info(8, 7, "12.8", "r570", "RH"),
    info(8, 8, "12.9", "r575", "RH; ptxas 12.9 accepts up to 8.8"),
    info(9, 0, "13.0", "r580", "RH"),
    info(9, 1, "13.1", "r590", "RH"),
    info(9, 2, "13.2", "r595", "RH"),
    info(9, 3, "13.3", "r610", "RH"),
    info(9, 4, "13.4", "r615", "RH"),
    info(
        9,
        5,
        "13.5",
        "",
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
        assert_eq!(Version::new(8, 0).cuda_release(), Some("12.0"));
        assert_eq!(Version::new(5, 1).cuda_release(), None);
        assert!(!Version::new(5, 1).is_known());
    }
}
