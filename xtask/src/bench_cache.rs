//! The result cache's figures of `cargo xtask bench`: `ptxlint` and `ptxfmt --check` over a
//! copy of the corpus, cold (an empty cache), warm (every entry there) and after one file
//! changed, as CPU seconds on one core and as ratios to the cold run (goals: warm >= 20x,
//! one changed >= 10x). Each run's output is compared with a `--no-cache` run over the same
//! files, which it must equal byte for byte.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::bench::measure;

/// The tools' arguments besides the cache's (the findings are printed, to be compared).
const LINT: &[&str] = &["--format", "concise", "--isolated", "-j", "1"];
const FMT: &[&str] = &["--check", "--isolated", "-j", "1"];

/// A tool's stdout, stderr and exit over `dir`.
fn output(tool: &Path, args: &[&str], dir: &Path) -> Result<(Vec<u8>, Vec<u8>, Option<i32>)> {
    let out = Command::new(tool)
        .args(args)
        .arg(".")
        .current_dir(dir)
        .output()
        .with_context(|| format!("running {}", tool.display()))?;
    Ok((out.stdout, out.stderr, out.status.code()))
}

/// Prints the cache figures of both tools.
pub fn figures(ptxlint: &Path, ptxfmt: &Path, files: &[(PathBuf, u64)]) -> Result<()> {
    // The tools run in the copy of the corpus: absolute paths.
    let absolute = |tool: &Path| {
        tool.canonicalize()
            .with_context(|| format!("{}: no such tool", tool.display()))
    };
    let (ptxlint, ptxfmt) = (absolute(ptxlint)?, absolute(ptxfmt)?);
    let (ptxlint, ptxfmt) = (ptxlint.as_path(), ptxfmt.as_path());
    let temp = tempfile::tempdir()?;
    let copy = temp.path().join("corpus");
    let mut bytes = 0u64;
    for (file, len) in files {
        let name = file.file_name().context("a file name")?.to_string_lossy().into_owned();
        // Flattened, with the parent directory in the name (the corpus repeats names).
        let parent = file
            .parent()
            .and_then(|p| p.file_name())
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        std::fs::create_dir_all(&copy)?;
        std::fs::copy(file, copy.join(format!("{parent}__{name}")))?;
        bytes += len;
    }
    // The file that changes: the median size, as a typical edit is.
    let mut by_size: Vec<&(PathBuf, u64)> = files.iter().collect();
    by_size.sort_by_key(|(_, len)| *len);
    let median = by_size.get(by_size.len() / 2).context("an empty corpus")?;
    let changed = copy.join(format!(
        "{}__{}",
        median
            .0
            .parent()
            .and_then(|p| p.file_name())
            .unwrap_or_default()
            .to_string_lossy(),
        median.0.file_name().unwrap_or_default().to_string_lossy()
    ));
    println!(
        "result cache, one core, CPU seconds ({} files, {:.1} MB; one changed: {}, {:.0} kB):",
        files.len(),
        bytes as f64 / 1e6,
        changed.file_name().unwrap_or_default().to_string_lossy(),
        median.1 as f64 / 1e3
    );
    for (name, tool, args) in [("ptxlint", ptxlint, LINT), ("ptxfmt --check", ptxfmt, FMT)] {
        let original = std::fs::read(&changed)?;
        let cache = temp.path().join(format!("cache-{}", name.replace(' ', "")));
        let cache_arg = cache.to_string_lossy().into_owned();
        let cached: Vec<&str> = [args, &["--cache-dir", cache_arg.as_str()]].concat();
        let uncached: Vec<&str> = [args, &["--no-cache"]].concat();
        let fresh = output(tool, &uncached, &copy)?;
        let cold = measure(tool, &cached, &[copy.as_path()], true)?;
        let warm = measure(tool, &cached, &[copy.as_path()], true)?;
        let warm_same = output(tool, &cached, &copy)? == fresh;
        // One file changed: a comment added at its end.
        let mut edited = original.clone();
        edited.extend_from_slice(b"\n// changed by cargo xtask bench\n");
        std::fs::write(&changed, &edited)?;
        let fresh_changed = output(tool, &uncached, &copy)?;
        // The edited text is new to the cache: restore the cache's state after `warm` by
        // measuring the first run over the edit, then compare a second run's output.
        let one = measure(tool, &cached, &[copy.as_path()], true)?;
        let one_same = output(tool, &cached, &copy)? == fresh_changed;
        std::fs::write(&changed, &original)?;
        if !warm_same || !one_same {
            bail!("{name}: a cached run printed something else than a --no-cache run");
        }
        println!(
            "  {name:<15} cold {:6.2} s   warm {:6.3} s = {:5.1}x faster (goal >= 20x)   one file changed {:6.3} s = {:5.1}x (goal >= 10x); output identical to --no-cache",
            cold.cpu,
            warm.cpu,
            cold.cpu / warm.cpu.max(1e-3),
            one.cpu,
            cold.cpu / one.cpu.max(1e-3)
        );
    }
    Ok(())
}
