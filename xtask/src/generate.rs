//! `cargo xtask gen`: regenerate `grammar/src` with the pinned tree-sitter
//! generator and its embedded JavaScript runtime (no node needed).

use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use tree_sitter_generate::{OptLevel, generate_parser_in_directory};

/// Tree-sitter ABI version the committed parser is generated for.
const ABI_VERSION: usize = 15;

pub fn run(args: &[String]) -> Result<ExitCode> {
    if let Some(arg) = args.first() {
        bail!("gen takes no arguments, got '{arg}'");
    }
    let grammar_dir = crate::workspace_root().join("grammar");
    let mut diagnostics = Vec::new();
    generate_parser_in_directory(
        &grammar_dir,
        None::<std::path::PathBuf>,
        Some(grammar_dir.join("grammar.js")),
        ABI_VERSION,
        None,
        Some("native"),
        true,
        OptLevel::default(),
        &mut diagnostics,
    )
    .with_context(|| format!("generating the parser in {}", grammar_dir.display()))?;
    for diagnostic in &diagnostics {
        eprintln!("warning: {diagnostic}");
    }
    eprintln!("generated {}", grammar_dir.join("src").display());
    Ok(ExitCode::SUCCESS)
}
