//! `cargo xtask docs`: writes the generated parts of README.md (ptxlint's rule
//! table, from each rule file's metadata). `--check` only reports staleness.

use std::process::ExitCode;

use anyhow::{Context, Result, bail};

/// The line that opens the rule table in README.md.
const TABLE_HEADER: &str = "| code | rule | severity | fix | what |";

/// README.md with its rule table replaced by `table` (the table runs from
/// its header line to the first line that does not start with `|`).
pub fn with_rule_table(readme: &str, table: &str) -> Result<String> {
    let start = readme
        .find(&format!("\n{TABLE_HEADER}\n"))
        .map(|at| at + 1)
        .context("README.md has no rule table header")?;
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
    let updated = with_rule_table(&readme, &ptxkit_lint::registry::rules_markdown_table())?;
    if updated == readme {
        println!("README.md: rule table up to date");
        return Ok(ExitCode::SUCCESS);
    }
    if check {
        eprintln!("README.md's rule table is stale: run `cargo xtask docs`");
        return Ok(ExitCode::from(1));
    }
    ptxkit_syntax::write_atomic(&path, &updated)?;
    println!("README.md: rule table written");
    Ok(ExitCode::SUCCESS)
}
