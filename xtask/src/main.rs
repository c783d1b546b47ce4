//! `cargo xtask <task>`: developer tasks for the PTX toolkit.

mod bench_parse;
mod generate;
mod isa_probes;
mod parse;
mod rewrite_check;

use anyhow::{Result, bail};

const USAGE: &str = "\
usage: cargo xtask <task> [args]

tasks:
  gen              regenerate grammar/src from grammar/grammar.js
  parse [--expect-errors LIST] PATH...
                   parse PTX files and directories; report syntax errors and speed
  bench-parse [DIR]
                   parse throughput over a corpus and peak memory on its largest files
  isa-probes       assemble the ptx-isa probe kernels with ptxas 11.8/12.9/13.5 and compare
  rewrite-check [down|up|exact|fixtures|all] [--jobs N] [--limit N] [--verbose] [CORPUS_DIR]
                   prove ptxrewrite with ptxas: corpus down to 7.8, up to 8.8, exactness, fixtures
";

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
        "bench-parse" => bench_parse::run(rest),
        "isa-probes" => isa_probes::run(rest),
        "rewrite-check" => rewrite_check::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(std::process::ExitCode::SUCCESS)
        }
        other => bail!("unknown task '{other}'\n{USAGE}"),
    }
}

/// The repository root (the parent of the xtask crate).
pub fn workspace_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}
