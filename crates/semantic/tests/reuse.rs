//! The symbol table rebuilt after an edit, replaying the functions the edit left alone
//! (`SemanticModel::build_reusing`, the language server's rebuild, moving the function bodies
//! of the last table it adopted), equals a fresh build:
//! on corpus files, after edits inside a function, across two functions, before every
//! function (everything moves), and after undoing each.

use std::path::PathBuf;

use ptxkit_semantic::{SemanticModel, SymbolCache};

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "symbol-reuse corpus test")
}

/// The byte offset of the start of line `line` (clamped to the end).
fn line_start(text: &str, line: usize) -> usize {
    text.split_inclusive('\n').take(line).map(str::len).sum()
}

/// Edited versions of `text`, each applied to the previous one.
fn edits(text: &str) -> Vec<String> {
    let lines = text.lines().count();
    let middle = line_start(text, lines / 2);
    let quarter = line_start(text, lines / 4);
    let first_function = text.find(".entry").or_else(|| text.find(".func")).unwrap_or(0);
    let mut versions = Vec::new();
    let mut current = text.to_string();
    let mut push = |next: String, versions: &mut Vec<String>| {
        versions.push(next.clone());
        current = next;
    };
    // An instruction inserted in the middle, then removed.
    push(
        format!("{}\tbogus.opcode;\n{}", &text[..middle], &text[middle..]),
        &mut versions,
    );
    push(text.to_string(), &mut versions);
    // A register declaration inserted before the first function: every function moves.
    push(
        format!(
            "{}.reg .b32 %moved<3>;\n{}",
            &text[..first_function],
            &text[first_function..]
        ),
        &mut versions,
    );
    // Two lines deleted between a quarter and the middle (maybe across functions).
    let end = text[quarter..].find('\n').map_or(text.len(), |n| quarter + n + 1);
    let end = text[end..].find('\n').map_or(text.len(), |n| end + n + 1);
    push(
        format!("{}{}", &text[..quarter], &text[end.min(text.len())..]),
        &mut versions,
    );
    push(text.to_string(), &mut versions);
    let _ = current;
    versions
}

#[test]
fn rebuilding_with_the_last_build_s_functions_equals_a_fresh_build() {
    let Some(dir) = corpus_dir() else { return };
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    let mut checked = 0;
    // Every 8th file: every kind of module (one kernel, many small functions, syntax errors).
    for path in files.iter().step_by(8) {
        let Ok(text) = ptxkit_syntax::source::read_source(path) else {
            continue;
        };
        if text.len() > 1_500_000 {
            continue;
        }
        let mut cache = SymbolCache::default();
        let mut last = SemanticModel::build_reusing(&ptxkit_syntax::parse(&text), &mut cache);
        for (step, version) in edits(&text).iter().enumerate() {
            // The last model's function bodies are moved into the next (as the server does
            // after each edit).
            cache.adopt(last.symbols);
            let parsed = ptxkit_syntax::parse(version);
            let reused = SemanticModel::build_reusing(&parsed, &mut cache);
            let fresh = SemanticModel::build(&parsed);
            assert!(
                reused.symbols == fresh.symbols,
                "{}: edit {step}: the rebuilt symbol table differs from a fresh build",
                path.display()
            );
            last = reused;
        }
        checked += 1;
    }
    assert!(checked > 100, "only {checked} corpus files checked");
}
