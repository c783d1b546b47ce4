//! `cargo xtask isa-probes`: assemble the ptxkit-isa probe kernels with real ptxas (11.8, 12.9
//! and 13.5) and compare each verdict with what the tables predict.
//!
//! Every (probe, ptxas) pair that the ptxas can judge is one probe run: the ptxas must accept
//! the probe's `.version` and have an `-arch` for its `.target` (a target older than the
//! ptxas's oldest architecture is assembled with that oldest one, which ptxas allows). The
//! output lists every disagreement, marks recorded quirks (`ptxkit_isa::quirks`), and ends with
//! `N probes, M agree`. Exit status 1 if a disagreement is not a recorded quirk.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use ptxkit_isa::probe::{Expect, Probe, probes};
use ptxkit_isa::{Target, Variant, Version};

const USAGE: &str = "usage: cargo xtask isa-probes [--filter TEXT] [--verbose] [--jobs N] [--dump DIR] [--only tables|signatures|register-types|address-width] [--live | --record] [--sample PERCENT]";

/// One installed ptxas.
pub(crate) struct Ptxas {
    pub(crate) label: &'static str,
    /// The name of the release in keys and INDEX.tsv, e.g. `ptxas_13.5`.
    pub(crate) column: &'static str,
    pub(crate) path: PathBuf,
    pub(crate) max_version: Version,
    archs: Vec<Target>,
}

impl Ptxas {
    /// The `-arch` to assemble a probe for `.target target` with, if this ptxas can.
    pub(crate) fn arch_for(&self, target: Target) -> Option<Target> {
        if self.archs.contains(&target) {
            return Some(target);
        }
        let canonical = target.canonical();
        if self.archs.contains(&canonical) {
            return Some(canonical);
        }
        let oldest = self.archs.iter().filter(|t| t.variant == Variant::Base).min()?;
        // Targets below the oldest architecture are assembled for it.
        if target.variant == Variant::Base && target.sm < oldest.sm {
            return Some(*oldest);
        }
        // Unknown targets: the newest architecture at or below them (ptxas rejects the
        // .target itself; -arch must not be lower than what the .target names).
        if !target.is_known() {
            return self
                .archs
                .iter()
                .filter(|t| t.variant == Variant::Base && t.sm <= target.sm)
                .max()
                .copied()
                .or(Some(*oldest));
        }
        None
    }

    fn can_judge(&self, probe: &Probe) -> Option<Target> {
        if (probe.version.is_known() && probe.version > self.max_version) || probe.judge_from > self.max_version {
            return None;
        }
        self.arch_for(probe.target)
    }
}

fn find_ptxas() -> Result<Vec<Ptxas>> {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    // Oldest first.
    for release in crate::ptxas::RELEASES.iter().rev() {
        let (var, label, max_version) = (release.env, release.label, release.max_ptx);
        match std::env::var_os(var).map(PathBuf::from) {
            Some(path) if path.is_file() => {
                let archs =
                    gpu_archs(&path).with_context(|| format!("asking {} for its architectures", path.display()))?;
                found.push(Ptxas {
                    label,
                    column: release.column,
                    path,
                    max_version,
                    archs,
                });
            }
            Some(path) => missing.push(format!("{var}={} (no such file)", path.display())),
            None => missing.push(format!("{var} (not set)")),
        }
    }
    if !missing.is_empty() {
        bail!(
            "isa-probes needs ptxas 11.8, 12.9 and 13.5; missing: {}\n\
             install them with `../shared/tools/setup-ptxas.sh DIR` (pip wheels, no GPU needed) \
             and export the PTXAS_11_8 / PTXAS_12_9 / PTXAS_13_5 lines it prints",
            missing.join(", ")
        );
    }
    Ok(found)
}

