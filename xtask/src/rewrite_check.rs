//! `cargo xtask rewrite-check [down|up|exact|fixtures|all] [--jobs N] [--limit N] [--verbose] [CORPUS_DIR]`:
//! proves `ptxrewrite` with the destination's ptxas.
//!
//! - `down`: every ptxas-clean corpus file with `.version` ≥ 8.0 is rewritten
//!   `--to 7.8`; each converted file must be accepted by ptxas 11.8 (the CUDA
//!   11.8 assembler, PTX ≤ 7.8) for its new `.target`, or be refused with
//!   diagnostics. Written-but-rejected must be 0.
//! - `up`: every ptxas-clean legacy file (`.version` < 6.4, or using `shfl`/
//!   `vote` without `.sync`) is rewritten `--to 8.8 --target sm_80`; each
//!   converted file must be accepted by ptxas 12.9.
//! - `exact`: for every converted file (down and up) whose passes are all
//!   exact (a `.version`-only change included), the original and the rewrite
//!   are assembled for the same `-arch` by the same ptxas; the cubins, or else
//!   `cuobjdump -sass` without the header flags line (which names the PTX
//!   target), must be identical.
//! - `fixtures`: every fixture under `crates/rewrite/tests/fixtures` is
//!   assembled before (by a ptxas that knows its version) and, unless refused,
//!   after (by the destination's ptxas).
//!
//! Every converted file is also rewritten a second time, which must change
//! nothing. Prints counts and exits 1 on any written-but-rejected file,
//! second run that changes something, exactness difference or failing
//! fixture.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::ptxas::tool_path;
use ptxkit_isa::{Target, Version};
use ptxkit_rewrite::{Options, Tag, migrations};

const USAGE: &str =
    "usage: cargo xtask rewrite-check [down|up|exact|fixtures|all] [--jobs N] [--limit N] [--verbose] [CORPUS_DIR]";

use crate::ptxas::{RELEASES, Release as Ptxas};

const P13_5: &Ptxas = &RELEASES[0];
const P12_9: &Ptxas = &RELEASES[1];
const P11_8: &Ptxas = &RELEASES[2];

/// Newest first.
const ALL: [&Ptxas; 3] = [P13_5, P12_9, P11_8];

struct Settings {
    jobs: usize,
    limit: usize,
    verbose: bool,
    corpus: PathBuf,
}

/// One corpus row, with its declared version parsed.
struct Row {
    file: String,
    version: Option<Version>,
    clean: bool,
}

pub fn run(args: &[String]) -> Result<ExitCode> {
    let mut mode = "all".to_string();
    let mut settings = Settings {
        jobs: 2,
        limit: usize::MAX,
        verbose: false,
        corpus: PathBuf::new(),
    };
    let mut corpus = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--jobs" | "-j" => settings.jobs = rest.next().context(USAGE)?.parse().context(USAGE)?,
            "--limit" => settings.limit = rest.next().context(USAGE)?.parse().context(USAGE)?,
            "--verbose" | "-v" => settings.verbose = true,
            "down" | "up" | "exact" | "fixtures" | "all" => mode = arg.clone(),
            other if other.starts_with('-') => bail!("unknown option '{other}'\n{USAGE}"),
            other => corpus = Some(PathBuf::from(other)),
        }
    }
    settings.corpus = corpus
        .or_else(|| std::env::var_os("PTX_CORPUS_DIR").map(PathBuf::from))
        .unwrap_or_else(|| crate::workspace_root().join("../shared/corpus"));
    for p in ALL {
        tool_path(p.env)?;
    }
    tool_path("CUOBJDUMP")?;
    let mut ok = true;
    if matches!(mode.as_str(), "fixtures" | "all") {
        ok &= fixtures(&settings)?;
    }
    let needs_corpus = mode != "fixtures";
    if needs_corpus && !settings.corpus.join("INDEX.tsv").is_file() {
        bail!(
            "{}: no INDEX.tsv here; pass the corpus directory or set PTX_CORPUS_DIR",
            settings.corpus.display()
        );
    }
    if matches!(mode.as_str(), "down" | "exact" | "all") {
        ok &= corpus_direction(&settings, Direction::Down, mode != "down")?;
    }
    if matches!(mode.as_str(), "up" | "all") {
        ok &= corpus_direction(&settings, Direction::Up, false)?;
    }
    if matches!(mode.as_str(), "up" | "exact" | "all") {
        ok &= corpus_direction(&settings, Direction::UpSameModel, mode != "up")?;
    }
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn read_index(corpus: &Path) -> Result<Vec<Row>> {
    Ok(crate::corpus_index::read(corpus)?
        .into_iter()
        .map(|row| Row {
            version: ptxkit_isa::version(&row.version).ok(),
            clean: row.clean(),
            file: row.file,
        })
        .collect())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    /// `--to 7.8`, checked by ptxas 11.8.
    Down,
    /// `--to 8.8 --target sm_80 --allow-approximate`, checked by ptxas 12.9.
    Up,
    /// `--to 8.8 --target sm_60` (or the file's own target when newer): no
    /// independent-thread-scheduling move, so every pass can be exact.
    UpSameModel,
}

