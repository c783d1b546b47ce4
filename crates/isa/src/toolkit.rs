//! CUDA toolkits and drivers: which PTX ISA version each CUDA release's ptxas assembles and
//! its driver JIT-compiles, the driver branch each release ships, and what a module needs of
//! both ([`compatibility`]).
//!
//! The facts are the PTX ISA manual's "PTX Release History" table (Release Notes, Table 71
//! of the 9.4 edition, `RH` in [`crate::version`]), where each PTX ISA version is listed with
//! the CUDA release and driver branch that introduced it — the release whose ptxas is the
//! first to accept `.version X.Y`, and whose driver is the first that can JIT-compile it.
//! PTX is forward-compatible only: a driver older than the PTX's ISA version refuses it
//! ("the provided PTX was compiled with an unsupported toolchain",
//! `CUDA_ERROR_UNSUPPORTED_PTX_VERSION`), and CUDA's minor-version compatibility, which lets
//! an application built with a newer 12.x toolkit run on an older 12.x driver, does not
//! extend to PTX that must be JIT-compiled.
//!
//! ```
//! use ptxkit_isa::toolkit::{Driver, Toolkit, compatibility, newest_ptx_of_driver, newest_ptx_of_toolkit};
//! use ptxkit_isa::{target, version};
//! let c = compatibility(version("8.1").unwrap(), target("sm_90a").ok(), false);
//! assert_eq!(c.toolkit.unwrap().to_string(), "CUDA 12.1");
//! assert_eq!(c.driver.unwrap().to_string(), "R530");
//! assert_eq!(newest_ptx_of_toolkit("cuda-11.8".parse().unwrap()), Some(version("7.8").unwrap()));
//! assert_eq!(newest_ptx_of_driver("driver-520".parse().unwrap()), Some(version("7.8").unwrap()));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::target::Target;
use crate::version::{LAST_32BIT_VERSION, Version};

/// A CUDA toolkit release, e.g. CUDA 12.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Toolkit {
    /// The major number (12 for CUDA 12.1).
    pub major: u8,
    /// The minor number (1 for CUDA 12.1).
    pub minor: u8,
}

impl Toolkit {
    /// Makes a release number.
    pub const fn new(major: u8, minor: u8) -> Self {
        Toolkit { major, minor }
    }
}

impl fmt::Display for Toolkit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CUDA {}.{}", self.major, self.minor)
    }
}

/// A driver branch, e.g. R530 (drivers 530.xx).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Driver {
    /// The branch number: the driver version's first component (530 for 530.30.02).
    pub branch: u16,
}

impl fmt::Display for Driver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "R{}", self.branch)
    }
}

/// Why a toolkit or driver could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseReleaseError {
    /// Not a CUDA release number.
    #[error("'{0}' is not a CUDA toolkit (expected cuda-MAJOR.MINOR, e.g. cuda-11.8)")]
    Toolkit(String),
    /// Not a driver branch.
    #[error("'{0}' is not a driver (expected driver-BRANCH, e.g. driver-520, or a version such as 520.61.05)")]
    Driver(String),
}

fn number<T: FromStr>(text: &str) -> Option<T> {
    (!text.is_empty() && text.len() <= 3 && text.bytes().all(|b| b.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// `text` without a case-insensitive `prefix` and the separator after it (`-`, `_`, a space
/// or nothing).
fn strip_word<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    if !head.eq_ignore_ascii_case(prefix) {
        return None;
    }
    let rest = &text[prefix.len()..];
    Some(rest.strip_prefix(['-', '_', ' ']).unwrap_or(rest))
}

impl FromStr for Toolkit {
    type Err = ParseReleaseError;

    /// Reads `cuda-11.8`, `CUDA 11.8`, `cuda11.8` or `11.8`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseReleaseError::Toolkit(s.to_string());
        let text = s.trim();
        let text = strip_word(text, "cuda").unwrap_or(text);
        let (major, minor) = text.split_once('.').ok_or_else(err)?;
        Ok(Toolkit::new(
            number(major).ok_or_else(err)?,
            number(minor).ok_or_else(err)?,
        ))
    }
}

impl FromStr for Driver {
    type Err = ParseReleaseError;

    /// Reads `driver-520`, `R520`, `r520`, `520` or a full driver version (`520.61.05`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseReleaseError::Driver(s.to_string());
        let text = s.trim();
        let text = strip_word(text, "driver").unwrap_or(text);
        let text = strip_word(text, "r").unwrap_or(text);
        let branch = text.split('.').next().unwrap_or_default();
        let branch: u16 = number(branch).ok_or_else(err)?;
        if branch < 100 {
            return Err(err());
        }
        Ok(Driver { branch })
    }
}

