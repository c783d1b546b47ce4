//! `cargo xtask <task>`: developer tasks for the PTX toolkit.

mod architecture;
mod bench;
mod bench_cache;
mod bench_input;
mod bench_parse;
mod corpus_index;
mod dataflow_mutants;
mod docs;
mod elf;
mod fmt_ptxas;
mod generate;
mod inline_proofs;
mod isa_probes;
mod lint_bench;
mod lint_fixtures;
mod lint_mutants;
mod mutant_equivalence;
mod parse;
mod pre_commit_hooks;
mod ptxas;
mod race_suite;
mod rewrite_check;
mod rewrite_compare;
mod shape_probes;
mod signature_mutants;
mod sync_mutants;
mod verdicts;

use anyhow::{Context, Result, bail};

const USAGE: &str = "\
usage: cargo xtask <task> [args]

tasks:
  gen              regenerate grammar/src from grammar/grammar.js
  parse [--expect-errors LIST] PATH...
                   parse PTX files and directories; report syntax errors and speed
  bench [--size MB] [--no-ptxas] [--dataflow] [--cache-only] [--bin-dir DIR] [CORPUS]
                   every speed and memory goal in one run: parse / ptxlint / ptxfmt --check
                   on one core, -j 2 vs -j 1, ptxlint vs ptxas -O0, peak memory on a
                   generated file (default 100 MB), the result cache warm and with one file
                   changed against cold (--cache-only: just that), --dataflow: the dataflow rules' cost
  bench-parse [DIR]
                   parse throughput over a corpus and peak memory on its largest files
  lint-mutants [--files N] [--jobs N] [--min-recall P] [--verbose] [CORPUS]
  sync-mutants [--ptxas] [--verbose] [--strict] [--write DIR] PATH...  synchronisation mutants of clean PTX (drop a barrier, a wait, a fence, a commit; a divergent barrier): caught by the PTX7xx rules?
                   ptxlint vs ptxas on single-edit mutants of clean corpus files
                   (needs PTXAS_11_8, PTXAS_12_9, PTXAS_13_5)
  (isa-probes, lint-mutants, lint-fixtures, fmt-ptxas and rewrite-check read the recorded
   verdicts of xtask/verdicts/ and take [--live | --record] [--sample PERCENT])
  lint-fixtures    the ptxlint fixtures marked `// ptxas-checked`: ptxas must reject exactly
                   their `//~` lines (needs PTXAS_11_8, PTXAS_12_9, PTXAS_13_5)
  lint-bench [--no-ptxas] [CORPUS]
                   bench --dataflow
  isa-probes       assemble the ptxkit-isa probe kernels with ptxas 11.8/12.9/13.5 and compare
  fmt-ptxas [--jobs N] [--limit N] [CORPUS_DIR]
                   assemble every ptxas-clean corpus file before and after ptxfmt;
                   the cubins (or their SASS) must be identical
  pre-commit-hooks [--wheel DIR]
                   run the hooks of .pre-commit-hooks.yaml (language: python) with
                   pre-commit on a sample repository; --wheel installs the ptxkit
                   wheel found in DIR instead of building it from HEAD
  rewrite-check [down|up|exact|fixtures|all] [--jobs N] [--limit N] [--verbose] [CORPUS_DIR]
                   prove ptxrewrite with ptxas: corpus down to 7.8 (ptxas 11.8), up to 8.8
                   (ptxas 12.9), exact rewrites give identical code, fixtures before/after
  docs [--check]   write docs/src/{rules,passes,instructions}.md (from the rule files, the
                   migrations and the signature files); --check exits 1 when they are stale
  architecture [--verbose]
                   the workspace's shape against its limits: import circles, identical
                   query files, function lengths, the syntax crate's dependencies
  race-suite [--all] [--keep DIR] SUITE_DIR...
                   the synchronisation rules on a race verifier's test kernels (every
                   `//pass` *.cu under the directories, compiled with $NVCC for sm_75 and
                   sm_90, and as sm_61): every finding is printed (needs NVCC)
  inline-proofs    the compiled proofs of the inline-PTX rules: ptxlint reports each,
                   nvcc -ptx or ptxas rejects it (needs NVCC and PTXAS_13_5)
";

/// The tools' allocator (see `src/bin/ptxlint.rs`), so that the benchmarks' bare parse is
/// measured with the allocator the tools parse with.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<std::process::ExitCode> {
    let Some((task, rest)) = args.split_first() else {
        eprint!("{USAGE}");
        return Ok(std::process::ExitCode::from(2));
    };
    match task.as_str() {
        "gen" => generate::run(rest),
        "parse" => parse::run(rest),
        "bench" => bench::run(rest),
        "bench-parse" => bench_parse::run(rest),
        "lint-mutants" => lint_mutants::run(rest),
        "sync-mutants" => sync_mutants::run(rest),
        "race-suite" => race_suite::run(rest),
        "lint-bench" => bench::run(&[&["--dataflow".to_string()], rest].concat()),
        "lint-fixtures" => lint_fixtures::run(rest),
        "isa-probes" => isa_probes::run(rest),
        "fmt-ptxas" => fmt_ptxas::run(rest),
        "pre-commit-hooks" => pre_commit_hooks::run(rest),
        "rewrite-check" => rewrite_check::run(rest),
        "inline-proofs" => inline_proofs::run(rest),
        "docs" => docs::run(rest),
        "architecture" => architecture::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(std::process::ExitCode::SUCCESS)
        }
        other => bail!("unknown task '{other}'\n{USAGE}"),
    }
}

/// The cargo target directory (`CARGO_TARGET_DIR` or the workspace's `target`).
pub fn target_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace_root().join("target"), std::path::PathBuf::from)
}

/// The repository root (the parent of the xtask crate).
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// Every file under `dir` (recursively) whose extension is `extension`, appended to `out`.
pub fn files_under(dir: &std::path::Path, extension: &str, out: &mut Vec<std::path::PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            files_under(&path, extension, out)?;
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
    Ok(())
}