/// What happened to one corpus file.
enum Verdict {
    Converted { exact: Option<Exactness> },
    Unchanged,
    Refused(Vec<String>),
    WrittenButRejected(String),
    Failed(String),
}

enum Exactness {
    SameCubin,
    SameSass,
    /// The same instructions once the ABI's stack-pointer setup is set aside
    /// and registers and branch targets are numbered by first use.
    SameButAbi,
    /// The same once equivalent ALU encodings are identified too (`MOV` and
    /// `IMAD.MOV.U32 d, RZ, RZ, x`, `IADD3` and `IMAD.IADD`, `.reuse`
    /// hints, an immediate written negative or as its 32-bit pattern).
    SameButSelection,
    /// Different machine code from an exact pass that does not keep the code
    /// (`Pass::same_code` is false: expansions, legacy code moved onto the ABI).
    Expanded(String),
    /// Different machine code although only the header changed (no pass
    /// applied): ptxas itself lowers the same instructions differently at
    /// another `.version` (e.g. MC-GPU at `.target sm_20`: 4,624 SASS
    /// instructions at PTX 3.0, 4,728 at 4.0 and later, with ptxas 13.5).
    HeaderOnly(String),
    Different(String),
    Skipped(String),
}

fn corpus_direction(settings: &Settings, direction: Direction, with_exact: bool) -> Result<bool> {
    let rows = read_index(&settings.corpus)?;
    let (name, to, target, checker) = match direction {
        Direction::Down => ("down", Version::new(7, 8), None, P11_8),
        Direction::Up => (
            "up",
            Version::new(8, 8),
            Some(ptxkit_isa::target("sm_80").unwrap()),
            P12_9,
        ),
        Direction::UpSameModel => (
            "up-sm60",
            Version::new(8, 8),
            Some(ptxkit_isa::target("sm_60").unwrap()),
            P12_9,
        ),
    };
    let selected: Vec<&Row> = rows
        .iter()
        .filter(|r| r.clean)
        .filter(|r| match direction {
            Direction::Down => r.version.is_some_and(|v| v >= Version::new(8, 0)),
            Direction::Up | Direction::UpSameModel => {
                r.version.is_some_and(|v| v < Version::new(6, 4))
                    || uses_non_sync_warp_ops(&settings.corpus.join(&r.file))
            }
        })
        .take(settings.limit)
        .collect();
    let options = Options {
        to,
        target,
        allow_approximate: direction == Direction::Up,
    };
    let started = Instant::now();
    let temp = tempfile::tempdir().context("creating a temporary directory")?;
    let next = AtomicUsize::new(0);
    let verdicts: Mutex<Vec<(usize, Verdict)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for worker in 0..settings.jobs.max(1) {
            let (selected, next, verdicts, options) = (&selected, &next, &verdicts, &options);
            let dir = temp.path().join(format!("w{worker}"));
            scope.spawn(move || {
                let _ = std::fs::create_dir_all(&dir);
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(row) = selected.get(index) else { break };
                    let verdict = check_file(settings, row, options, checker, with_exact, &dir)
                        .unwrap_or_else(|err| Verdict::Failed(format!("{err:#}")));
                    verdicts.lock().unwrap().push((index, verdict));
                }
            });
        }
    });
    let mut verdicts = verdicts.into_inner().unwrap();
    verdicts.sort_by_key(|(index, _)| *index);
    let (mut converted, mut unchanged, mut refused, mut rejected, mut failed) = (0, 0, 0, 0, 0);
    let (mut cubin, mut sass, mut abi, mut selection) = (0, 0, 0, 0);
    let (mut expanded, mut header_only, mut different, mut skipped) = (0, 0, 0, 0);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for (index, verdict) in &verdicts {
        let file = &selected[*index].file;
        match verdict {
            Verdict::Converted { exact } => {
                converted += 1;
                match exact {
                    Some(Exactness::SameCubin) => cubin += 1,
                    Some(Exactness::SameSass) => sass += 1,
                    Some(Exactness::SameButAbi) => abi += 1,
                    Some(Exactness::SameButSelection) => {
                        selection += 1;
                        if settings.verbose {
                            println!("{name}: equivalent instruction selection {file}");
                        }
                    }
                    Some(Exactness::Expanded(why)) => {
                        expanded += 1;
                        if settings.verbose {
                            println!("{name}: expanded {file}: {why}");
                        }
                    }
                    Some(Exactness::HeaderOnly(why)) => {
                        header_only += 1;
                        println!(
                            "{name}: header-only rewrite, ptxas lowers it differently at the new version {file}: {why}"
                        );
                    }
                    Some(Exactness::Different(why)) => {
                        different += 1;
                        println!("{name}: NOT EXACT {file}: {why}");
                    }
                    Some(Exactness::Skipped(why)) => {
                        skipped += 1;
                        if settings.verbose {
                            println!("{name}: exactness skipped {file}: {why}");
                        }
                    }
                    None => {}
                }
            }
            Verdict::Unchanged => unchanged += 1,
            Verdict::Refused(why) => {
                refused += 1;
                for reason in why {
                    *reasons.entry(reason.clone()).or_default() += 1;
                }
                if settings.verbose {
                    println!("{name}: refused {file}: {}", why.join("; "));
                }
            }
            Verdict::WrittenButRejected(why) => {
                rejected += 1;
                println!("{name}: WRITTEN BUT REJECTED {file}: {why}");
            }
            Verdict::Failed(why) => {
                failed += 1;
                println!("{name}: FAILED {file}: {why}");
            }
        }
    }
    let assembler = match direction {
        Direction::Down => "ptxas 11.8",
        Direction::Up | Direction::UpSameModel => "ptxas 12.9",
    };
    println!("{name}: refusals by construct (files):");
    for (reason, count) in &reasons {
        println!("  {count:4}  {reason}");
    }
    println!(
        "{name}: {} files: {converted} converted and accepted by {assembler}, {unchanged} already there (accepted), \
         {refused} refused, {rejected} written-but-rejected (must be 0), {failed} failed ({:.0} s, {} threads)",
        verdicts.len(),
        started.elapsed().as_secs_f64(),
        settings.jobs
    );
    if with_exact {
        println!(
            "{name} exact: {} exact rewrites compared: {cubin} identical cubins, {sass} identical SASS, \
             {abi} identical but for the ABI stack-pointer setup and register numbering, \
             {selection} identical but for equivalent instruction encodings (MOV/IMAD.MOV, IADD3/IMAD.IADD), \
             {expanded} from passes that compute the same values with other code (expansions, ABI switched on), \
             {header_only} where only the header changed and ptxas lowers the same instructions differently, \
             {different} different (must be 0), {skipped} not comparable",
            cubin + sass + abi + selection + expanded + header_only + different + skipped
        );
    }
    Ok(rejected == 0 && failed == 0 && different == 0)
}