/// One CUDA release: the newest PTX ISA version its ptxas and driver take, and its driver
/// branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Release {
    /// The toolkit.
    pub toolkit: Toolkit,
    /// The newest `.version` its ptxas assembles and its driver JIT-compiles.
    pub ptx: Version,
    /// Its driver branch, when the release history names one.
    pub driver: Option<Driver>,
    /// Where the row comes from (source keys in [`crate::version`]).
    pub source: &'static str,
}

const fn row(major: u8, minor: u8, ptx: (u8, u8), driver: u16, source: &'static str) -> Release {
    Release {
        toolkit: Toolkit::new(major, minor),
        ptx: Version::new(ptx.0, ptx.1),
        driver: if driver == 0 {
            None
        } else {
            Some(Driver { branch: driver })
        },
        source,
    }
}

/// Every CUDA release the release history lists, oldest first: the table PTX ISA ↔ CUDA
/// toolkit ↔ driver. A PTX version's first release is the first row whose `ptx` reaches it;
/// two releases share PTX 3.0 (4.1 and 4.2, which added sm_30) and PTX 8.5 (12.5, 12.6).
pub const RELEASES: &[Release] = &[
    row(1, 0, (1, 0), 0, "RH (no driver branch given)"),
    row(1, 1, (1, 1), 0, "RH (no driver branch given)"),
    row(2, 0, (1, 2), 0, "RH (no driver branch given)"),
    row(2, 1, (1, 3), 0, "RH (no driver branch given)"),
    row(2, 2, (1, 4), 0, "RH (no driver branch given)"),
    row(
        2,
        3,
        (1, 5),
        190,
        "RH gives driver r190 only; CUDA 2.3 shipped r190 [CUDA number inferred]",
    ),
    row(3, 0, (2, 0), 195, "RH"),
    row(3, 1, (2, 1), 256, "RH"),
    row(3, 2, (2, 2), 260, "RH"),
    row(4, 0, (2, 3), 270, "RH"),
    row(4, 1, (3, 0), 285, "RH"),
    row(4, 2, (3, 0), 295, "RH (the release that added sm_30)"),
    row(5, 0, (3, 1), 302, "RH"),
    row(5, 5, (3, 2), 319, "RH"),
    row(6, 0, (4, 0), 331, "RH"),
    row(6, 5, (4, 1), 340, "RH"),
    row(7, 0, (4, 2), 346, "RH"),
    row(7, 5, (4, 3), 352, "RH"),
    row(8, 0, (5, 0), 361, "RH"),
    row(9, 0, (6, 0), 384, "RH"),
    row(9, 1, (6, 1), 387, "RH"),
    row(9, 2, (6, 2), 396, "RH"),
    row(10, 0, (6, 3), 400, "RH"),
    row(10, 1, (6, 4), 418, "RH"),
    row(10, 2, (6, 5), 440, "RH"),
    row(11, 0, (7, 0), 445, "RH"),
    row(11, 1, (7, 1), 455, "RH"),
    row(11, 2, (7, 2), 460, "RH"),
    row(11, 3, (7, 3), 465, "RH"),
    row(11, 4, (7, 4), 470, "RH"),
    row(11, 5, (7, 5), 495, "RH"),
    row(11, 6, (7, 6), 510, "RH"),
    row(11, 7, (7, 7), 515, "RH"),
    row(11, 8, (7, 8), 520, "RH; ptxas 11.8 accepts up to 7.8"),
    row(12, 0, (8, 0), 525, "RH"),
    row(12, 1, (8, 1), 530, "RH"),
    row(12, 2, (8, 2), 535, "RH"),
    row(12, 3, (8, 3), 545, "RH"),
    row(12, 4, (8, 4), 550, "RH"),
    row(12, 5, (8, 5), 555, "RH; CP"),
    row(12, 6, (8, 5), 560, "RH"),
    row(
        12,
        7,
        (8, 6),
        565,
        "RH; CP [unsure whether a public 12.7 toolkit shipped: 12.8 is the next download]",
    ),
    row(12, 8, (8, 7), 570, "RH"),
    row(12, 9, (8, 8), 575, "RH; ptxas 12.9 accepts up to 8.8"),
    row(13, 0, (9, 0), 580, "RH"),
    row(13, 1, (9, 1), 590, "RH"),
    row(13, 2, (9, 2), 595, "RH"),
    row(13, 3, (9, 3), 610, "RH"),
    row(13, 4, (9, 4), 615, "RH"),
    row(
        13,
        5,
        (9, 5),
        0,
        "ptxas 13.5 (V13.5.37) accepts up to 9.5 and names it its current version; no release history names its driver yet",
    ),
];

