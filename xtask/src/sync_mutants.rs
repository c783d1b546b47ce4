//! `cargo xtask sync-mutants [--ptxas] [--verbose] [--strict] [--write DIR] PATH...`: synchronisation bugs made by
//! construction from clean PTX, and whether ptxlint's synchronisation rules see them.
//!
//! Every `.ptx` under the paths is a parent; a parent with a synchronisation finding
//! (PTX7xx) of its own is reported as a false-positive parent. Mutants, one per instruction
//! the instruction model says does the thing, each made by deleting the instruction (or
//! guarding it):
//!
//! | kind | mutation | reported by |
//! |---|---|---|
//! | `drop-barrier` | a CTA barrier that waits | any PTX7xx |
//! | `divergent-barrier` | a CTA barrier guarded by `%tid.x < 32` (blocks wider than a warp) | PTX702, PTX701 (a counted barrier) |
//! | `drop-async-wait` | a `cp.async`/bulk wait, or an mbarrier test/try wait | PTX705/PTX706/PTX711/PTX712, PTX701 |
//! | `drop-proxy-fence` | a `fence.proxy.async` | PTX707 |
//! | `drop-wgmma-fence` | a `wgmma.fence` | PTX708 |
//! | `drop-wgmma-wait` | a `wgmma.wait_group` | PTX709/PTX711 |
//! | `drop-commit` | a `cp.async`/bulk/`wgmma` commit | PTX705/PTX706/PTX709/PTX711, PTX701 |
//!
//! A wait or commit dropped shows in the thread that issued the copy (PTX705/PTX706: it reads
//! the bytes before its own wait; PTX711: it overwrites a matrix its multiply still reads) or in another one (PTX701: the copy lands while a neighbour
//! reads, no wait before the barrier between them); `--strict` counts the first kind only.
//!
//! With `--write DIR`, every missed mutant is written to DIR (`parent.LINE.KIND.ptx`) to be
//! read, and every one caught away from its line (`parent.LINE.KIND.far.ptx`). With `--ptxas`, a mutant counts only when ptxas 13.5 assembles it (for its target). A
//! mutant is caught when a new finding of its kind's rules appears; "at the line" when a
//! line the finding names (its own or a related one) is within 12 lines of the mutation, or
//! its own line and a related one lie on either side of it (the two accesses it stood between).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use ptxkit_isa::signature::semantics::{BarrierMode, BarrierScope, Group, MbarrierOp, Proxy, Sync};
use ptxkit_lint::{Settings, lint_source};
use ptxkit_semantic::SymbolTable;
use ptxkit_semantic::flow::{FunctionFlow, InsnId};
use rayon::prelude::*;

const KINDS: &[&str] = &[
    "drop-barrier",
    "divergent-barrier",
    "drop-async-wait",
    "drop-proxy-fence",
    "drop-wgmma-fence",
    "drop-wgmma-wait",
    "drop-commit",
];

/// The rules that report a mutant of `kind` (`strict`: only the issuing thread's for a
/// dropped wait or commit).
fn expected(kind: &str, strict: bool) -> &'static [&'static str] {
    match kind {
        "drop-async-wait" if strict => &["PTX705", "PTX706", "PTX711", "PTX712"],
        "drop-commit" if strict => &["PTX705", "PTX706", "PTX709", "PTX711"],
        "drop-barrier" => &[
            "PTX701", "PTX702", "PTX705", "PTX706", "PTX707", "PTX708", "PTX709", "PTX710", "PTX711", "PTX712",
            "PTX713",
        ],
        // A counted barrier (`bar.sync 1, 256`) is a subset's by design: a skipped one shows as
        // the race it lets through.
        "divergent-barrier" => &["PTX702", "PTX701"],
        "drop-async-wait" => &["PTX705", "PTX706", "PTX711", "PTX712", "PTX701"],
        "drop-proxy-fence" => &["PTX707"],
        "drop-wgmma-fence" => &["PTX708"],
        "drop-wgmma-wait" => &["PTX709", "PTX711"],
        _ => &["PTX705", "PTX706", "PTX709", "PTX711", "PTX701"],
    }
}

/// One mutant: its kind, the line of the instruction it changes, the new text, and whether
/// it provably changes nothing observable ([`crate::mutant_equivalence`]).
struct Mutant {
    kind: &'static str,
    line: usize,
    text: String,
    equivalent: bool,
}

