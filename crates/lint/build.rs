//! Extracts each rule's `//!` doc comment from `src/rules/<rule>.rs` so that
//! `ptxlint --explain RULE` prints exactly the rule's documentation.

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
        writeln!(out, "    ({stem:?}, {:?}),", doc.join("\n")).expect("writing to a String");
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("rule_docs.rs");
    std::fs::write(dest, out).expect("writable OUT_DIR");
}