fn uses_non_sync_warp_ops(path: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    let parsed = ptxkit_syntax::parse(text);
    ptxkit_syntax::preorder(parsed.root())
        .filter_map(|n| ptxkit_syntax::ast::Instruction::cast(n, parsed.text()))
        .any(|i| matches!(i.opcode(), "shfl" | "vote") && !i.has_modifier(".sync"))
}

fn check_file(
    settings: &Settings,
    row: &Row,
    options: &Options,
    checker: &Ptxas,
    with_exact: bool,
    dir: &Path,
) -> Result<Verdict> {
    let path = settings.corpus.join(&row.file);
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let mut options = options.clone();
    if let Some(target) = options.target
        && !options.allow_approximate
        && declared_target(&text).is_some_and(|t| t.sm > target.sm)
    {
        // Same execution model, never a lower target: keep the file's own.
        options.target = None;
    }
    let options = &options;
    let result = match ptxkit_rewrite::rewrite(&text, options) {
        Ok(result) => result,
        Err(err) => return Ok(Verdict::Failed(err.to_string())),
    };
    if result.refused() {
        let mut why: Vec<String> = result.refusals.iter().map(reason).collect();
        why.sort();
        why.dedup();
        return Ok(Verdict::Refused(why));
    }
    // A second run over the result must change nothing.
    match ptxkit_rewrite::rewrite(&result.output, options) {
        Ok(again) if again.output == result.output && !again.refused() => {}
        Ok(again) => {
            return Ok(Verdict::Failed(format!(
                "a second run is not a no-op (applied {:?}, {} refusals)",
                again.applied,
                again.refusals.len()
            )));
        }
        Err(err) => return Ok(Verdict::Failed(format!("a second run failed: {err}"))),
    }
    let out = dir.join("rewritten.ptx");
    std::fs::write(&out, &result.output)?;
    let arch = arch_for(result.movement.to_target, checker);
    let assembled = assemble(&tool_path(checker.env)?, &arch, &out, None)?;
    if let Err(message) = assembled {
        return Ok(Verdict::WrittenButRejected(format!("-arch {arch}: {message}")));
    }
    if !result.changed(&text) {
        return Ok(Verdict::Unchanged);
    }
    let all_exact = result
        .applied
        .keys()
        .all(|name| migrations::find(name).is_none_or(|p| p.tag == Tag::Exact));
    let other_code = result
        .applied
        .keys()
        .any(|name| migrations::find(name).is_some_and(|p| !p.same_code));
    let exact = (with_exact && all_exact).then(|| match compare(&path, &out, &result.movement, dir) {
        Ok(Exactness::Different(why)) if other_code => Exactness::Expanded(why),
        Ok(Exactness::Different(why)) if result.applied.is_empty() => Exactness::HeaderOnly(why),
        Ok(verdict) => verdict,
        Err(err) => Exactness::Skipped(format!("{err:#}")),
    });
    Ok(Verdict::Converted { exact })
}