fn mutants(text: &str) -> Vec<Mutant> {
    let parsed = ptxkit_syntax::parse(text);
    let symbols = SymbolTable::build(&parsed);
    let flows = FunctionFlow::all(&parsed, &symbols);
    let mut out = Vec::new();
    for flow in &flows {
        let semantics = flow.semantics(&symbols);
        let site = crate::mutant_equivalence::Site::new(flow, semantics);
        // Whether the mutants' guard, `%tid.x < 32`, is the same in every thread of a warp:
        // warps are laid out along x first (§2.2.1), so in a 1-D block, or one whose rows are
        // whole warps.
        let guard_warp_uniform = ptxkit_semantic::sync::kernel::Kernel::of(flow, &symbols).is_ok_and(|k| {
            use ptxkit_semantic::sync::kernel::ShapeSource;
            let [x, y, z] = k.shape.dims;
            match k.shape.source {
                ShapeSource::Required => (y == 1 && z == 1) || x % 32 == 0,
                ShapeSource::Maximum => y == 1 && z == 1,
                ShapeSource::Inferred => false,
            }
        });
        for (i, s) in semantics.iter().enumerate() {
            let Some(s) = s else { continue };
            let insn = &flow.insns[i];
            let node = insn.node();
            let (start, end) = (node.start_byte(), node.end_byte());
            let line = text[..start].matches('\n').count() + 1;
            let drop = || {
                let mut t = text.to_string();
                t.replace_range(start..end, "");
                t
            };
            for sync in &s.sync {
                let kind = match *sync {
                    Sync::Barrier {
                        scope: BarrierScope::Cta,
                        mode: BarrierMode::Wait,
                        ..
                    } if insn.guard().is_none() => {
                        // Also the divergent version: guarded by the first warp.
                        let body = flow.body;
                        let open = body.start_byte() + 1;
                        let mut t = text.to_string();
                        t.insert_str(start, "@%ptxkit_mut_p ");
                        t.insert_str(
                            open,
                            "\n\t.reg .pred %ptxkit_mut_p;\n\t.reg .b32 %ptxkit_mut_r;\n\tmov.u32 %ptxkit_mut_r, %tid.x;\n\tsetp.lt.u32 %ptxkit_mut_p, %ptxkit_mut_r, 32;\n",
                        );
                        out.push(Mutant {
                            kind: "divergent-barrier",
                            line: line + 5,
                            text: t,
                            equivalent: site.skipping_barrier_is_harmless(i as InsnId, guard_warp_uniform),
                        });
                        "drop-barrier"
                    }
                    Sync::Wait {
                        group: Group::CpAsync | Group::Bulk,
                        ..
                    } => "drop-async-wait",
                    Sync::Mbarrier {
                        op: MbarrierOp::TryWait | MbarrierOp::TestWait,
                        ..
                    } => "drop-async-wait",
                    Sync::Fence {
                        proxy: Some(Proxy::Async),
                        ..
                    } => "drop-proxy-fence",
                    Sync::OperandFence { group: Group::Wgmma } => "drop-wgmma-fence",
                    Sync::Wait {
                        group: Group::Wgmma, ..
                    } => "drop-wgmma-wait",
                    Sync::Commit {
                        group: Group::CpAsync | Group::Bulk | Group::Wgmma,
                        ..
                    } => "drop-commit",
                    _ => continue,
                };
                // `cp.async.wait_all` both commits and waits: one mutant.
                if out.iter().any(|m: &Mutant| m.line == line && m.kind == kind) {
                    continue;
                }
                let equivalent = match kind {
                    "drop-async-wait" => site.wait_is_redundant(i as InsnId),
                    "drop-commit" => site.commit_is_redundant(i as InsnId),
                    "drop-barrier" => site.barrier_is_redundant(i as InsnId),
                    _ => false,
                };
                out.push(Mutant {
                    kind,
                    line,
                    text: drop(),
                    equivalent,
                });
            }
        }
    }
    out
}

