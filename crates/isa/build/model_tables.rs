//! The instruction tables the signature files hold besides the forms, each written as a Rust
//! expression to `$OUT_DIR/<name>.rs` for an `include!`:
//!
//! - `known_opcodes.rs`: every opcode some form has, sorted (`ptxkit_isa::KNOWN_OPCODES`);
//! - `type_rules.rs`: the `types` records, in file order (`ptxkit_isa::legal_types::TYPE_RULES`);
//! - `ptxas_names.rs`: the `@ptxas-names` names, sorted (`ptxkit_isa::ptxas_names`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use crate::notation::SigFile;

/// Writes the three tables into `out_dir`, or stops the build with `signatures/FILE.sig:LINE:
/// message`.
pub fn write(files: &[(String, SigFile)], out_dir: &Path) {
    match tables(files) {
        Ok(tables) => {
            for (name, text) in tables {
                std::fs::write(out_dir.join(name), text).expect("writable OUT_DIR");
            }
        }
        Err(message) => {
            println!("cargo::error={message}");
            eprintln!("error: {message}");
            std::process::exit(1);
        }
    }
}

fn tables(files: &[(String, SigFile)]) -> Result<[(&'static str, String); 3], String> {
    let opcodes: BTreeSet<&str> = files
        .iter()
        .flat_map(|(_, file)| file.forms.iter().map(|f| f.opcode.as_str()))
        .collect();
    let mut rules = String::from("&[\n");
    let mut ruled = BTreeSet::new();
    let mut names = BTreeSet::new();
    for (stem, file) in files {
        let at = |line: &u32| format!("signatures/{stem}.sig:{line}");
        let own = |opcode: &str| file.forms.iter().any(|f| f.opcode == opcode);
        for t in &file.types {
            if !own(&t.opcode) {
                return Err(format!(
                    "{}: no form of this file has the opcode '{}'",
                    at(&t.line),
                    t.opcode
                ));
            }
            if !ruled.insert(t.opcode.as_str()) {
                return Err(format!("{}: a second types record for '{}'", at(&t.line), t.opcode));
            }
            if let Some(bad) = t.legal.iter().find(|ty| crate::types::type_info(ty).is_none()) {
                return Err(format!("{}: '{bad}' is not a type", at(&t.line)));
            }
            let legal = t
                .legal
                .iter()
                .map(|ty| format!("{ty:?}"))
                .collect::<Vec<_>>()
                .join(", ");
            let _ = writeln!(
                rules,
                "    TypeRule {{ opcode: {:?}, position: {}, types: &[{legal}], probe: {:?}, source: {:?} }},",
                t.opcode, t.position, t.probe, t.source
            );
        }
        for (line, list) in &file.ptxas_names {
            for name in list {
                let (opcode, _) = name.split_once('.').unwrap_or((name, ""));
                if opcode == name || !own(opcode) {
                    let message = "is not an opcode of this file's forms followed by modifiers";
                    return Err(format!("{}: '{name}' {message}", at(line)));
                }
                if !names.insert(name.as_str()) {
                    return Err(format!("{}: '{name}' is named twice", at(line)));
                }
            }
        }
    }
    rules.push(']');
    let list = |words: &BTreeSet<&str>| {
        let items: Vec<String> = words.iter().map(|w| format!("    {w:?},\n")).collect();
        format!("&[\n{}]", items.concat())
    };
    Ok([
        ("known_opcodes.rs", list(&opcodes)),
        ("type_rules.rs", rules),
        ("ptxas_names.rs", list(&names)),
    ])
}