/// The first architecture of a module's `.target`.
fn declared_target(text: &str) -> Option<Target> {
    let parsed = ptxkit_syntax::parse(text);
    let (_, entries) = ptxkit_syntax::ast::target_directive(parsed.root(), parsed.text())?;
    entries.iter().find_map(|e| ptxkit_isa::target(e).ok())
}

/// A short reason for a refusal: the construct without operands.
fn reason(diagnostic: &ptxkit_syntax::Diagnostic) -> String {
    let message = &diagnostic.message;
    match (
        message.find('`'),
        message[message.find('`').map_or(0, |i| i + 1)..].find('`'),
    ) {
        (Some(a), Some(b)) => {
            let construct = &message[a + 1..a + 1 + b];
            let construct = construct.split('.').take(3).collect::<Vec<_>>().join(".");
            format!("{} {construct}", diagnostic.rule)
        }
        _ => format!("{} {}", diagnostic.rule, message.chars().take(70).collect::<String>()),
    }
}

fn arch_for(target: Target, ptxas: &Ptxas) -> String {
    if target.sm < ptxas.min_sm {
        format!("sm_{}", ptxas.min_sm)
    } else {
        target.to_string()
    }
}

/// Assembles `file`; `Ok(Err(message))` when ptxas rejects it (or crashes).
fn assemble(ptxas: &Path, arch: &str, file: &Path, output: Option<&Path>) -> Result<std::result::Result<(), String>> {
    let mut command = Command::new(ptxas);
    command.arg("-arch").arg(arch).arg(file).arg("-o");
    match output {
        Some(out) => command.arg(out),
        None => command.arg("/dev/null"),
    };
    let result = command
        .output()
        .with_context(|| format!("running {}", ptxas.display()))?;
    if result.status.success() {
        return Ok(Ok(()));
    }
    let stderr = String::from_utf8_lossy(&result.stderr);
    let first = stderr
        .lines()
        .find(|l| l.contains("error") || l.contains("fatal"))
        .unwrap_or_else(|| stderr.lines().next().unwrap_or(""))
        .to_string();
    let status = match result.status.code() {
        Some(code) => format!("exit {code}"),
        None => "crashed".to_string(),
    };
    Ok(Err(format!("{status}: {first}")))
}

