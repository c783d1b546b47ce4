//! `cargo xtask rewrite-check [down|up|its|exact|fixtures|all] [--jobs N] [--limit N] [--verbose] [CORPUS_DIR]`:
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
//! - `its`: the same legacy files whose target is below sm_70, rewritten `--to 8.8 --target
//!   sm_80` without `--allow-approximate`: how many convert with no intra-warp communication,
//!   how many with `bar.warp.sync` (or `.sync` forms) added, how many are refused (and how many
//!   of the plain ones: no shared memory, warp instruction, atomic, reduction or fence); each
//!   converted file must be accepted by ptxas 12.9.
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
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::ptxas::tool_path;
use crate::rewrite_compare::{Exactness, compare_recorded, rejection};
use ptxkit_isa::{Target, Version};
use ptxkit_rewrite::{Options, Tag, migrations};

const USAGE: &str = "usage: cargo xtask rewrite-check [down|up|its|exact|fixtures|all] [--jobs N] [--limit N] [--verbose] [--live | --record] [--sample PERCENT] [CORPUS_DIR]";

use crate::ptxas::{RELEASES, Release as Ptxas};

const P13_5: &Ptxas = &RELEASES[0];
const P12_9: &Ptxas = &RELEASES[1];
const P11_8: &Ptxas = &RELEASES[2];

/// Newest first.
pub(crate) const ALL: [&Ptxas; 3] = [P13_5, P12_9, P11_8];