/// The default rules of the synchronisation family (PTX7xx), which the mutants are judged by.
fn sync_settings() -> Settings {
    let names: Vec<&str> = ptxkit_lint::rules()
        .iter()
        .filter(|r| r.code.starts_with("PTX7") && r.status == ptxkit_lint::Status::Stable)
        .map(|r| r.name)
        .collect();
    let select: Vec<ptxkit_lint::Selector> = names
        .iter()
        .map(|n| ptxkit_lint::Selector::parse(n).expect("a rule name"))
        .collect();
    Settings::new(&select, &[], &[], false)
}

/// The (code, lines) of every synchronisation finding.
fn findings(text: &str) -> Vec<(String, Vec<usize>, String)> {
    let settings = sync_settings();
    let result = lint_source(text, &settings);
    let lines = result.parsed.lines();
    result
        .diagnostics
        .iter()
        .filter(|d| d.code.starts_with("PTX7"))
        .map(|d| {
            let mut at = vec![lines.line_of(d.span.start) + 1];
            at.extend(d.labels.iter().map(|l| lines.line_of(l.span.start) + 1));
            (d.code.to_string(), at, d.message.clone())
        })
        .collect()
}

/// Every synchronisation finding of `text` as `LINE: CODE message` (for [`crate::race_suite`]).
pub(crate) fn sync_findings(text: &str) -> Vec<String> {
    findings(text)
        .into_iter()
        .map(|(code, lines, message)| format!("{}: {code} {message}", lines[0]))
        .collect()
}

/// The mutants of one kind and what was seen of them.
#[derive(Debug, Clone, Copy, Default)]
struct Tally {
    mutants: usize,
    caught: usize,
    at_the_line: usize,
    /// Mutants that provably change nothing observable.
    equivalent: usize,
    /// Of those, the ones reported anyway (a finding on a correct kernel).
    equivalent_reported: usize,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.mutants += other.mutants;
        self.caught += other.caught;
        self.at_the_line += other.at_the_line;
        self.equivalent += other.equivalent;
        self.equivalent_reported += other.equivalent_reported;
    }
}

/// What one parent and its mutants showed.
struct Parent {
    /// Lines to print (false-positive parents, missed mutants, every mutant when verbose).
    lines: Vec<String>,
    /// Whether the parent has synchronisation findings of its own.
    false_positive: bool,
    /// Per kind.
    counts: BTreeMap<&'static str, Tally>,
}

/// How the mutants are judged and told.
struct Options {
    /// ptxas 13.5, when a mutant counts only if it assembles.
    ptxas: Option<PathBuf>,
    /// Print every mutant, not only the missed ones.
    verbose: bool,
    /// Where to write the missed mutants.
    write: Option<PathBuf>,
    /// Count a dropped wait or commit only by the issuing thread's rules ([`expected`]).
    strict: bool,
}

fn judge_parent(file: &Path, options: &Options) -> Result<Parent> {
    let Options {
        ptxas,
        verbose,
        write,
        strict,
    } = options;
    let (ptxas, verbose, write, strict) = (ptxas.as_deref(), *verbose, write.as_deref(), *strict);
    let text = std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let mut parent = Parent {
        lines: Vec::new(),
        false_positive: false,
        counts: BTreeMap::new(),
    };
    let before = findings(&text);
    if !before.is_empty() {
        parent.false_positive = true;
        parent.lines.push(format!(
            "false-positive parent {}: {} findings, first: {}",
            file.display(),
            before.len(),
            before[0].2
        ));
        return Ok(parent);
    }
    for mutant in mutants(&text) {
        if let Some(ptxas) = ptxas
            && !assembles(ptxas, &mutant.text)?
        {
            continue;
        }
        let after = findings(&mutant.text);
        let codes = expected(mutant.kind, strict);
        let hits: Vec<_> = after.iter().filter(|(c, _, _)| codes.contains(&c.as_str())).collect();
        let near = hits.iter().any(|(_, lines, _)| at_the_line(lines, mutant.line));
        parent.counts.entry(mutant.kind).or_default().add(Tally {
            mutants: 1,
            caught: usize::from(!hits.is_empty()),
            at_the_line: usize::from(near),
            equivalent: usize::from(mutant.equivalent),
            equivalent_reported: usize::from(mutant.equivalent && !hits.is_empty()),
        });
        if (!near || mutant.equivalent)
            && let Some(dir) = write
        {
            let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("mutant");
            let far = match (hits.is_empty(), mutant.equivalent) {
                (false, true) => ".reported-equivalent",
                (true, true) => ".equivalent",
                (true, false) => "",
                (false, false) => ".far",
            };
            let out = dir.join(format!("{stem}.{}.{}{far}.ptx", mutant.line, mutant.kind));
            std::fs::write(&out, &mutant.text).with_context(|| format!("writing {}", out.display()))?;
        }
        if verbose || hits.is_empty() || mutant.equivalent {
            parent.lines.push(format!(
                "{} {}:{} {}",
                if mutant.equivalent && !hits.is_empty() {
                    "REPORTED-EQUIVALENT"
                } else if mutant.equivalent {
                    "equivalent"
                } else if hits.is_empty() {
                    "MISSED"
                } else if near {
                    "caught"
                } else {
                    "caught-far"
                },
                file.display(),
                mutant.line,
                mutant.kind
            ));
        }
    }
    Ok(parent)
}