/// Assembles original and rewrite with one ptxas for one `-arch` and compares.
fn compare(original: &Path, rewritten: &Path, movement: &ptxkit_rewrite::Move, dir: &Path) -> Result<Exactness> {
    let from = movement.from;
    let newest = from.max(movement.to);
    // The arch: the original's own target when it is an a/f target (it cannot
    // be assembled for anything else), else the newer of the two targets.
    let arch_target = if movement.from_target.variant != ptxkit_isa::Variant::Base {
        movement.from_target
    } else {
        movement.from_target.max(movement.to_target).base()
    };
    let Some(ptxas) = ALL
        .iter()
        .find(|p| p.max_ptx >= newest && arch_target.sm <= p.max_sm && arch_target.sm.max(75) >= p.min_sm)
    else {
        return Ok(Exactness::Skipped(format!(
            "no ptxas for PTX {newest} and {arch_target}"
        )));
    };
    let arch = if arch_target.sm < 75 {
        "sm_75".to_string()
    } else {
        arch_target.to_string()
    };
    let tool = tool_path(ptxas.env)?;
    let (a, b) = (dir.join("a.cubin"), dir.join("b.cubin"));
    if let Err(message) = assemble(&tool, &arch, original, Some(&a))? {
        return Ok(Exactness::Skipped(format!("original: {message}")));
    }
    if let Err(message) = assemble(&tool, &arch, rewritten, Some(&b))? {
        return Ok(Exactness::Different(format!(
            "rewrite rejected by the same ptxas: {message}"
        )));
    }
    if std::fs::read(&a)? == std::fs::read(&b)? {
        return Ok(Exactness::SameCubin);
    }
    let (sa, sb) = (sass(&a)?, sass(&b)?);
    if sa == sb {
        return Ok(Exactness::SameSass);
    }
    if normalize_sass(&sa) == normalize_sass(&sb) {
        return Ok(Exactness::SameButAbi);
    }
    if normalize_sass(&canonical_selection(&sa)) == normalize_sass(&canonical_selection(&sb)) {
        return Ok(Exactness::SameButSelection);
    }
    let diff: Vec<String> = sa
        .lines()
        .zip(sb.lines())
        .filter(|(x, y)| x != y)
        .take(2)
        .map(|(x, y)| format!("`{}` vs `{}`", x.trim(), y.trim()))
        .collect();
    Ok(Exactness::Different(format!(
        "-arch {arch} with {}: {}",
        ptxas.env,
        diff.join(", ")
    )))
}

