//! `cargo xtask lint-fixtures`: the ptxlint fixtures that say `// ptxas-checked` are
//! assembled with real ptxas, which must reject exactly the lines marked `//~`.
//!
//! Each ptxas that knows the fixture's `.version` assembles it (`// ptxas-checked: 13.5` names
//! the releases to use instead, for fixtures whose constructs older releases do not parse).
//! ptxas reports every ordinary error in one run but stops at a fatal (parse) error, so after
//! a fatal error that line is blanked and the rest assembled again. Every rejected line must
//! be marked and every marked line rejected. Exit status 1 on a mismatch.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};

use crate::ptxas::{arch_for, installed};

const MARKER: &str = "// ptxas-checked";

fn fixtures(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            fixtures(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "ptx") && std::fs::read_to_string(&path)?.contains(MARKER) {
            out.push(path);
        }
    }
    Ok(())
}

fn header(text: &str, directive: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix(directive))
        .map(|rest| rest.split("//").next().unwrap_or("").trim().to_string())
}

/// The lines (1-based) where a ptxas stopped with a fatal error (`…, line N; fatal`).
fn fatal_lines(stderr: &str, file: &str) -> BTreeSet<usize> {
    stderr
        .lines()
        .filter(|l| l.contains("; fatal"))
        .filter_map(|l| {
            l.split_once(&format!("{file}, line "))?
                .1
                .split(';')
                .next()?
                .parse()
                .ok()
        })
        .collect()
}

/// The lines (1-based) a ptxas rejects: `…, line N; error` and `…, line N; fatal`.
fn rejected_lines(stderr: &str, file: &str) -> BTreeSet<usize> {
    stderr
        .lines()
        .filter(|l| l.contains("; error") || l.contains("; fatal"))
        .filter_map(|l| {
            l.split_once(&format!("{file}, line "))?
                .1
                .split(';')
                .next()?
                .parse()
                .ok()
        })
        .collect()
}

pub fn run(args: &[String]) -> Result<ExitCode> {
    let (oracle, args) = crate::verdicts::Options::take(args)?;
    if !args.is_empty() {
        bail!("usage: cargo xtask lint-fixtures {}", crate::verdicts::USAGE);
    }
    let verdicts = crate::verdicts::Verdicts::open("lint-fixtures", "lint-fixtures", &oracle)?;
    let root = crate::workspace_root().join("crates/lint/tests/fixtures");
    let mut files = Vec::new();
    fixtures(&root, &mut files)?;
    files.sort();
    let all = installed()?;
    let scratch = tempfile::tempdir()?;
    let (mut checks, mut failures) = (0usize, 0usize);
    for path in &files {
        let text = std::fs::read_to_string(path)?;
        let name = path.strip_prefix(&root).unwrap_or(path).display().to_string();
        let version = header(&text, ".version").context("no .version")?;
        let (major, minor) = version.split_once('.').context("bad .version")?;
        let version = (major.parse::<u32>()?, minor.parse::<u32>()?);
        let target = header(&text, ".target").context("no .target")?;
        let target = target.split(',').next().unwrap_or("").trim().to_string();
        let only: Option<Vec<String>> = header(&text, &format!("{MARKER}:")).map(|s| {
            s.split([',', ' '])
                .filter(|w| !w.is_empty())
                .map(|w| format!("ptxas_{w}"))
                .collect()
        });
        let marked: BTreeSet<usize> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.trim_end().ends_with("//~") || l.contains("//~ "))
            .map(|(i, _)| i + 1)
            .collect();
        for ptxas in &all {
            let wanted = only.as_ref().is_none_or(|o| o.iter().any(|c| c == ptxas.column));
            let max = crate::ptxas::release(ptxas.column).map(|r| r.max_ptx);
            if !wanted || max.is_none_or(|max| version > (u32::from(max.major), u32::from(max.minor))) {
                continue;
            }
            checks += 1;
            let arch = arch_for(ptxas, &target);
            let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
            let mut rejected = BTreeSet::new();
            // Ordinary errors: ptxas reports them all in one run. A fatal parse error stops
            // it: blank that line and run again.
            let verdict = loop {
                let text = lines.join("\n") + "\n";
                let record = crate::ptxas::run_recorded(
                    &verdicts,
                    ptxas.column,
                    &ptxas.path,
                    scratch.path(),
                    "fixture.ptx",
                    &text,
                    &["-arch", &arch, "-o", "/dev/null", "fixture.ptx"],
                )?;
                let (status, stderr) = crate::verdicts::parse_process_record(&record);
                if status == Some(0) {
                    break None;
                }
                let stderr = stderr.to_string();
                let now = rejected_lines(&stderr, "fixture.ptx");
                if now.is_empty() {
                    break Some(
                        stderr
                            .lines()
                            .find(|l| !l.contains("aborted"))
                            .unwrap_or("")
                            .to_string(),
                    );
                }
                rejected.extend(now.iter().copied());
                let fatal = fatal_lines(&stderr, "fixture.ptx");
                if fatal.is_empty() || fatal.iter().all(|l| lines.get(l - 1).is_none_or(String::is_empty)) {
                    break None;
                }
                for line in fatal {
                    if let Some(l) = lines.get_mut(line - 1) {
                        l.clear();
                    }
                }
            };
            let agrees = verdict.is_none() && rejected == marked;
            if agrees {
                println!(
                    "ok      {name} [{}]: rejects exactly the marked lines {marked:?}",
                    ptxas.column
                );
            } else {
                failures += 1;
                println!(
                    "DIFFERS {name} [{}]: marked {marked:?}, rejected {rejected:?}{}",
                    ptxas.column,
                    verdict.map(|v| format!(", then: {v}")).unwrap_or_default()
                );
            }
        }
    }
    println!(
        "{} ptxas-checked fixtures, {checks} checks, {} agree, {failures} differ",
        files.len(),
        checks - failures
    );
    failures += usize::from(!verdicts.finish(true)?);
    Ok(if failures == 0 && !files.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