/// The `sm_*` values that `ptxas --help` lists for `--gpu-name`.
fn gpu_archs(ptxas: &Path) -> Result<Vec<Target>> {
    let out = Command::new(ptxas).arg("--help").output()?;
    let help = String::from_utf8_lossy(&out.stdout);
    // Only the quoted values of the --gpu-name option ('sm_90a', ...).
    let start = help.find("--gpu-name").context("no --gpu-name in ptxas --help")?;
    let section = &help[start..];
    let section = &section[..section.find("Default value").unwrap_or(section.len())];
    let mut archs: Vec<Target> = section
        .split('\'')
        .filter(|w| w.starts_with("sm_"))
        .filter_map(|w| w.parse().ok())
        .collect();
    archs.sort();
    archs.dedup();
    if archs.is_empty() {
        bail!("no sm_* architectures in `{} --help`", ptxas.display());
    }
    Ok(archs)
}

struct Job {
    probe: usize,
    ptxas: usize,
    arch: Target,
}

enum Verdict {
    Agree,
    Disagree(String),
    /// ptxas cannot judge it (e.g. 12.9+ refuse 32-bit code, which pre-2.3 modules are).
    NotApplicable,
}

struct Outcome {
    job: usize,
    verdict: Verdict,
    output: String,
}

fn judge(probe: &Probe, ok: bool, output: &str) -> Verdict {
    let errors: Vec<&str> = output
        .lines()
        .filter(|l| l.contains("error") || l.contains("fatal"))
        .collect();
    match &probe.expect {
        Expect::Accept { warning } => {
            if !ok {
                if output.contains("32-Bit compilation is no longer supported") {
                    return Verdict::NotApplicable;
                }
                return Verdict::Disagree("expected: accepted".into());
            }
            match warning {
                Some(w) if !output.contains(w.as_str()) => {
                    Verdict::Disagree(format!("expected: accepted with warning '{w}'"))
                }
                _ => Verdict::Agree,
            }
        }
        Expect::Reject { messages } => {
            if ok {
                return Verdict::Disagree(format!("expected: rejected with {}", show(messages)));
            }
            let missing: Vec<&Vec<String>> = messages
                .iter()
                .filter(|alternatives| {
                    !alternatives
                        .iter()
                        .any(|m| errors.iter().any(|e| e.contains(m.as_str())))
                })
                .collect();
            if missing.is_empty() {
                Verdict::Agree
            } else {
                let missing: Vec<Vec<String>> = missing.into_iter().cloned().collect();
                Verdict::Disagree(format!("expected: rejected with {}", show(&missing)))
            }
        }
    }
}

fn show(messages: &[Vec<String>]) -> String {
    messages
        .iter()
        .map(|alts| alts.iter().map(|m| format!("'{m}'")).collect::<Vec<_>>().join(" or "))
        .collect::<Vec<_>>()
        .join(", ")
}

fn run_one(
    verdicts: &crate::verdicts::Verdicts,
    dir: &Path,
    ptxas: &Ptxas,
    arch: Target,
    probe: &Probe,
) -> Result<(bool, String)> {
    let arch = format!("-arch={arch}");
    let mut args: Vec<&str> = probe.compile_only.then_some("-c").into_iter().collect();
    args.extend([arch.as_str(), "probe.ptx", "-o", "probe.cubin"]);
    let record = crate::ptxas::run_recorded(
        verdicts,
        ptxas.column,
        &ptxas.path,
        dir,
        "probe.ptx",
        &probe.text,
        &args,
    )?;
    let (status, text) = crate::verdicts::parse_process_record(&record);
    Ok((status == Some(0), text.to_string()))
}

/// The kind of table row a probe checks: the first word of its name (`feature`, `rounding`, …).
fn category(probe: &Probe) -> &str {
    probe.name.split_whitespace().next().unwrap_or("")
}

