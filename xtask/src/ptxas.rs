//! Running the installed ptxas versions (`PTXAS_11_8`, `PTXAS_12_9`,
//! `PTXAS_13_5`) on a PTX file, and choosing the `-arch` each one needs.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// A ptxas release the checks use, and what it supports: the one table of
/// these facts in xtask (every task asks it).
#[derive(Debug)]
pub struct Release {
    /// The environment variable naming the binary, e.g. `PTXAS_11_8`.
    pub env: &'static str,
    /// The CUDA release, e.g. `11.8`.
    pub label: &'static str,
    /// The corpus INDEX.tsv column, e.g. `ptxas_11.8`.
    pub column: &'static str,
    /// The newest `.version` it accepts.
    pub max_ptx: ptxkit_isa::Version,
    /// The oldest `-arch` it accepts.
    pub min_sm: u16,
    /// The newest `-arch` it accepts.
    pub max_sm: u16,
}

/// The ptxas releases, newest first.
pub const RELEASES: [Release; 3] = [
    Release {
        env: "PTXAS_13_5",
        label: "13.5",
        column: "ptxas_13.5",
        max_ptx: ptxkit_isa::Version::new(9, 5),
        min_sm: 75,
        max_sm: 121,
    },
    Release {
        env: "PTXAS_12_9",
        label: "12.9",
        column: "ptxas_12.9",
        max_ptx: ptxkit_isa::Version::new(8, 8),
        min_sm: 50,
        max_sm: 121,
    },
    Release {
        env: "PTXAS_11_8",
        label: "11.8",
        column: "ptxas_11.8",
        max_ptx: ptxkit_isa::Version::new(7, 8),
        min_sm: 35,
        max_sm: 90,
    },
];

/// The release whose INDEX.tsv column is `column`.
pub fn release(column: &str) -> Option<&'static Release> {
    RELEASES.iter().find(|r| r.column == column)
}

/// One ptxas binary and what it supports.
#[derive(Debug, Clone)]
pub struct Ptxas {
    /// The INDEX.tsv column, e.g. `ptxas_13.5`.
    pub column: &'static str,
    /// The binary.
    pub path: PathBuf,
    /// The lowest `-arch` it accepts.
    pub min_arch: u32,
}

/// The tool an environment variable names (`PTXAS_11_8`, `PTXAS_12_9`,
/// `PTXAS_13_5`, `CUOBJDUMP`); fails clearly when it is unset or missing.
pub fn tool_path(env: &str) -> Result<PathBuf> {
    let Some(path) = std::env::var_os(env) else {
        bail!(
            "{env} is not set: point PTXAS_11_8, PTXAS_12_9, PTXAS_13_5 and CUOBJDUMP at the tools \
             (bash ../shared/tools/setup-ptxas.sh DIR installs them from PyPI and prints the exports)"
        );
    };
    let path = PathBuf::from(path);
    if !path.is_file() {
        bail!("{env}={}: no such file", path.display());
    }
    Ok(path)
}

/// The three ptxas versions, read from the environment; fails clearly when
/// one is unset.
pub fn installed() -> Result<Vec<Ptxas>> {
    RELEASES
        .iter()
        .map(|release| {
            Ok(Ptxas {
                column: release.column,
                path: tool_path(release.env)?,
                min_arch: u32::from(release.min_sm),
            })
        })
        .collect()
}

/// The `-arch` to assemble a module whose `.target` is `target` with
/// this ptxas: the target itself (keeping an `a`/`f` suffix), raised to the
/// oldest architecture the ptxas supports.
pub fn arch_for(ptxas: &Ptxas, target: &str) -> String {
    // A `.target` list (`sm_80, debug`, `sm_13, map_f64_to_f32`): its architecture.
    let arch = target
        .split(',')
        .filter_map(|entry| entry.trim().parse::<ptxkit_isa::Target>().ok())
        .max_by_key(|t| t.sm);
    match arch {
        Some(t) if u32::from(t.sm) >= ptxas.min_arch => t.to_string(),
        _ => format!("sm_{}", ptxas.min_arch),
    }
}

/// What ptxas said.
#[derive(Debug, Clone)]
pub struct Verdict {
    /// Whether it assembled the file.
    pub ok: bool,
    /// The first error message, if any.
    pub first_error: Option<String>,
    /// The line of the first error in the input file, if it names one.
    pub line: Option<usize>,
}

/// The line behind a fatal error that names none: ptxas 12.9/13.5 stop with
/// "32-Bit ABI … is not supported" or "32-Bit compilation is no longer
/// supported" after warning "Program uses 32-bit address on line 'N' which
/// is conflicting with .address_size 64", which names the culprit.
fn lineless_fatal_cause(stderr: &str) -> Option<usize> {
    let fatal = stderr.lines().any(|l| l.contains("fatal") && l.contains("32-Bit"));
    if !fatal {
        return None;
    }
    let rest = stderr.split_once("Program uses 32-bit address on line '")?.1;
    rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// Assembles `file` for `arch`.
pub fn assemble(ptxas: &Ptxas, arch: &str, file: &Path) -> Result<Verdict> {
    let out = Command::new(&ptxas.path)
        .args(["-arch", arch, "-o", "/dev/null"])
        .arg(file)
        .output()
        .with_context(|| format!("cannot run {}", ptxas.path.display()))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first = stderr
        .lines()
        .find(|l| l.contains("error") || l.contains("fatal"))
        .map(str::to_string);
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let line = first
        .as_deref()
        .and_then(|l| {
            let rest = l.split_once(&format!("{name}, line "))?.1;
            rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
        })
        .or_else(|| lineless_fatal_cause(&stderr));
    Ok(Verdict {
        ok: out.status.success(),
        first_error: first,
        line,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_architecture_of_a_target_list_is_used() {
        let ptxas = super::Ptxas {
            column: "ptxas_12.9",
            path: "ptxas".into(),
            min_arch: 50,
        };
        assert_eq!(super::arch_for(&ptxas, "sm_80, debug"), "sm_80");
        assert_eq!(super::arch_for(&ptxas, "texmode_independent, sm_90a"), "sm_90a");
        assert_eq!(super::arch_for(&ptxas, "sm_13, map_f64_to_f32"), "sm_50");
        assert_eq!(super::arch_for(&ptxas, "sm_86"), "sm_86");
    }

    #[test]
    fn fatal_32_bit_errors_name_the_warned_line() {
        let stderr = "ptxas warning : Program uses 32-bit address on line '211' which is conflicting with .address_size 64\nptxas fatal   :  32-Bit compilation is no longer supported\n";
        assert_eq!(super::lineless_fatal_cause(stderr), Some(211));
        assert_eq!(
            super::lineless_fatal_cause("ptxas fatal   : Unresolved extern function 'f'\n"),
            None
        );
    }
}
