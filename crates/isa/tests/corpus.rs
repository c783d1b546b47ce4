//! The corpus claim of issue #3: for every file that some ptxas assembled cleanly
//! (`../shared/corpus/INDEX.tsv`: `ok` or `ok+warn`), the minimum PTX version and target
//! computed from its instructions are not above its declared `.version` and `.target`; and
//! `check` reports no error for any of its instructions.
//!
//! The corpus lives outside the repository: set `PTX_CORPUS_DIR`, or place it at
//! `../shared/corpus` next to the workspace. Without it the test prints a loud notice and
//! passes vacuously.

use std::path::{Path, PathBuf};

use ptxkit_isa::{Requirements, Target, Version, check, matching_features, target, version};
use ptxkit_syntax::tree_sitter::Node;

fn corpus_dir() -> Option<PathBuf> {
    let dir = ptxkit_syntax::corpus::locate(Path::new(env!("CARGO_MANIFEST_DIR"))).ok()?;
    dir.join("INDEX.tsv").is_file().then_some(dir)
}

/// One instruction of a file: opcode, modifiers, operand count, line.
struct Instr {
    opcode: String,
    modifiers: Vec<String>,
    operands: usize,
    line: usize,
}

/// Walks the tree iteratively and collects instructions, `.version` and `.target`s (and
/// whether there is an `.address_size`).
fn scan(text: &str) -> (Vec<Instr>, Option<String>, Vec<String>) {
    let (instrs, version, targets, _) = scan_all(text);
    (instrs, version, targets)
}

fn scan_all(text: &str) -> (Vec<Instr>, Option<String>, Vec<String>, bool) {
    let mut address_size = false;
    let parsed = ptxkit_syntax::parse(text);
    let mut instrs = Vec::new();
    let mut declared_version = None;
    let mut targets = Vec::new();
    let mut cursor = parsed.root().walk();
    'walk: loop {
        let node: Node = cursor.node();
        let mut descend = true;
        match node.kind() {
            "instruction" | "call_instruction" => {
                descend = false;
                let mut opcode = String::new();
                let mut modifiers = Vec::new();
                let mut operands = 0;
                let mut c = node.walk();
                for (i, child) in node.children(&mut c).enumerate() {
                    match node.field_name_for_child(i as u32) {
                        Some("opcode") => opcode = parsed.node_text(child).to_string(),
                        Some("modifier") => modifiers.push(parsed.node_text(child).to_string()),
                        // Counted as the manual (and ptxkit-semantic's instruction
                        // view) counts them: each of a `call`'s parts is one operand.
                        Some("operand" | "returns" | "callee" | "arguments" | "targets") => operands += 1,
                        _ => {}
                    }
                }
                let line = node.start_position().row + 1;
                instrs.push(Instr {
                    opcode,
                    modifiers,
                    operands,
                    line,
                });
            }
            "version_directive" => {
                descend = false;
                if let Some(v) = node.child_by_field_name("version") {
                    declared_version = Some(parsed.node_text(v).to_string());
                }
            }
            "address_size_directive" => {
                descend = false;
                address_size = true;
            }
            "target_directive" => {
                descend = false;
                let mut c = node.walk();
                for t in node.children_by_field_name("target", &mut c) {
                    targets.push(parsed.node_text(t).to_string());
                }
            }
            _ => {}
        }
        if descend && cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                continue 'walk;
            }
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    (instrs, declared_version, targets, address_size)
}