/// SASS with the ABI stack-pointer setup (`R1 = c[0x0][0x28]`) removed and
/// registers, predicates and code addresses renumbered by first use, per
/// function, so that two listings that differ only in register allocation
/// around that setup compare equal.
fn normalize_sass(sass: &str) -> String {
    let mut out = String::new();
    for function in sass.split("Function :") {
        let lines: Vec<(Option<u64>, &str)> = function
            .lines()
            .map(|l| {
                let t = l.trim();
                match t.strip_prefix("/*").and_then(|r| r.split_once("*/")) {
                    Some((addr, rest)) => (u64::from_str_radix(addr, 16).ok(), rest.trim()),
                    None => (None, t),
                }
            })
            .collect();
        let is_sp_setup = |t: &str| t.contains("R1, c[0x0][0x28]") || t.contains("R1, RZ, RZ, c[0x0][0x28]");
        // NOP padding after the last instruction depends on the count.
        let kept: Vec<(Option<u64>, &str)> = lines
            .into_iter()
            .filter(|(_, t)| !is_sp_setup(t) && !t.starts_with("NOP"))
            .collect();
        let mut labels = std::collections::HashMap::new();
        for (index, (addr, _)) in kept.iter().enumerate() {
            if let Some(a) = addr {
                labels.insert(*a, index);
            }
        }
        let mut names: std::collections::HashMap<String, String> = std::collections::HashMap::new();
        for (_, text) in &kept {
            let mut line = String::new();
            let mut token = String::new();
            let flush = |token: &mut String,
                         line: &mut String,
                         names: &mut std::collections::HashMap<String, String>| {
                if token.is_empty() {
                    return;
                }
                let register = ["UR", "UP", "R", "P", "B"].iter().find(|p| {
                    token
                        .strip_prefix(**p)
                        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
                });
                if let Some(prefix) = register {
                    let count = names.iter().filter(|(k, _)| k.starts_with(prefix)).count();
                    let name = names
                        .entry(token.clone())
                        .or_insert_with(|| format!("{prefix}#{count}"));
                    line.push_str(name);
                } else if let Some(hex) = token.strip_prefix("0x")
                    && let Ok(addr) = u64::from_str_radix(hex, 16)
                    && let Some(index) = labels.get(&addr)
                    && (text.contains("BRA") || text.contains("BSSY") || text.contains("CALL") || text.contains("JMP"))
                {
                    line.push_str(&format!("L{index}"));
                } else {
                    line.push_str(token);
                }
                token.clear();
            };
            for c in text.chars() {
                if c.is_ascii_alphanumeric() || c == '_' {
                    token.push(c);
                } else {
                    flush(&mut token, &mut line, &mut names);
                    line.push(c);
                }
            }
            flush(&mut token, &mut line, &mut names);
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// SASS with equivalent ALU encodings written one way: `IMAD.MOV{.U32} d,
/// RZ, RZ, x` and `IADD3` of one register and two `RZ` as `MOV d, x`, `IMAD.IADD d, a, 0x1,
/// b` as `IADD3 d, a, b, RZ`, no `.reuse` operand-cache hints, and negative
/// immediates as their 32-bit pattern.
fn canonical_selection(sass: &str) -> String {
    let mut out = String::new();
    for line in sass.lines() {
        let line = line.replace(".reuse", "");
        let line = line.trim_end();
        // `/*addr*/ [@P] OPCODE operands ;`: split off the opcode.
        let canonical = line.strip_suffix(" ;").and_then(|body| {
            let (head, operands) = body.rsplit_once("  ").map(|(h, rest)| (h, rest.trim_start()))?;
            let (guard, rest) = match operands.split_once(' ') {
                Some((g, rest)) if g.starts_with('@') => (format!("{g} "), rest),
                _ => (String::new(), operands),
            };
            let (opcode, args) = rest.split_once(' ')?;
            let args: Vec<&str> = args.split(", ").collect();
            let instruction = match (opcode, &args[..]) {
                ("IMAD.MOV.U32" | "IMAD.MOV", [d, "RZ", "RZ", x])
                | ("IADD3", [d, x, "RZ", "RZ"] | [d, "RZ", x, "RZ"] | [d, "RZ", "RZ", x]) => format!("MOV {d}, {x}"),
                ("IMAD.IADD", [d, a, "0x1", b]) => format!("IADD3 {d}, {a}, {b}, RZ"),
                _ => return None,
            };
            Some(format!("{head}  {guard}{instruction} ;"))
        });
        let line = canonical.as_deref().unwrap_or(line);
        let words: Vec<String> = line
            .split(' ')
            .map(|w| {
                let (core, tail) = w.split_at(w.trim_end_matches([',', ';']).len());
                match core.strip_prefix("-0x").and_then(|h| u32::from_str_radix(h, 16).ok()) {
                    Some(v) => format!("0x{:x}{tail}", v.wrapping_neg()),
                    None => w.to_string(),
                }
            })
            .collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

/// `cuobjdump -sass` without the lines that legitimately differ: the header
/// flags (they name the PTX target) and the encoding comments.
fn sass(cubin: &Path) -> Result<String> {
    let output = Command::new(tool_path("CUOBJDUMP")?)
        .arg("-sass")
        .arg(cubin)
        .output()
        .context("running cuobjdump")?;
    let text = String::from_utf8_lossy(&output.stdout);
    Ok(text
        .lines()
        .filter(|l| !l.contains(".headerflags") && !l.trim().is_empty())
        .map(|l| l.split("/* 0x").next().unwrap_or(l).trim_end())
        .filter(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Assembles every fixture before and after its rewrite.
fn fixtures(settings: &Settings) -> Result<bool> {
    let root = crate::workspace_root().join("crates/rewrite/tests/fixtures");
    let mut files = Vec::new();
    collect_ptx(&root, &mut files)?;
    files.sort();
    let started = Instant::now();
    let temp = tempfile::tempdir()?;
    let (mut ok, mut bad) = (0, 0);
    for file in &files {
        let text = std::fs::read_to_string(file)?;
        let name = file.strip_prefix(&root).unwrap_or(file).display().to_string();
        let Some(options) = fixture_options(&text) else {
            println!(
                "fixtures: BAD {name}: first line must be `// ptxrewrite --to X.Y [--target T] [--allow-approximate]`"
            );
            bad += 1;
            continue;
        };
        let verdict = check_fixture(&text, &options, temp.path());
        match verdict {
            Ok(note) => {
                ok += 1;
                if settings.verbose {
                    println!("fixtures: ok {name}: {note}");
                }
            }
            Err(why) => {
                bad += 1;
                println!("fixtures: FAILED {name}: {why}");
            }
        }
    }
    for pass in migrations::MIGRATIONS {
        let Some((example, options)) = pass
            .example()
            .and_then(|e| Options::from_args(&e.args).map(|options| (e, options)))
        else {
            println!(
                "fixtures: FAILED {}: no runnable example in its documentation",
                pass.name
            );
            bad += 1;
            continue;
        };
        match check_fixture(&example.before, &options, temp.path()) {
            Ok(note) => {
                ok += 1;
                if settings.verbose {
                    println!("fixtures: ok example of {}: {note}", pass.name);
                }
            }
            Err(why) => {
                bad += 1;
                println!("fixtures: FAILED example of {}: {why}", pass.name);
            }
        }
    }
    println!(
        "fixtures: {} fixtures and {} documentation examples: {ok} verified with ptxas, {bad} failed ({:.0} s)",
        files.len(),
        migrations::MIGRATIONS.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(bad == 0)
}

fn collect_ptx(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            collect_ptx(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "ptx") {
            out.push(path);
        }
    }
    Ok(())
}

/// The options on a fixture's first line.
pub fn fixture_options(text: &str) -> Option<Options> {
    Options::from_args(text.lines().next()?.strip_prefix("// ptxrewrite ")?)
}

/// The ptxas that assembles PTX `version` for `target`, and the `-arch`.
fn ptxas_for(version: Version, target: Target) -> Option<(&'static Ptxas, String)> {
    // Prefer the oldest release that knows the version: it is the one a user
    // of that version has.
    let ptxas = ALL
        .iter()
        .rev()
        .find(|p| p.max_ptx >= version && target.sm <= p.max_sm)?;
    let arch = if target.sm < ptxas.min_sm {
        format!("sm_{}", ptxas.min_sm)
    } else {
        target.to_string()
    };
    Some((ptxas, arch))
}

fn check_fixture(text: &str, options: &Options, dir: &Path) -> std::result::Result<String, String> {
    let before = dir.join("before.ptx");
    let after = dir.join("after.ptx");
    std::fs::write(&before, text).map_err(|e| e.to_string())?;
    let parsed = ptxkit_syntax::parse(text);
    let version_text = ptxkit_syntax::ast::version_directive(parsed.root(), parsed.text())
        .map(|(_, v)| v.to_string())
        .unwrap_or_default();
    let version = ptxkit_isa::version(&version_text).map_err(|e| e.to_string())?;
    let target = ptxkit_syntax::ast::target_directive(parsed.root(), parsed.text())
        .and_then(|(_, t)| t.first().and_then(|t| ptxkit_isa::target(t).ok()))
        .ok_or("no target")?;
    let (ptxas, arch) = ptxas_for(version, target).ok_or("no ptxas for the input")?;
    let tool = tool_path(ptxas.env).map_err(|e| e.to_string())?;
    if let Err(message) = assemble(&tool, &arch, &before, None).map_err(|e| e.to_string())? {
        return Err(format!(
            "the input is rejected by {} -arch {arch}: {message}",
            ptxas.env
        ));
    }
    let result = ptxkit_rewrite::rewrite(text, options).map_err(|e| e.to_string())?;
    if result.refused() {
        return Ok(format!("refused ({} refusals)", result.refusals.len()));
    }
    std::fs::write(&after, &result.output).map_err(|e| e.to_string())?;
    let (ptxas, arch) = ptxas_for(result.movement.to, result.movement.to_target).ok_or("no ptxas for the output")?;
    let tool = tool_path(ptxas.env).map_err(|e| e.to_string())?;
    if let Err(message) = assemble(&tool, &arch, &after, None).map_err(|e| e.to_string())? {
        return Err(format!(
            "the rewrite is rejected by {} -arch {arch}: {message}",
            ptxas.env
        ));
    }
    let exact = result
        .applied
        .keys()
        .all(|name| migrations::find(name).is_none_or(|p| p.tag == Tag::Exact && p.same_code));
    if !exact || !result.changed(text) {
        return Ok(format!("accepted by {} -arch {arch}", ptxas.env));
    }
    let compare_dir = dir.join("compare");
    std::fs::create_dir_all(&compare_dir).map_err(|e| e.to_string())?;
    let accepted = format!("accepted by {} -arch {arch}", ptxas.env);
    match compare(&before, &after, &result.movement, &compare_dir).map_err(|e| format!("{e:#}"))? {
        Exactness::SameCubin => Ok(format!("{accepted}; exact: identical cubin")),
        Exactness::SameSass => Ok(format!("{accepted}; exact: identical SASS")),
        Exactness::SameButAbi => Ok(format!(
            "{accepted}; exact: identical SASS but for the ABI stack-pointer setup"
        )),
        Exactness::SameButSelection => Ok(format!(
            "{accepted}; exact: identical SASS but for equivalent instruction encodings"
        )),
        Exactness::Skipped(why) => Ok(format!("{accepted}; exactness not compared: {why}")),
        Exactness::Expanded(why) | Exactness::HeaderOnly(why) | Exactness::Different(why) => {
            Err(format!("exact rewrite, different code: {why}"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::canonical_selection;

    #[test]
    fn equivalent_encodings_are_written_one_way() {
        let pairs = [
            (
                "        /*2d20*/                   IMAD.MOV.U32 R3, RZ, RZ, R0 ;",
                "        /*2d20*/                   MOV R3, R0 ;",
            ),
            (
                "        /*32c0*/              @!P4 IMAD.MOV R9, RZ, RZ, -R9 ;",
                "        /*32c0*/              @!P4 IADD3 R9, -R9, RZ, RZ ;",
            ),
            (
                "        /*3860*/                   IADD3 R12, RZ, -R19, RZ ;",
                "        /*3860*/                   MOV R12, -R19 ;",
            ),
            (
                "        /*2eb0*/               @P3 IMAD.IADD R9, R12, 0x1, R11.reuse ;",
                "        /*2eb0*/               @P3 IADD3 R9, R12, R11, RZ ;",
            ),
            (
                "        /*2f70*/                   MOV R12, 0x80000055 ;",
                "        /*2f70*/                   IMAD.MOV.U32 R12, RZ, RZ, -0x7fffffab ;",
            ),
        ];
        for (a, b) in pairs {
            assert_eq!(canonical_selection(a), canonical_selection(b), "{a} vs {b}");
        }
        assert_ne!(
            canonical_selection("        /*0010*/                   MOV R3, R0 ;"),
            canonical_selection("        /*0010*/                   MOV R3, R1 ;")
        );
    }
}
