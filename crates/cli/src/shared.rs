//! The arguments every tool takes, declared once (clap `flatten`s them into
//! each command), and what they mean.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

/// Arguments of all three tools: which files, how many threads, how to print.
#[derive(Debug, Clone, Args)]
pub struct SharedArgs {
    /// Skip files and directories matching GLOB (repeatable).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,

    /// Also take files that .gitignore excludes.
    #[arg(long)]
    pub no_ignore: bool,

    /// Worker threads (default: one per CPU).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

    /// The file name to use for standard input: in messages, for finding the
    /// configuration, and (ptxlint) for telling PTX from C++ by its extension.
    #[arg(long, value_name = "PATH")]
    pub stdin_filename: Option<PathBuf>,

    /// When to use colors.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// Print only findings and errors: no per-file lines, no summary.
    #[arg(short, long)]
    pub quiet: bool,
}

impl SharedArgs {
    /// The name standard input goes by (`--stdin-filename`, else `-`).
    pub fn stdin_name(&self) -> PathBuf {
        self.stdin_filename.clone().unwrap_or_else(|| PathBuf::from("-"))
    }
}

/// Where the configuration comes from (ptxfmt and ptxlint).
#[derive(Debug, Clone, Args)]
pub struct ConfigArgs {
    /// Use this configuration file for every file instead of the nearest one
    /// above each file.
    #[arg(long, value_name = "FILE", conflicts_with = "isolated")]
    pub config: Option<PathBuf>,

    /// Ignore every configuration file: defaults and command-line options only.
    #[arg(long)]
    pub isolated: bool,
}

impl ConfigArgs {
    /// Which configuration file applies to a file.
    pub fn lookup(&self) -> ptxkit_workspace::resolver::Lookup {
        use ptxkit_workspace::resolver::Lookup;
        match (&self.config, self.isolated) {
            (_, true) => Lookup::Isolated,
            (Some(file), false) => Lookup::Explicit(file.clone()),
            (None, false) => Lookup::Nearest,
        }
    }
}

/// When to color output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When the output is a terminal and `NO_COLOR` is unset or empty.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to color a stream that is (or is not) a terminal. `NO_COLOR`
    /// set to a non-empty value turns `auto` off (<https://no-color.org>).
    pub fn enabled(self, terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty()),
        }
    }
}
