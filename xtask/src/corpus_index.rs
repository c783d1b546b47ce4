//! The corpus's `INDEX.tsv`: one row per file with its declared `.version`
//! and `.target`, its size, and what each ptxas said of it. Columns are found
//! by their header names.

use std::path::Path;

use anyhow::{Context, Result};

/// One file of the corpus.
pub struct Row {
    /// The path below the corpus directory.
    pub file: String,
    /// The declared `.version`, as written.
    pub version: String,
    /// The declared `.target` list, as written (`sm_80`, `sm_20, texmode_independent`).
    pub target: String,
    /// The size in bytes, when the index gives one.
    pub bytes: Option<u64>,
    /// Each ptxas column (`ptxas_11.8`, …) with its verdict (`ok`, `ok+warn`, `fail`, …).
    verdicts: Vec<(String, String)>,
}

impl Row {
    /// What the ptxas of `column` (e.g. `ptxas_13.5`) said, if the index has it.
    pub fn verdict(&self, column: &str) -> Option<&str> {
        self.verdicts.iter().find(|(c, _)| c == column).map(|(_, v)| v.as_str())
    }

    /// Whether the ptxas of `column` assembled the file (`ok` or `ok+warn`).
    pub fn accepted_by(&self, column: &str) -> bool {
        matches!(self.verdict(column), Some("ok" | "ok+warn"))
    }

    /// Whether any ptxas assembled the file.
    pub fn clean(&self) -> bool {
        self.verdicts.iter().any(|(_, v)| v == "ok" || v == "ok+warn")
    }
}

/// Reads `corpus/INDEX.tsv`.
pub fn read(corpus: &Path) -> Result<Vec<Row>> {
    let text = std::fs::read_to_string(corpus.join("INDEX.tsv"))
        .with_context(|| format!("no INDEX.tsv in {} (set PTX_CORPUS_DIR)", corpus.display()))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().context("empty INDEX.tsv")?.split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .with_context(|| format!("INDEX.tsv has no {name} column"))
    };
    let (file, version, target, bytes) = (column("file")?, column("version")?, column("target")?, column("bytes")?);
    let ptxas: Vec<(usize, &str)> = header
        .iter()
        .enumerate()
        .filter(|(_, h)| h.starts_with("ptxas_"))
        .map(|(i, h)| (i, *h))
        .collect();
    Ok(lines
        .filter(|line| !line.is_empty())
        .map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let get = |i: usize| cols.get(i).copied().unwrap_or("").to_string();
            Row {
                file: get(file),
                version: get(version),
                target: get(target),
                bytes: cols.get(bytes).and_then(|b| b.parse().ok()),
                verdicts: ptxas.iter().map(|&(i, name)| (name.to_string(), get(i))).collect(),
            }
        })
        .collect())
}