/// The row of `toolkit`, if the release history lists it.
pub fn release(toolkit: Toolkit) -> Option<&'static Release> {
    RELEASES.iter().find(|r| r.toolkit == toolkit)
}

/// The first release whose ptxas assembles `.version v` (and whose driver JIT-compiles it).
pub fn first_release_of(v: Version) -> Option<&'static Release> {
    RELEASES.iter().find(|r| r.ptx >= v).filter(|_| v.is_known())
}

/// The newest `.version` the ptxas of `toolkit` assembles: its row's, or for a release the
/// table does not list (`cuda-12.10`), the newest of the listed releases before it. `None`
/// before CUDA 1.0 or past the newest release listed (nothing is known of it).
pub fn newest_ptx_of_toolkit(toolkit: Toolkit) -> Option<Version> {
    if toolkit > RELEASES.last()?.toolkit {
        return None;
    }
    RELEASES.iter().rev().find(|r| r.toolkit <= toolkit).map(|r| r.ptx)
}

/// The newest `.version` a driver of branch `driver` JIT-compiles: that of the newest
/// release whose branch is not newer. `None` for a branch older than any the release history
/// names (R190).
pub fn newest_ptx_of_driver(driver: Driver) -> Option<Version> {
    RELEASES
        .iter()
        .rev()
        .find(|r| r.driver.is_some_and(|d| d <= driver))
        .map(|r| r.ptx)
}

/// What `ptxrewrite --to` names: a PTX ISA version, a CUDA toolkit or a driver branch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Destination {
    /// `--to 7.8`.
    Ptx(Version),
    /// `--to cuda-11.8`: the newest version its ptxas assembles.
    Toolkit(Toolkit),
    /// `--to driver-520`: the newest version it JIT-compiles.
    Driver(Driver),
}

/// Why a destination names no PTX version.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DestinationError {
    /// Not a version, toolkit or driver.
    #[error("'{0}' is not a PTX ISA version (e.g. 7.8), a CUDA toolkit (cuda-11.8) or a driver (driver-520)")]
    Unreadable(String),
    /// A version no manual documents.
    #[error("no such PTX ISA version (known: 1.0 to {latest})", latest = crate::version::LATEST)]
    UnknownVersion(Version),
    /// A toolkit the release history does not reach.
    #[error("{0} is not in the release history (CUDA 1.0 to {newest})", newest = RELEASES[RELEASES.len() - 1].toolkit)]
    UnknownToolkit(Toolkit),
    /// A driver older than every branch the release history names.
    #[error("driver {0} is older than every driver branch the release history names (R190 is the first)")]
    UnknownDriver(Driver),
}

impl Destination {
    /// Reads `7.8`, `cuda-11.8` (`CUDA 11.8`, `cuda11.8`) or `driver-520` (`r520`, `520`,
    /// `520.61.05`).
    pub fn parse(text: &str) -> Result<Destination, DestinationError> {
        let trimmed = text.trim();
        let lower = trimmed.to_ascii_lowercase();
        if lower.starts_with("cuda") {
            return trimmed
                .parse()
                .map(Destination::Toolkit)
                .map_err(|_| DestinationError::Unreadable(text.to_string()));
        }
        if lower.starts_with("driver") || lower.starts_with('r') {
            return trimmed
                .parse()
                .map(Destination::Driver)
                .map_err(|_| DestinationError::Unreadable(text.to_string()));
        }
        // A version, else a bare driver version or branch (`520.61.05`, `520`).
        crate::version::version(trimmed)
            .map(Destination::Ptx)
            .or_else(|_| trimmed.parse().map(Destination::Driver))
            .map_err(|_| DestinationError::Unreadable(text.to_string()))
    }

    /// The PTX ISA version it stands for.
    ///
    /// ```
    /// use ptxkit_isa::toolkit::Destination;
    /// let to = |t| Destination::parse(t).unwrap().version().unwrap().to_string();
    /// assert_eq!(to("cuda-11.8"), "7.8");
    /// assert_eq!(to("driver-520"), "7.8");
    /// assert_eq!(to("8.1"), "8.1");
    /// ```
    pub fn version(self) -> Result<Version, DestinationError> {
        match self {
            Destination::Ptx(v) if v.is_known() => Ok(v),
            Destination::Ptx(v) => Err(DestinationError::UnknownVersion(v)),
            Destination::Toolkit(t) => newest_ptx_of_toolkit(t).ok_or(DestinationError::UnknownToolkit(t)),
            Destination::Driver(d) => newest_ptx_of_driver(d).ok_or(DestinationError::UnknownDriver(d)),
        }
    }
}

