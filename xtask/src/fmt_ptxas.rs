//! `cargo xtask fmt-ptxas [--jobs N] [--limit N] [CORPUS_DIR]`: proves with
//! ptxas that formatting never changes code.
//!
//! For every corpus file that a ptxas assembled cleanly (INDEX.tsv: the
//! newest of 13.5, 12.9, 11.8 that said `ok` or `ok+warn`), the original and
//! its `ptxfmt` output are assembled with that ptxas and the file's target
//! (raised to the oldest architecture that ptxas still supports) with
//! `--suppress-debug-info`. The cubins must be identical; when they are not
//! (function-scope variables carry the PTX line number in their symbol
//! names), `cuobjdump -sass` of both must be; for architectures that
//! cuobjdump 13 no longer disassembles (before sm_75), the cubins must be
//! identical once those line numbers are set aside ([`crate::elf`]). Prints
//! the counts and exits 1 on any difference.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::ptxas::tool_path;

const USAGE: &str =
    "usage: cargo xtask fmt-ptxas [--jobs N] [--limit N] [--live | --record] [--sample PERCENT] [CORPUS_DIR]";

/// What the recorded verdict of a file depends on besides the two texts and the ptxas: how
/// they are compared (this list, and the ELF comparison's code).
const COMPARISON: &str = "ptxas --suppress-debug-info; cubins; cuobjdump 13.5 -sass; elf::same_except_line_numbers";

use crate::ptxas::RELEASES as PTXAS;

/// One file to check.
struct Job {
    file: String,
    /// The release, e.g. `ptxas_13.5`.
    column: &'static str,
    ptxas: PathBuf,
    arch: String,
}

/// How one file came out.
enum Verdict {
    SameCubin,
    SameSass,
    /// Identical but for the line numbers in symbol names (no SASS
    /// disassembler for the architecture).
    SameElf,
    Different(String),
    Skipped(String),
}