/// One line per kind of row: probe kernels, ptxas runs, how many agree, and how many of the
/// kernels all three ptxas judged.
fn print_categories(selected: &[Probe], jobs: &[Job], outcomes: &[Outcome]) {
    let mut names: Vec<&str> = selected.iter().map(category).collect();
    names.sort_unstable();
    names.dedup();
    for name in names {
        let kernels = selected.iter().filter(|p| category(p) == name).count();
        let mut runs = 0;
        let mut agree = 0;
        let mut judges = vec![0usize; selected.len()];
        for outcome in outcomes {
            let job = &jobs[outcome.job];
            if category(&selected[job.probe]) != name || matches!(outcome.verdict, Verdict::NotApplicable) {
                continue;
            }
            runs += 1;
            judges[job.probe] += 1;
            agree += usize::from(matches!(outcome.verdict, Verdict::Agree));
        }
        let by_all = judges.iter().filter(|n| **n == crate::ptxas::RELEASES.len()).count();
        println!(
            "  {name:<12} {kernels:>5} probe kernels ({by_all} judged by all three ptxas), {runs:>5} ptxas runs, {agree:>5} agree"
        );
    }
}

pub fn run(args: &[String]) -> Result<ExitCode> {
    let (oracle, args) = crate::verdicts::Options::take(args)?;
    let mut filter = None;
    let mut verbose = false;
    let mut jobs_wanted = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut dump = None;
    let mut only = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--filter" => filter = Some(args.next().context(USAGE)?.clone()),
            "--verbose" | "-v" => verbose = true,
            "--jobs" | "-j" => jobs_wanted = args.next().context(USAGE)?.parse().context(USAGE)?,
            "--dump" => dump = Some(PathBuf::from(args.next().context(USAGE)?)),
            "--only" => only = Some(args.next().context(USAGE)?.clone()),
            _ => bail!("unknown argument '{arg}'\n{USAGE}"),
        }
    }
    let ptxas = find_ptxas()?;
    let complete = filter.is_none();
    let signature_failures = match only.as_deref() {
        Some("tables") => 0,
        only @ (Some("signatures" | "register-types" | "address-width") | None) => {
            let mut failures = 0;
            for (name, record) in [
                ("signatures", "isa-signatures"),
                ("register-types", "isa-register-types"),
                ("address-width", "isa-address-width"),
            ] {
                if only.is_some_and(|o| o != name) {
                    continue;
                }
                let verdicts = crate::verdicts::Verdicts::open(record, "isa-probes", &oracle)?;
                failures += match name {
                    "signatures" => {
                        crate::shape_probes::run(&verdicts, &ptxas, filter.as_deref(), verbose, jobs_wanted)?
                    }
                    "register-types" => crate::shape_probes::run_register_types(
                        &verdicts,
                        &ptxas,
                        filter.as_deref(),
                        verbose,
                        jobs_wanted,
                    )?,
                    _ => crate::shape_probes::run_address_width(
                        &verdicts,
                        &ptxas,
                        filter.as_deref(),
                        verbose,
                        jobs_wanted,
                    )?,
                };
                failures += usize::from(!verdicts.finish(complete)?);
            }
            failures
        }
        Some(other) => {
            bail!("--only takes tables, signatures, register-types or address-width, not '{other}'\n{USAGE}")
        }
    };
    if matches!(only.as_deref(), Some("signatures" | "register-types" | "address-width")) {
        return Ok(if signature_failures == 0 {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let started = Instant::now();
    let verdicts = crate::verdicts::Verdicts::open("isa-probes", "isa-probes", &oracle)?;
    let all = probes();
    let selected: Vec<Probe> = all
        .into_iter()
        .filter(|p| filter.as_ref().is_none_or(|f| p.name.contains(f.as_str())))
        .collect();
    if let Some(dir) = &dump {
        std::fs::create_dir_all(dir)?;
        for (i, probe) in selected.iter().enumerate() {
            std::fs::write(
                dir.join(format!("probe{i:04}.ptx")),
                format!("// {}\n{}", probe.name, probe.text),
            )?;
        }
    }
    let mut jobs = Vec::new();
    for (pi, probe) in selected.iter().enumerate() {
        for (xi, x) in ptxas.iter().enumerate() {
            if let Some(arch) = x.can_judge(probe) {
                jobs.push(Job {
                    probe: pi,
                    ptxas: xi,
                    arch,
                });
            }
        }
    }
    let next = AtomicUsize::new(0);
    let outcomes = Mutex::new(Vec::with_capacity(jobs.len()));
    let scratch = std::env::temp_dir().join(format!("isa-probes-{}", std::process::id()));
    std::thread::scope(|scope| -> Result<()> {
        let mut handles = Vec::new();
        for worker in 0..jobs_wanted.max(1) {
            let dir = scratch.join(worker.to_string());
            std::fs::create_dir_all(&dir)?;
            let (jobs, next, outcomes, selected, ptxas, verdicts) =
                (&jobs, &next, &outcomes, &selected, &ptxas, &verdicts);
            handles.push(scope.spawn(move || -> Result<()> {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else {
                        return Ok(());
                    };
                    let probe = &selected[job.probe];
                    let (ok, output) = run_one(verdicts, &dir, &ptxas[job.ptxas], job.arch, probe)?;
                    let verdict = judge(probe, ok, &output);
                    outcomes.lock().expect("no worker panics").push(Outcome {
                        job: i,
                        verdict,
                        output,
                    });
                }
            }));
        }
        for handle in handles {
            handle.join().expect("worker thread panicked")?;
        }
        Ok(())
    })?;
    let _ = std::fs::remove_dir_all(&scratch);
    let mut outcomes = outcomes.into_inner().expect("no worker panics");
    outcomes.sort_by_key(|o| o.job);

    let (mut agree, mut not_applicable, mut quirks, mut failures) = (0usize, 0usize, 0usize, 0usize);
    for outcome in &outcomes {
        let job = &jobs[outcome.job];
        let probe = &selected[job.probe];
        let x = &ptxas[job.ptxas];
        match &outcome.verdict {
            Verdict::Agree => {
                agree += 1;
                if verbose {
                    println!("agree     [ptxas {} -arch={}] {}", x.label, job.arch, probe.name);
                    for line in outcome.output.lines().filter(|l| !l.contains("assembly aborted")) {
                        println!("    ptxas: {}", line.trim());
                    }
                }
            }
            Verdict::NotApplicable => not_applicable += 1,
            Verdict::Disagree(why) => {
                let quirk = ptxkit_isa::quirks::quirk(x.label, &probe.name);
                if quirk.is_some() {
                    quirks += 1;
                } else {
                    failures += 1;
                }
                let tag = if quirk.is_some() { "QUIRK    " } else { "DISAGREE " };
                println!("{tag} [ptxas {} -arch={}] {}", x.label, job.arch, probe.name);
                println!("    {why}");
                if let Some(q) = quirk {
                    println!("    known quirk: {}", q.observed);
                }
                for line in outcome.output.lines().filter(|l| !l.contains("assembly aborted")) {
                    println!("    ptxas: {}", line.trim());
                }
            }
        }
    }
    // A recorded quirk whose probe ran on its ptxas and agreed is stale: the table or the
    // probe changed, so the record must go.
    let mut stale = 0usize;
    for q in ptxkit_isa::quirks::all() {
        let ran_and_agreed = outcomes.iter().any(|o| {
            let job = &jobs[o.job];
            selected[job.probe].name == q.probe
                && q.ptxas.contains(&ptxas[job.ptxas].label)
                && matches!(o.verdict, Verdict::Agree)
        });
        if ran_and_agreed {
            stale += 1;
            println!(
                "STALE     quirk no longer observed: [ptxas {}] {}",
                q.ptxas.join("/"),
                q.probe
            );
        }
    }
    failures += stale;
    print_categories(&selected, &jobs, &outcomes);
    let counted = outcomes.len() - not_applicable;
    println!(
        "{} probe kernels, {} ptxas runs ({} not applicable: 32-bit code refused by ptxas 12.9/13.5), \
         {} known quirks, {} unexplained disagreements, {:.1} s",
        selected.len(),
        outcomes.len(),
        not_applicable,
        quirks,
        failures,
        started.elapsed().as_secs_f64()
    );
    println!("{counted} probes, {agree} agree");
    failures += usize::from(!verdicts.finish(complete)?);
    Ok(if failures + signature_failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