/// The first release of the target's row (`sm_30`: CUDA 4.2), if it names a listed one.
fn first_release_of_target(target: Target) -> Option<&'static Release> {
    let toolkit: Toolkit = target.info()?.first_cuda.parse().ok()?;
    release(toolkit)
}

/// What a module needs of the CUDA toolchain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compatibility {
    /// The oldest toolkit whose ptxas assembles it (`None` when its version or target is
    /// in no release).
    pub toolkit: Option<Toolkit>,
    /// The newest toolkit whose ptxas assembles it, when a later one stopped: CUDA 11.8 for
    /// a module with 32-bit addresses (CUDA 12.0 removed 32-bit compilation).
    pub last_toolkit: Option<Toolkit>,
    /// The oldest driver branch that JIT-compiles it, when the release history names it.
    pub driver: Option<Driver>,
    /// The release whose driver that is (its branch may be unrecorded: CUDA 13.5).
    pub driver_release: Option<Toolkit>,
}

/// What a module written as `.version v`, `.target target` needs: the oldest toolkit whose
/// ptxas knows both (the later of the version's first release and the target's), the
/// oldest driver that JIT-compiles it (that release's branch), and, for a module that uses
/// 32-bit addresses (`uses_32bit_addresses`), the last toolkit with 32-bit compilation.
///
/// A ptxas assembles a module for an older `.target` than its own oldest `-arch` (ptxas
/// 13.5 takes `.target sm_35` with `-arch sm_75`), so old targets bound nothing from above.
pub fn compatibility(v: Version, target: Option<Target>, uses_32bit_addresses: bool) -> Compatibility {
    let by_version = first_release_of(v);
    let by_target = target.and_then(first_release_of_target);
    let first = match (by_version, by_target) {
        (Some(a), Some(b)) => Some(if b.toolkit > a.toolkit { b } else { a }),
        (Some(a), None) if target.is_none_or(|t| t.info().is_some()) => Some(a),
        _ => None,
    };
    let last_toolkit = uses_32bit_addresses
        .then(|| first_release_of(LAST_32BIT_VERSION))
        .flatten()
        .map(|r| r.toolkit);
    Compatibility {
        toolkit: first.map(|r| r.toolkit),
        last_toolkit,
        driver: first.and_then(|r| r.driver),
        driver_release: first.map(|r| r.toolkit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{target, version};

    fn v(text: &str) -> Version {
        version(text).unwrap()
    }

    #[test]
    fn the_table_is_ordered_and_covers_every_version() {
        assert!(
            RELEASES
                .windows(2)
                .all(|w| w[0].toolkit < w[1].toolkit && w[0].ptx <= w[1].ptx)
        );
        assert!(RELEASES.windows(2).all(|w| match (w[0].driver, w[1].driver) {
            (Some(a), Some(b)) => a < b,
            _ => true,
        }));
        for known in crate::version::known_versions() {
            let first = first_release_of(known).unwrap();
            assert_eq!(
                first.ptx, known,
                "{known}: every version has a release that introduced it"
            );
        }
        assert_eq!(RELEASES.last().unwrap().ptx, crate::version::LATEST);
        // Every target's first CUDA release is a row.
        for t in crate::target::known_targets() {
            assert!(
                first_release_of_target(t).is_some(),
                "{t}: {}",
                t.info().unwrap().first_cuda
            );
        }
    }

    #[test]
    fn the_release_notes_examples() {
        let c = compatibility(v("8.1"), target("sm_90").ok(), false);
        assert_eq!(
            (c.toolkit, c.driver),
            (Some(Toolkit::new(12, 1)), Some(Driver { branch: 530 }))
        );
        assert_eq!(c.last_toolkit, None);
        // PTX 3.0 came with CUDA 4.1, but sm_30 with 4.2.
        let c = compatibility(v("3.0"), target("sm_30").ok(), false);
        assert_eq!(
            (c.toolkit, c.driver),
            (Some(Toolkit::new(4, 2)), Some(Driver { branch: 295 }))
        );
        let c = compatibility(v("3.0"), target("sm_20").ok(), false);
        assert_eq!(c.toolkit, Some(Toolkit::new(4, 1)));
        // 32-bit code: CUDA 11.8 was the last.
        let c = compatibility(v("7.0"), target("sm_80").ok(), true);
        assert_eq!(
            (c.toolkit, c.last_toolkit),
            (Some(Toolkit::new(11, 0)), Some(Toolkit::new(11, 8)))
        );
        // No branch recorded for the oldest releases and the newest.
        let c = compatibility(v("1.4"), target("sm_13").ok(), false);
        assert_eq!((c.toolkit, c.driver), (Some(Toolkit::new(2, 2)), None));
        let c = compatibility(v("9.5"), None, false);
        assert_eq!(
            (c.toolkit, c.driver, c.driver_release),
            (Some(Toolkit::new(13, 5)), None, Some(Toolkit::new(13, 5)))
        );
        // Undocumented versions and unknown targets are in no release.
        assert_eq!(compatibility(v("5.1"), target("sm_60").ok(), false).toolkit, None);
        assert_eq!(compatibility(v("8.0"), Some(Target::sm(99)), false).toolkit, None);
    }

    #[test]
    fn destinations_name_a_version() {
        let to = |t: &str| {
            Destination::parse(t)
                .and_then(Destination::version)
                .map(|v| v.to_string())
        };
        assert_eq!(to("7.8").as_deref(), Ok("7.8"));
        assert_eq!(to("cuda-11.8").as_deref(), Ok("7.8"));
        assert_eq!(to("CUDA-12.6").as_deref(), Ok("8.5"));
        assert_eq!(to("driver-520").as_deref(), Ok("7.8"));
        assert_eq!(to("r530").as_deref(), Ok("8.1"));
        assert_eq!(to("driver-530.30.02").as_deref(), Ok("8.1"));
        assert_eq!(to("7.9"), Err(DestinationError::UnknownVersion(v("7.9"))));
        assert_eq!(
            to("cuda-14.0"),
            Err(DestinationError::UnknownToolkit(Toolkit::new(14, 0)))
        );
        assert_eq!(
            to("driver-180"),
            Err(DestinationError::UnknownDriver(Driver { branch: 180 }))
        );
        assert_eq!(to("520.61.05").as_deref(), Ok("7.8"));
        assert_eq!(to("520").as_deref(), Ok("7.8"));
        for bad in ["seven", "cuda-x", "driver-", "rust", "11", "7.8.1"] {
            assert!(
                matches!(to(bad), Err(DestinationError::Unreadable(_))),
                "{bad}: {:?}",
                to(bad)
            );
        }
        assert_eq!(
            to("cuda-14.0").unwrap_err().to_string(),
            "CUDA 14.0 is not in the release history (CUDA 1.0 to CUDA 13.5)"
        );
    }

    #[test]
    fn toolkits_and_drivers_read_and_answer() {
        for text in ["cuda-11.8", "CUDA 11.8", "cuda11.8", "11.8", "Cuda_11.8"] {
            assert_eq!(text.parse::<Toolkit>(), Ok(Toolkit::new(11, 8)), "{text}");
        }
        for bad in ["cuda-11", "cuda-", "11", "cuda-1a.0", "cuda-11.8.1", "driver-520"] {
            assert!(bad.parse::<Toolkit>().is_err(), "{bad}");
        }
        for text in ["driver-520", "R520", "r520", "520", "520.61.05", "Driver 520"] {
            assert_eq!(text.parse::<Driver>(), Ok(Driver { branch: 520 }), "{text}");
        }
        for bad in ["driver-", "driver-52", "cuda-11.8", "rx", "99999"] {
            assert!(bad.parse::<Driver>().is_err(), "{bad}");
        }
        assert_eq!(newest_ptx_of_toolkit(Toolkit::new(11, 8)), Some(v("7.8")));
        assert_eq!(newest_ptx_of_toolkit(Toolkit::new(12, 6)), Some(v("8.5")));
        assert_eq!(newest_ptx_of_toolkit(Toolkit::new(12, 10)), Some(v("8.8")));
        assert_eq!(newest_ptx_of_toolkit(Toolkit::new(14, 0)), None);
        assert_eq!(newest_ptx_of_toolkit(Toolkit::new(0, 9)), None);
        assert_eq!(newest_ptx_of_driver(Driver { branch: 520 }), Some(v("7.8")));
        assert_eq!(newest_ptx_of_driver(Driver { branch: 535 }), Some(v("8.2")));
        assert_eq!(newest_ptx_of_driver(Driver { branch: 999 }), Some(v("9.4")));
        assert_eq!(newest_ptx_of_driver(Driver { branch: 189 }), None);
        assert_eq!(Toolkit::new(12, 1).to_string(), "CUDA 12.1");
        assert_eq!(Driver { branch: 530 }.to_string(), "R530");
    }
}
