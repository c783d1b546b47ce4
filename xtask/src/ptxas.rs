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

/// Assembles `text` (written to `dir/name`) for `arch`, through the recorded verdicts.
pub fn assemble(
    verdicts: &crate::verdicts::Verdicts,
    ptxas: &Ptxas,
    arch: &str,
    dir: &Path,
    name: &str,
    text: &str,
) -> Result<Verdict> {
    let record = run_recorded(
        verdicts,
        ptxas.column,
        &ptxas.path,
        dir,
        name,
        text,
        &["-arch", arch, "-o", "/dev/null", name],
    )?;
    let (status, stderr) = crate::verdicts::parse_process_record(&record);
    Ok(verdict(status == Some(0), stderr, name))
}

/// What ptxas's exit and messages about the file `name` say.
fn verdict(ok: bool, stderr: &str, name: &str) -> Verdict {
    let first = stderr
        .lines()
        .find(|l| l.contains("error") || l.contains("fatal"))
        .map(str::to_string);
    let line = first
        .as_deref()
        .and_then(|l| {
            let rest = l.split_once(&format!("{name}, line "))?.1;
            rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
        })
        .or_else(|| lineless_fatal_cause(stderr));
    Verdict {
        ok,
        first_error: first,
        line,
    }
}

/// Runs `tool` on `text` through the recorded verdicts: the text is written to `dir/name` and
/// the tool runs in `dir` with `args` (which name the file by `name`, and any output file
/// relative to `dir`), so that its messages carry no temporary path. The key is `label` (the
/// tool and its release, e.g. `ptxas_13.5`), the arguments, the file name and the text:
/// exactly what the tool is given. Returns [`crate::verdicts::process_record`]'s text.
pub fn run_recorded(
    verdicts: &crate::verdicts::Verdicts,
    label: &str,
    tool: &Path,
    dir: &Path,
    name: &str,
    text: &str,
    args: &[&str],
) -> Result<String> {
    let joined = args.join("\0");
    let key = crate::verdicts::Key::of(&[label.as_bytes(), joined.as_bytes(), name.as_bytes(), text.as_bytes()]);
    verdicts.get(key, || {
        std::fs::write(dir.join(name), text).with_context(|| format!("writing {}", dir.join(name).display()))?;
        let out = Command::new(tool)
            .args(args)
            .current_dir(dir)
            .output()
            .with_context(|| format!("cannot run {}", tool.display()))?;
        Ok(crate::verdicts::process_record(&out))
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
    fn each_release_takes_the_versions_ptxkit_isa_says() {
        for release in super::RELEASES {
            let toolkit: ptxkit_isa::toolkit::Toolkit = release.label.parse().unwrap();
            assert_eq!(
                ptxkit_isa::toolkit::newest_ptx_of_toolkit(toolkit),
                Some(release.max_ptx),
                "{}: the release table (ptxkit_isa::toolkit) and this one disagree",
                release.label
            );
        }
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
