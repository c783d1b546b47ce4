//! Every instruction of every ptxas-clean corpus file matches a signature (`ptxkit_isa::signature`):
//! the test lists each distinct instruction that matches none, with what is wrong and where, and
//! the opcodes of the corpus that no signature describes.

use std::collections::BTreeMap;
use std::path::PathBuf;

use ptxkit_isa::signature::{analyze, forms};
use ptxkit_semantic::{Instruction, SymbolTable};
use ptxkit_syntax::{parse, preorder};
use rayon::prelude::*;

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "signature corpus test")
}

/// Every file some ptxas accepted (INDEX.tsv says `ok` or `ok+warn`).
fn clean_files(dir: &std::path::Path) -> Vec<String> {
    let index = std::fs::read_to_string(dir.join("INDEX.tsv")).unwrap();
    let mut lines = index.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let verdicts: Vec<usize> = (0..header.len()).filter(|&i| header[i].starts_with("ptxas_")).collect();
    lines
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let clean = verdicts
                .iter()
                .any(|&i| matches!(cols.get(i), Some(&"ok") | Some(&"ok+warn")));
            clean.then(|| cols[0].to_string())
        })
        .collect()
}

#[derive(Default)]
struct Tally {
    /// (chain, problems) → (count, first place).
    mismatches: BTreeMap<(String, String), (usize, String)>,
    /// Opcodes with no signature → count.
    uncovered: BTreeMap<String, usize>,
    instructions: usize,
}

#[test]
fn every_instruction_of_clean_files_matches_a_signature() {
    let Some(dir) = corpus_dir() else { return };
    let files = clean_files(&dir);
    assert!(files.len() > 800, "{} clean files", files.len());
    let tallies: Vec<Tally> = files
        .par_iter()
        .map(|name| {
            let text = std::fs::read_to_string(dir.join(name)).unwrap();
            let parsed = parse(&text);
            let symbols = SymbolTable::build(&parsed);
            let mut tally = Tally::default();
            // The classes of names kept across the file's instructions, as ptxlint keeps them.
            let names = ptxkit_semantic::signature::NameClasses::default();
            for node in preorder(parsed.root()) {
                if !matches!(node.kind(), "instruction" | "call_instruction") || node.has_error() {
                    continue;
                }
                let Some(insn) = Instruction::cast(node, parsed.text()) else {
                    continue;
                };
                tally.instructions += 1;
                if forms(insn.opcode()).is_empty() {
                    *tally.uncovered.entry(insn.opcode().to_string()).or_default() += 1;
                    continue;
                }
                let seen = insn.signature_instance(&symbols);
                assert_eq!(
                    insn.signature_instance_with(&symbols, &names),
                    seen,
                    "{name}: names classified once per function"
                );
                let Some(analysis) = analyze(&seen) else { continue };
                if analysis.is_match() {
                    continue;
                }
                let chain = parsed.text()[node.byte_range()]
                    .split_whitespace()
                    .find(|w| !w.starts_with('@'))
                    .unwrap_or_default()
                    .to_string();
                let line = parsed.lines().line_of(node.start_byte()) + 1;
                let entry = tally
                    .mismatches
                    .entry((chain, format!("{:?}", analysis.problems)))
                    .or_insert((0, format!("{name}:{line}")));
                entry.0 += 1;
            }
            tally
        })
        .collect();
    let mut total = Tally::default();
    for t in tallies {
        total.instructions += t.instructions;
        for (k, (n, at)) in t.mismatches {
            total.mismatches.entry(k).or_insert((0, at)).0 += n;
        }
        for (k, n) in t.uncovered {
            *total.uncovered.entry(k).or_default() += n;
        }
    }
    let covered = total.instructions - total.uncovered.values().sum::<usize>();
    eprintln!(
        "{} clean files, {} instructions, {covered} with signatures, {} distinct mismatches; opcodes without signatures: {}",
        files.len(),
        total.instructions,
        total.mismatches.len(),
        total
            .uncovered
            .iter()
            .map(|(k, n)| format!("{k} ({n})"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let report: Vec<String> = total
        .mismatches
        .iter()
        .map(|((chain, problems), (n, at))| format!("{n:6} {chain}  {problems}  e.g. {at}"))
        .collect();
    assert!(
        report.is_empty(),
        "instructions of ptxas-clean files that match no signature:\n{}",
        report.join("\n")
    );
}
