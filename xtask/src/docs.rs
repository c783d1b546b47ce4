//! `cargo xtask docs`: writes the generated parts of README.md (ptxlint's rule
//! table and ptxrewrite's pass table, from each rule and migration file's metadata).
//! `--check` only reports staleness.

use std::process::ExitCode;

use anyhow::{Context, Result, bail};

/// README.md with the table whose header line is `table`'s first line replaced by
/// `table` (a table runs from its header line to the first line that does not start
/// with `|`).
pub fn with_table(readme: &str, table: &str) -> Result<String> {
    let header = table.lines().next().unwrap_or_default();
    let start = readme
        .find(&format!("\n{header}\n"))
        .map(|at| at + 1)
        .with_context(|| format!("README.md has no table headed `{header}`"))?;
    let mut end = start;
    for line in readme[start..].split_inclusive('\n') {
        if !line.starts_with('|') {
            break;
        }
        end += line.len();
    }
    Ok(format!("{}{table}{}", &readme[..start], &readme[end..]))
}

/// Runs the task.
pub fn run(args: &[String]) -> Result<ExitCode> {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => bail!("usage: cargo xtask docs [--check]"),
    };
    let path = crate::workspace_root().join("README.md");
    let readme = std::fs::read_to_string(&path).with_context(|| format!("{}", path.display()))?;
    let updated = with_table(&readme, &ptxkit_lint::registry::rules_markdown_table())?;
    let updated = with_table(&updated, &ptxkit_lint::migrations::markdown_table())?;
    if updated == readme {
        println!("README.md: rule and pass tables up to date");
        return Ok(ExitCode::SUCCESS);
    }
    if check {
        eprintln!("README.md's rule or pass table is stale: run `cargo xtask docs`");
        return Ok(ExitCode::from(1));
    }
    ptxkit_syntax::write_atomic(&path, &updated)?;
    println!("README.md: rule and pass tables written");
    Ok(ExitCode::SUCCESS)
}