pub fn run(args: &[String]) -> Result<ExitCode> {
    let (oracle, args) = crate::verdicts::Options::take(args)?;
    let verdicts = crate::verdicts::Verdicts::open("fmt-ptxas", "fmt-ptxas", &oracle)?;
    let mut jobs = 2usize;
    let mut limit = usize::MAX;
    let mut corpus = None;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--jobs" | "-j" => jobs = rest.next().context(USAGE)?.parse().context(USAGE)?,
            "--limit" => limit = rest.next().context(USAGE)?.parse().context(USAGE)?,
            other if other.starts_with('-') => bail!("unknown option '{other}'\n{USAGE}"),
            other => corpus = Some(PathBuf::from(other)),
        }
    }
    let corpus = corpus
        .or_else(|| std::env::var_os("PTX_CORPUS_DIR").map(PathBuf::from))
        .unwrap_or_else(|| crate::workspace_root().join("../shared/corpus"));
    if !corpus.join("INDEX.tsv").is_file() {
        bail!(
            "{}: no INDEX.tsv here; pass the corpus directory or set PTX_CORPUS_DIR",
            corpus.display()
        );
    }
    let cuobjdump = tool_path("CUOBJDUMP")?;
    let ptxas: Vec<PathBuf> = PTXAS.iter().map(|p| tool_path(p.env)).collect::<Result<_>>()?;
    let work = select_jobs(&corpus, &ptxas)?;
    let complete = limit >= work.len();
    let work: Vec<Job> = work.into_iter().take(limit).collect();
    let started = Instant::now();
    let temp = tempfile::tempdir().context("creating a temporary directory")?;
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Verdict)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for worker in 0..jobs.max(1) {
            let (work, next, results, corpus, cuobjdump, verdicts) =
                (&work, &next, &results, &corpus, &cuobjdump, &verdicts);
            let dir = temp.path().join(format!("w{worker}"));
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = work.get(index) else { break };
                    let verdict = check(verdicts, job, corpus, cuobjdump, &dir)
                        .unwrap_or_else(|err| Verdict::Skipped(format!("{err:#}")));
                    results.lock().unwrap().push((index, verdict));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(index, _)| *index);
    let (mut cubin, mut sass, mut elf, mut different, mut skipped) = (0, 0, 0, 0, 0);
    for (index, verdict) in &results {
        let file = &work[*index].file;
        match verdict {
            Verdict::SameCubin => cubin += 1,
            Verdict::SameSass => sass += 1,
            Verdict::SameElf => elf += 1,
            Verdict::Different(why) => {
                different += 1;
                println!("DIFFERENT {file}: {why}");
            }
            Verdict::Skipped(why) => {
                skipped += 1;
                println!("skipped {file}: {why}");
            }
        }
    }
    println!(
        "{} files, {cubin} identical cubins, {sass} identical SASS, {elf} identical but for line-numbered symbol names \
         (pre-sm_75, no SASS disassembler), {different} different, {skipped} skipped ({:.0} s, {jobs} threads)",
        results.len(),
        started.elapsed().as_secs_f64()
    );
    let agrees = verdicts.finish(complete)?;
    Ok(if different > 0 || !agrees {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// The ptxas-clean files of INDEX.tsv, each with its ptxas and `-arch`.
fn select_jobs(corpus: &Path, ptxas: &[PathBuf]) -> Result<Vec<Job>> {
    let mut jobs = Vec::new();
    for row in crate::corpus_index::read(corpus)? {
        let first_target = row.target.split([',', ' ']).next().unwrap_or("");
        let Some(target) = sm_number(first_target) else {
            continue;
        };
        let suffix = first_target
            .trim_start_matches("sm_")
            .trim_start_matches(|c: char| c.is_ascii_digit());
        let Some(chosen) = PTXAS
            .iter()
            .position(|p| row.accepted_by(p.column) && target <= u32::from(p.max_sm))
        else {
            continue;
        };
        let release = &PTXAS[chosen];
        let arch = if target < u32::from(release.min_sm) {
            format!("sm_{}", release.min_sm)
        } else {
            format!("sm_{target}{suffix}")
        };
        jobs.push(Job {
            file: row.file,
            column: release.column,
            ptxas: ptxas[chosen].clone(),
            arch,
        });
    }
    Ok(jobs)
}

fn sm_number(target: &str) -> Option<u32> {
    let digits: String = target
        .strip_prefix("sm_")?
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// Formats a file and compares the code of both versions, through the recorded verdicts:
/// the key is what ptxas is given (its release, `-arch`, the file name, both texts) and how
/// they are compared.
fn check(
    verdicts: &crate::verdicts::Verdicts,
    job: &Job,
    corpus: &Path,
    cuobjdump: &Path,
    dir: &Path,
) -> Result<Verdict> {
    let original = ptxkit_syntax::source::read_source(&corpus.join(&job.file))?;
    let formatted = match ptxkit_fmt::format_text(&original, &ptxkit_fmt::Options::default()) {
        Ok(text) => text,
        Err(err) => return Ok(Verdict::Different(format!("ptxfmt failed: {err}"))),
    };
    let name = Path::new(&job.file).file_name().context("file name")?;
    let key = crate::verdicts::Key::of(&[
        job.column.as_bytes(),
        job.arch.as_bytes(),
        name.as_encoded_bytes(),
        original.as_bytes(),
        formatted.as_bytes(),
        COMPARISON.as_bytes(),
        include_str!("elf.rs").as_bytes(),
    ]);
    let record = verdicts.get(key, || {
        Ok(match compare(job, name, &original, &formatted, cuobjdump, dir)? {
            Verdict::SameCubin => "same-cubin".to_string(),
            Verdict::SameSass => "same-sass".to_string(),
            Verdict::SameElf => "same-elf".to_string(),
            Verdict::Different(why) => format!("different\t{why}"),
            Verdict::Skipped(why) => format!("skipped\t{why}"),
        })
    })?;
    let (kind, why) = record.split_once('\t').unwrap_or((record.as_str(), ""));
    Ok(match kind {
        "same-cubin" => Verdict::SameCubin,
        "same-sass" => Verdict::SameSass,
        "same-elf" => Verdict::SameElf,
        "different" => Verdict::Different(why.to_string()),
        _ => Verdict::Skipped(why.to_string()),
    })
}

/// Assembles a file and its formatted version and compares the results.
fn compare(
    job: &Job,
    name: &std::ffi::OsStr,
    original: &str,
    formatted: &str,
    cuobjdump: &Path,
    dir: &Path,
) -> Result<Verdict> {
    let mut cubins = Vec::new();
    for (side, text) in [("a", original), ("b", formatted)] {
        let side_dir = dir.join(side);
        std::fs::create_dir_all(&side_dir)?;
        let ptx = side_dir.join(name);
        std::fs::write(&ptx, text)?;
        let cubin = side_dir.join("out.cubin");
        let _ = std::fs::remove_file(&cubin);
        let output = Command::new(&job.ptxas)
            .arg(format!("-arch={}", job.arch))
            .arg("--suppress-debug-info")
            .arg(&ptx)
            .arg("-o")
            .arg(&cubin)
            .output()
            .context("running ptxas")?;
        if !output.status.success() {
            let message = String::from_utf8_lossy(&output.stderr);
            let first = message.lines().find(|l| l.contains("error")).unwrap_or("").trim();
            if side == "a" {
                return Ok(Verdict::Skipped(format!(
                    "ptxas rejects the original with -arch={}: {first}",
                    job.arch
                )));
            }
            return Ok(Verdict::Different(format!("ptxas rejects the formatted file: {first}")));
        }
        cubins.push(cubin);
    }
    if std::fs::read(&cubins[0])? == std::fs::read(&cubins[1])? {
        return Ok(Verdict::SameCubin);
    }
    let sass = |cubin: &Path| -> Result<String> {
        let output = Command::new(cuobjdump).arg("-sass").arg(cubin).output()?;
        if !output.status.success() {
            bail!("{}", String::from_utf8_lossy(&output.stderr).trim());
        }
        Ok(String::from_utf8_lossy(&output.stdout).into_owned())
    };
    match (sass(&cubins[0]), sass(&cubins[1])) {
        (Ok(a), Ok(b)) if a == b => Ok(Verdict::SameSass),
        (Ok(a), Ok(b)) => {
            let line = a.lines().zip(b.lines()).find(|(x, y)| x != y);
            Ok(Verdict::Different(format!("SASS differs: {line:?}")))
        }
        (Err(err), _) | (_, Err(err)) => {
            if crate::elf::same_except_line_numbers(&std::fs::read(&cubins[0])?, &std::fs::read(&cubins[1])?)? {
                return Ok(Verdict::SameElf);
            }
            Ok(Verdict::Different(format!(
                "cubins differ beyond symbol-name line numbers and cuobjdump cannot disassemble them ({})",
                err.to_string().lines().next().unwrap_or("")
            )))
        }
    }
}