#[test]
fn clean_corpus_files_need_no_more_than_they_declare() {
    let Some(dir) = corpus_dir() else {
        eprintln!(
            "\n!!!!!!!! ptxkit-isa corpus test SKIPPED: no corpus (set PTX_CORPUS_DIR or put it at ../shared/corpus) !!!!!!!!\n"
        );
        return;
    };
    let index = std::fs::read_to_string(dir.join("INDEX.tsv")).expect("INDEX.tsv is readable");
    let mut header = None;
    let (mut listed, mut clean, mut instructions, mut tight_version, mut tight_target) = (0, 0, 0usize, 0, 0);
    let mut failures = Vec::new();
    for line in index.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let Some(h) = &header else {
            header = Some(cols.iter().map(|c| c.to_string()).collect::<Vec<_>>());
            continue;
        };
        let col = |name: &str| {
            h.iter()
                .position(|c| c == name)
                .map(|i| cols.get(i).copied().unwrap_or(""))
        };
        listed += 1;
        let verdicts = ["ptxas_11.8", "ptxas_12.9", "ptxas_13.5"].map(|c| col(c).unwrap_or("-"));
        if !verdicts.iter().any(|v| *v == "ok" || *v == "ok+warn") {
            continue;
        }
        clean += 1;
        let file = col("file").expect("file column");
        let text = ptxkit_syntax::source::read_source(&dir.join(file)).expect("corpus file is readable");
        let (instrs, declared, targets) = scan(&text);
        let declared: Version = version(declared.as_deref().unwrap_or_default()).expect("declared .version parses");
        // With several architectures in .target, the program needs the highest one's features.
        let arch: Target = targets
            .iter()
            .filter_map(|t| target(t).ok())
            .max()
            .expect("a known .target architecture");
        let mut req = Requirements::none();
        for instr in &instrs {
            instructions += 1;
            let modifiers: Vec<&str> = instr.modifiers.iter().map(String::as_str).collect();
            let form = ptxkit_isa::InstructionForm::new(&instr.opcode, modifiers).with_operands(instr.operands);
            req.add(matching_features(&form));
            for issue in check(&form, declared, arch) {
                if issue.is_error() {
                    failures.push(format!("{file}:{}: {form}: {issue}", instr.line));
                }
            }
        }
        let needed = req.min_ptx_on(arch);
        if needed > declared {
            failures.push(format!("{file}: needs PTX {needed} on {arch} > declared {declared}"));
        }
        match req.min_target {
            Some(min) if min.variant == ptxkit_isa::Variant::Base && !arch.at_least(min.sm) => {
                failures.push(format!("{file}: needs {min} > declared {arch}"));
            }
            None => failures.push(format!("{file}: no target has all its features")),
            _ => {}
        }
        tight_version += usize::from(needed == declared);
        tight_target += usize::from(req.min_target == Some(arch));
    }
    println!(
        "corpus: {listed} files listed, {clean} ptxas-clean checked, {instructions} instructions; \
         computed minimum equals the declared .version in {tight_version} and the declared .target in {tight_target}; \
         {} problems",
        failures.len()
    );
    for f in failures.iter().take(200) {
        println!("  {f}");
    }
    assert!(
        failures.is_empty(),
        "{} corpus files need more than they declare (see above)",
        failures.len()
    );
    assert!(clean > 0, "no ptxas-clean file in the index");
}

/// The converse: every corpus file that ptxas rejected because of a version or target rule is
/// flagged by the tables with ptxas's own words.
#[test]
fn ptxas_version_and_target_rejections_are_found() {
    let Some(dir) = corpus_dir() else {
        eprintln!(
            "\n!!!!!!!! ptxkit-isa corpus test SKIPPED: no corpus (set PTX_CORPUS_DIR or put it at ../shared/corpus) !!!!!!!!\n"
        );
        return;
    };
    // Declaration types (`.reg .f16x2` needs sm_53) are not modelled by ptxkit-isa.
    const NOT_MODELLED: &[&str] = &["Feature '.f16x2 packed data-type'"];
    let index = std::fs::read_to_string(dir.join("INDEX.tsv")).expect("INDEX.tsv is readable");
    let (mut cases, mut found, mut skipped) = (0, 0, 0);
    let mut missed = Vec::new();
    for line in index.lines().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let (Some(file), Some(first_error)) = (cols.first(), cols.get(9)) else {
            continue;
        };
        let rule = [
            "requires PTX ISA .version",
            "requires .target",
            "not supported on .target",
            "does not support .target",
            "without '.sync'",
        ];
        if !rule.iter().any(|r| first_error.contains(r)) {
            continue;
        }
        cases += 1;
        if NOT_MODELLED.iter().any(|m| first_error.contains(m)) {
            skipped += 1;
            continue;
        }
        let text = ptxkit_syntax::source::read_source(&dir.join(file)).expect("corpus file is readable");
        let (instrs, declared, targets, address_size) = scan_all(&text);
        let declared: Version = version(declared.as_deref().unwrap_or_default()).expect("declared .version parses");
        let arch: Target = targets
            .iter()
            .filter_map(|t| target(t).ok())
            .max()
            .expect("a known .target architecture");
        let mut messages: Vec<String> = targets
            .iter()
            .filter_map(|t| ptxkit_isa::check_target(declared, t))
            .flat_map(|i| i.messages())
            .collect();
        if address_size {
            let directive = ptxkit_isa::directives::directive(".address_size").expect("row exists");
            messages.extend(
                ptxkit_isa::check_features([directive], declared, arch)
                    .iter()
                    .flat_map(|i| i.messages()),
            );
        }
        for instr in &instrs {
            let modifiers: Vec<&str> = instr.modifiers.iter().map(String::as_str).collect();
            let form = ptxkit_isa::InstructionForm::new(&instr.opcode, modifiers).with_operands(instr.operands);
            messages.extend(check(&form, declared, arch).iter().flat_map(|i| i.messages()));
        }
        if messages.iter().any(|m| first_error.contains(m.as_str())) {
            found += 1;
        } else {
            missed.push(format!("{file}: ptxas said {first_error}"));
        }
    }
    println!(
        "corpus rejections for version/target rules: {cases} files, {found} found with ptxas's words, {skipped} not modelled"
    );
    for m in &missed {
        println!("  missed {m}");
    }
    assert!(
        missed.is_empty(),
        "{} ptxas version/target rejections not found",
        missed.len()
    );
    assert!(cases > 0, "no version/target rejection in the index");
}
