//! Extracts each rule's `//!` doc comment from `src/rules/<rule>.rs` so that
//! `ptxlint --explain RULE` prints exactly the rule's documentation, and
//! lists every rule file's `RULE` in code order: the declarations (`rule_list.rs`, for the
//! engine) and their metadata (`rule_infos.rs`, for the registry).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let rules_dir = Path::new("src/rules");
    println!("cargo::rerun-if-changed=src/rules");
    let mut entries: Vec<_> = std::fs::read_dir(rules_dir)
        .expect("src/rules exists")
        .map(|e| e.expect("readable directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs") && p.file_stem().is_some_and(|s| s != "mod"))
        .collect();
    entries.sort();
    let mut listed: Vec<(String, String)> = Vec::new();
    let mut out = String::from(
        "/// The `//!` documentation of each rule file, keyed by file stem.\npub(crate) static RULE_DOCS: &[(&str, &str)] = &[\n",
    );
    for path in entries {
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).expect("readable rule file");
        let doc: Vec<&str> = text
            .lines()
            .take_while(|line| line.starts_with("//!"))
            .map(|line| {
                line.strip_prefix("//! ")
                    .unwrap_or(line.strip_prefix("//!").unwrap_or(line))
            })
            .collect();
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("UTF-8 file name");
        listed.push((rule_code(&text, &path), stem.to_string()));
        writeln!(out, "    ({stem:?}, {:?}),", doc.join("\n")).expect("writing to a String");
    }
    out.push_str("];\n");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    std::fs::write(Path::new(&out_dir).join("rule_docs.rs"), out).expect("writable OUT_DIR");
    listed.sort();
    let mut list = String::from("&[\n");
    let mut infos = String::from("&[\n");
    for (_, stem) in &listed {
        writeln!(list, "    rule_impls::{stem}::RULE,").expect("writing to a String");
        writeln!(infos, "    rule_impls::{stem}::RULE.info(),").expect("writing to a String");
    }
    list.push_str("]\n");
    infos.push_str("]\n");
    std::fs::write(Path::new(&out_dir).join("rule_list.rs"), list).expect("writable OUT_DIR");
    std::fs::write(Path::new(&out_dir).join("rule_infos.rs"), infos).expect("writable OUT_DIR");
}

/// The `code: "PTXnnn"` of the file's `RULE`.
fn rule_code(text: &str, path: &Path) -> String {
    let start = text
        .find("pub(crate) const RULE: Rule = Rule {")
        .unwrap_or_else(|| panic!("{}: no `pub(crate) const RULE: Rule`", path.display()));
    let rest = &text[start..];
    let code = rest
        .find("code: \"")
        .map(|at| &rest[at + 7..])
        .and_then(|code| code.split('"').next())
        .unwrap_or_else(|| panic!("{}: RULE has no `code: \"PTXnnn\"`", path.display()));
    code.to_string()
}