/// Whether a finding naming `lines` (its own first) is at the mutation's `line`: one of them
/// within 12 lines of it, or its own line and a related one on either side of it (the two
/// accesses a dropped barrier or wait stood between, however far apart).
fn at_the_line(lines: &[usize], line: usize) -> bool {
    let own = lines[0];
    lines.iter().any(|&l| l.abs_diff(line) <= 12) || lines[1..].iter().any(|&l| l.min(own) < line && line < l.max(own))
}

/// Whether ptxas 13.5 assembles `text` (for the module's target).
fn assembles(ptxas: &Path, text: &str) -> Result<bool> {
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("m.ptx");
    std::fs::write(&file, text)?;
    let parsed = ptxkit_syntax::parse(text);
    let header = ptxkit_semantic::SemanticModel::build(&parsed).header;
    let arch = header.target().map_or_else(|| "sm_90".to_string(), |t| t.to_string());
    let status = std::process::Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .arg("-o")
        .arg(dir.path().join("m.cubin"))
        .arg(&file)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()?;
    Ok(status.success())
}

pub fn run(args: &[String]) -> Result<ExitCode> {
    let mut paths = Vec::new();
    let mut check_ptxas = false;
    let mut verbose = false;
    let mut strict = false;
    let mut write = None;
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--write" => {
                let dir = PathBuf::from(args.next().context("--write needs a directory")?);
                std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
                write = Some(dir);
            }
            "--ptxas" => check_ptxas = true,
            "--verbose" => verbose = true,
            "--strict" => strict = true,
            a if a.starts_with("--") => {
                bail!("usage: cargo xtask sync-mutants [--ptxas] [--verbose] [--strict] [--write DIR] PATH...")
            }
            a => paths.push(PathBuf::from(a)),
        }
    }
    let ptxas = if check_ptxas {
        Some(PathBuf::from(
            std::env::var("PTXAS_13_5").context("--ptxas needs PTXAS_13_5")?,
        ))
    } else {
        None
    };
    let options = Options {
        ptxas,
        verbose,
        write,
        strict,
    };
    let mut files = Vec::new();
    for p in &paths {
        if p.is_dir() {
            let mut under = Vec::new();
            crate::files_under(p, "ptx", &mut under)?;
            under.sort();
            files.extend(under);
        } else if p.extension().is_some_and(|e| e == "ptx") {
            files.push(p.clone());
        }
    }
    let results: Vec<Result<Parent>> = files.par_iter().map(|file| judge_parent(file, &options)).collect();
    let mut made: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut false_parents = 0;
    let parents = files.len();
    for result in results {
        let parent = result?;
        for line in &parent.lines {
            println!("{line}");
        }
        false_parents += usize::from(parent.false_positive);
        for (kind, tally) in parent.counts {
            made.entry(kind).or_default().add(tally);
        }
    }
    println!("{parents} parents, {false_parents} with synchronisation findings of their own");
    for kind in KINDS {
        let t = made.get(kind).copied().unwrap_or_default();
        let (n, caught, near) = (t.mutants, t.caught, t.at_the_line);
        let equivalent = if t.equivalent > 0 {
            format!(
                "; {} change nothing observable ({} of them reported)",
                t.equivalent, t.equivalent_reported
            )
        } else {
            String::new()
        };
        println!("{kind:<18} {caught:>4} of {n:>4} caught, {near:>4} at the line{equivalent}");
    }
    Ok(if false_parents == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
