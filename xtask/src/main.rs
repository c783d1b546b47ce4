//! `cargo xtask <task>`: developer tasks for the PTX toolkit.

mod elf;
mod fmt_pre_commit;
mod fmt_ptxas;
mod generate;
mod parse;

use anyhow::{Result, bail};

const USAGE: &str = "\
usage: cargo xtask <task> [args]

tasks:
  gen              regenerate grammar/src from grammar/grammar.js
  parse [--expect-errors LIST] PATH...
                   parse PTX files and directories; report syntax errors and speed
  fmt-ptxas [--jobs N] [--limit N] [CORPUS_DIR]
                   assemble every ptxas-clean corpus file before and after ptxfmt;
                   the cubins (or their SASS) must be identical
  fmt-pre-commit   run the ptxfmt hook of .pre-commit-hooks.yaml with pre-commit
                   on a sample repository
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
        "fmt-ptxas" => fmt_ptxas::run(rest),
        "fmt-pre-commit" => fmt_pre_commit::run(rest),
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