struct Settings {
    /// What ptxas said of each input before (`xtask/verdicts/rewrite-check.tsv`).
    verdicts: crate::verdicts::Verdicts,
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
    let (oracle, args) = crate::verdicts::Options::take(args)?;
    let mut mode = "all".to_string();
    let mut settings = Settings {
        verdicts: crate::verdicts::Verdicts::open("rewrite-check", "rewrite-check all", &oracle)?,
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
            "down" | "up" | "its" | "exact" | "fixtures" | "all" => mode = arg.clone(),
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
    if matches!(mode.as_str(), "its" | "all") {
        ok &= its_kernels(&settings)?;
        ok &= corpus_direction(&settings, Direction::Its, false)?;
    }
    // A record of a whole `all` run replaces the old one.
    ok &= settings
        .verdicts
        .finish(mode == "all" && settings.limit == usize::MAX)?;
    Ok(if ok { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// Assembles `text` (as `dir/name`) with `release` for `arch` through the recorded verdicts;
/// `Ok(Err(message))` when ptxas rejects it (or crashes).
fn assemble(
    verdicts: &crate::verdicts::Verdicts,
    release: &Ptxas,
    arch: &str,
    dir: &Path,
    name: &str,
    text: &str,
) -> Result<std::result::Result<(), String>> {
    let tool = tool_path(release.env)?;
    let record = crate::ptxas::run_recorded(
        verdicts,
        release.column,
        &tool,
        dir,
        name,
        text,
        &["-arch", arch, name, "-o", "/dev/null"],
    )?;
    let (code, stderr) = crate::verdicts::parse_process_record(&record);
    Ok(rejection(code, stderr))
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
    /// `--to 8.8 --target sm_80` without `--allow-approximate`, files below sm_70 only: what
    /// the move to independent thread scheduling can prove, fix or must refuse.
    Its,
    /// `--to 8.8 --target sm_60` (or the file's own target when newer): no
    /// independent-thread-scheduling move, so every pass can be exact.
    UpSameModel,
}

/// What happened to one corpus file.
enum Verdict {
    /// `synchronised`: `bar.warp.sync` or `.sync` warp instructions were added.
    Converted {
        exact: Option<Exactness>,
        synchronised: bool,
    },
    Unchanged,
    Refused(Vec<String>),
    WrittenButRejected(String),
    Failed(String),
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
        Direction::Its => (
            "its",
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
            Direction::Its => {
                (r.version.is_some_and(|v| v < Version::new(6, 4))
                    || uses_non_sync_warp_ops(&settings.corpus.join(&r.file)))
                    && std::fs::read_to_string(settings.corpus.join(&r.file))
                        .is_ok_and(|text| declared_target(&text).is_some_and(|t| t.sm < 70))
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
    let (mut synchronised_files, mut plain, mut plain_refused, mut plain_its) = (0, 0, 0, 0);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for (index, verdict) in &verdicts {
        let file = &selected[*index].file;
        if direction == Direction::Its && is_plain(&settings.corpus.join(file)) {
            plain += 1;
            if let Verdict::Refused(why) = verdict {
                plain_refused += 1;
                plain_its += usize::from(why.iter().any(|w| w.starts_with("independent-thread-scheduling")));
            }
        }
        match verdict {
            Verdict::Converted { exact, synchronised } => {
                converted += 1;
                synchronised_files += usize::from(*synchronised);
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
        Direction::Up | Direction::UpSameModel | Direction::Its => "ptxas 12.9",
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
    if direction == Direction::Its {
        println!(
            "{name}: {} converted with no intra-warp communication, {synchronised_files} with warp synchronisation added; \
             {plain_refused} of {plain} plain files (no shared memory, warp instruction, atomic, reduction or fence) refused, \
             {plain_its} of them for independent thread scheduling",
            converted - synchronised_files
        );
    }
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

/// The legacy test kernels of `tests/its/KIND` moved to sm_80 without `--allow-approximate`:
/// per kind, how many convert (with warp synchronisation added or not) and how many are
/// refused; every converted kernel must be accepted by ptxas 12.9.
fn its_kernels(settings: &Settings) -> Result<bool> {
    let options = Options {
        to: Version::new(8, 8),
        target: Some(ptxkit_isa::target("sm_80").unwrap()),
        allow_approximate: false,
    };
    let temp = tempfile::tempdir().context("creating a temporary directory")?;
    let mut ok = true;
    for kind in ["independent", "fixable", "unsafe"] {
        let dir = crate::workspace_root().join("tests/its").join(kind);
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .with_context(|| format!("reading {}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "ptx"))
            .collect();
        paths.sort();
        let (mut plain, mut synchronised, mut refused) = (0, 0, 0);
        for path in &paths {
            let text = std::fs::read_to_string(path)?;
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let result = ptxkit_rewrite::rewrite(&text, &options).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
            if result.refused() {
                refused += 1;
                if settings.verbose {
                    println!("its kernels: {kind}: refused {name}");
                }
                continue;
            }
            let count = |t: &str| {
                t.matches("bar.warp.sync").count() + t.matches("shfl.sync").count() + t.matches("vote.sync").count()
            };
            if count(&result.output) > count(&text) {
                synchronised += 1;
            } else {
                plain += 1;
            }
            let arch = arch_for(result.movement.to_target, P12_9);
            if let Err(message) = assemble(
                &settings.verdicts,
                P12_9,
                &arch,
                temp.path(),
                "kernel.ptx",
                &result.output,
            )? {
                ok = false;
                println!("its kernels: {kind}: WRITTEN BUT REJECTED {name}: {message}");
            }
        }
        println!(
            "its kernels: {kind}: {} kernels: {plain} converted as they are, {synchronised} with warp synchronisation added \
             (all accepted by ptxas 12.9 unless listed), {refused} refused",
            paths.len()
        );
    }
    Ok(ok)
}

/// Whether a file has no shared memory, warp instruction, atomic, reduction or fence: nothing
/// lanes of a warp could exchange data or order themselves through.
fn is_plain(path: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    let parsed = ptxkit_syntax::parse(text);
    !parsed.text().contains(".shared")
        && !ptxkit_syntax::preorder(parsed.root())
            .filter_map(|n| ptxkit_syntax::ast::Instruction::cast(n, parsed.text()))
            .any(|i| {
                matches!(
                    i.opcode(),
                    "shfl" | "vote" | "atom" | "red" | "membar" | "fence" | "bar" | "barrier" | "match" | "activemask"
                )
            })
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
    let arch = arch_for(result.movement.to_target, checker);
    let assembled = assemble(&settings.verdicts, checker, &arch, dir, "rewritten.ptx", &result.output)?;
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
    let compared = |dir: &Path| compare_recorded(&settings.verdicts, &text, &result.output, &result.movement, dir);
    let exact = (with_exact && all_exact).then(|| match compared(dir) {
        Ok(Exactness::Different(why)) if other_code => Exactness::Expanded(why),
        Ok(Exactness::Different(why)) if result.applied.is_empty() => Exactness::HeaderOnly(why),
        Ok(verdict) => verdict,
        Err(err) => Exactness::Skipped(format!("{err:#}")),
    });
    let synchronising = |text: &str| {
        text.matches("bar.warp.sync").count() + text.matches("shfl.sync").count() + text.matches("vote.sync").count()
    };
    let synchronised = synchronising(&result.output) > synchronising(&text);
    Ok(Verdict::Converted { exact, synchronised })
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

/// Assembles every fixture before and after its rewrite.
fn fixtures(settings: &Settings) -> Result<bool> {
    let verdicts = &settings.verdicts;
    let root = crate::workspace_root().join("crates/rewrite/tests/fixtures");
    let mut files = Vec::new();
    crate::files_under(&root, "ptx", &mut files)?;
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
        let verdict = check_fixture(verdicts, &text, &options, temp.path());
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
        match check_fixture(verdicts, &example.before, &options, temp.path()) {
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

fn check_fixture(
    verdicts: &crate::verdicts::Verdicts,
    text: &str,
    options: &Options,
    dir: &Path,
) -> std::result::Result<String, String> {
    let parsed = ptxkit_syntax::parse(text);
    let version_text = ptxkit_syntax::ast::version_directive(parsed.root(), parsed.text())
        .map(|(_, v)| v.to_string())
        .unwrap_or_default();
    let version = ptxkit_isa::version(&version_text).map_err(|e| e.to_string())?;
    let target = ptxkit_syntax::ast::target_directive(parsed.root(), parsed.text())
        .and_then(|(_, t)| t.first().and_then(|t| ptxkit_isa::target(t).ok()))
        .ok_or("no target")?;
    let (ptxas, arch) = ptxas_for(version, target).ok_or("no ptxas for the input")?;
    if let Err(message) = assemble(verdicts, ptxas, &arch, dir, "before.ptx", text).map_err(|e| e.to_string())? {
        return Err(format!(
            "the input is rejected by {} -arch {arch}: {message}",
            ptxas.env
        ));
    }
    let result = ptxkit_rewrite::rewrite(text, options).map_err(|e| e.to_string())?;
    if result.refused() {
        return Ok(format!("refused ({} refusals)", result.refusals.len()));
    }
    let (ptxas, arch) = ptxas_for(result.movement.to, result.movement.to_target).ok_or("no ptxas for the output")?;
    if let Err(message) =
        assemble(verdicts, ptxas, &arch, dir, "after.ptx", &result.output).map_err(|e| e.to_string())?
    {
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
    match compare_recorded(verdicts, text, &result.output, &result.movement, &compare_dir)
        .map_err(|e| format!("{e:#}"))?
    {
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
