//! The lexical splitter against the parser, on every corpus file: each
//! top-level item parsed on its own has no syntax error exactly when the
//! whole file has none, and the items' top-level nodes are the whole file's;
//! an item parsed in place (`parse_group`) is the item parsed alone.
//!
//! The corpus lives outside the repository: `PTX_CORPUS_DIR`, default
//! `../shared/corpus` relative to the workspace root.

use std::path::PathBuf;

use ptxkit_syntax::split::{Item, top_level_items};
use ptxkit_syntax::{ParsedSource, parse};

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "splitter corpus test")
}

/// The top-level nodes of `parsed`, as (kind, byte range shifted by `offset`).
fn top_level(parsed: &ParsedSource, offset: usize) -> Vec<(u16, std::ops::Range<usize>)> {
    let root = parsed.root();
    let mut cursor = root.walk();
    root.children(&mut cursor)
        .map(|node| (node.kind_id(), node.start_byte() + offset..node.end_byte() + offset))
        .collect()
}

/// Compares the whole text's parse with its items' parses; `Err` says how
/// they differ.
fn check(text: &str, items: &[Item]) -> Result<(), String> {
    let whole = parse(text);
    let whole_clean = whole.syntax_errors().is_empty();
    let mut pieces_clean = true;
    let mut nodes = Vec::new();
    let shared = std::sync::Arc::new(text.to_string());
    let lines = std::sync::Arc::new(ptxkit_syntax::LineIndex::new(text));
    for item in items {
        let piece = parse(&text[item.range.clone()]);
        pieces_clean &= piece.syntax_errors().is_empty();
        let shifted = top_level(&piece, item.range.start);
        // The same item parsed in place (`parse_group`): the same nodes, the same errors.
        let group = ptxkit_syntax::parse_group(&shared, &lines, item.range.clone());
        if top_level(&group, 0) != shifted
            || group.root().descendant_count() != piece.root().descendant_count()
            || group.syntax_errors().len() != piece.syntax_errors().len()
        {
            return Err(format!("item {:?} parses differently in place", item.range));
        }
        nodes.extend(shifted);
    }
    if whole_clean != pieces_clean {
        return Err(format!(
            "the whole text {} syntax errors, its items {}",
            if whole_clean { "has no" } else { "has" },
            if pieces_clean { "have none" } else { "have some" }
        ));
    }
    if whole_clean && nodes != top_level(&whole, 0) {
        let expected = top_level(&whole, 0);
        let at = nodes.iter().zip(&expected).position(|(a, b)| a != b);
        return Err(format!(
            "different top-level nodes (first difference at {at:?}: {:?} against {:?})",
            at.and_then(|i| nodes.get(i)),
            at.and_then(|i| expected.get(i))
        ));
    }
    Ok(())
}

#[test]
fn items_parse_as_the_whole_file_does_on_the_corpus() {
    let Some(dir) = corpus_dir() else { return };
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    let paths: Vec<PathBuf> = files.into_iter().collect();
    let (mut cut, mut unsure_with_errors, mut items_seen) = (0, 0, 0);
    let mut problems = Vec::new();
    for path in &paths {
        let text = ptxkit_syntax::source::read_source(path).unwrap();
        let name = path.strip_prefix(&dir).unwrap().display().to_string();
        let Some(items) = top_level_items(&text) else {
            if parse(text.as_str()).syntax_errors().is_empty() {
                problems.push(format!("{name}: no cut, yet the file parses cleanly"));
            } else {
                unsure_with_errors += 1;
            }
            continue;
        };
        assert_eq!(items.first().map(|i| i.range.start), Some(0), "{name}");
        assert_eq!(items.last().map(|i| i.range.end), Some(text.len()), "{name}");
        assert!(items.windows(2).all(|w| w[0].range.end == w[1].range.start), "{name}");
        cut += 1;
        items_seen += items.len();
        if let Err(problem) = check(&text, &items) {
            problems.push(format!("{name}: {problem}"));
        }
    }
    eprintln!(
        "{} corpus files: {cut} cut into {items_seen} items, {unsure_with_errors} left whole (syntax errors), {} problems",
        paths.len(),
        problems.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(cut > 1000, "only {cut} files cut");
}

/// Texts made to mislead a lexical cut: tokens that hide brackets and
/// semicolons, initializers, comments between `}` and `;`, items on one line.
#[test]
fn items_parse_as_the_whole_text_does_on_tricky_texts() {
    let texts = [
        ".version 7.8\n.target sm_80 .address_size 64 .global .u32 a[2] = {1, 2};.global .u32 b;\n",
        ".global .u32 a[2] = {1, 2} // c\n;\n.entry k() { ret; } .entry j() { ret; }\n",
        ".global .u32 a[2] = {1, 2}\n#if 1\n;\n#endif\n.entry k() {\n#define X }\nret;\n}\n",
        ".file 1 \"a{;}\\\"b\"\n.entry k() { /* } */ ret; // }\n} /* x\n */ // y\n\n// z\n.entry j() { ret; }\n",
        ".section .debug_info { .b8 1, 2 // }\n@@DWARF .byte 1; {\n}\n.entry k() { { ret; } }\n",
        ".extern .func (.param .b32 r) f(.param .b32 a);\n.entry k() { .reg .b32 %r<2>; call (%r1), f, (%r0); ret; }\n",
        "mov.u32 %r1, 1; L: add.s32 %r1, %r1, 1;\n{ ret; }\n",
        ".entry k() { ret; }\r\n// a\r\n.entry j() { ret; }\r\n",
    ];
    for text in texts {
        let items = top_level_items(text).unwrap_or_else(|| panic!("no cut: {text:?}"));
        assert!(items.len() > 1, "{text:?}");
        check(text, &items).unwrap_or_else(|problem| panic!("{text:?}: {problem}"));
    }
}

/// Corpus files with one byte that matters to the cut removed or added (a
/// bracket, a `;`, a quote, a comment opener): where the splitter still
/// answers, its items agree with the whole text on whether there are syntax
/// errors (and on the top-level nodes when there are none).
#[test]
fn items_parse_as_the_whole_file_does_on_corpus_mutants() {
    let Some(dir) = corpus_dir() else { return };
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    let mut paths: Vec<PathBuf> = files.into_iter().collect();
    paths.sort();
    let (mut mutants, mut answered) = (0, 0);
    let mut problems = Vec::new();
    for path in paths.iter().step_by(12) {
        let text = ptxkit_syntax::source::read_source(path).unwrap();
        if text.len() > 200_000 {
            continue;
        }
        let name = path.strip_prefix(&dir).unwrap().display().to_string();
        for (index, byte) in [b'}', b'{', b';', b'(', b')', b'"', b'/', b'#'].into_iter().enumerate() {
            let offsets: Vec<usize> = text
                .bytes()
                .enumerate()
                .filter(|(_, b)| *b == byte)
                .map(|(i, _)| i)
                .collect();
            // Removing the byte, and adding it (or a comment opener) before the 1st, middle and last.
            for (pick, at) in [offsets.first(), offsets.get(offsets.len() / 2), offsets.last()]
                .into_iter()
                .flatten()
                .enumerate()
            {
                let added = match (index + pick) % 3 {
                    0 => "/*".to_string(),
                    _ => (byte as char).to_string(),
                };
                for mutant in [
                    format!("{}{}", &text[..*at], &text[at + 1..]),
                    format!("{}{added}{}", &text[..*at], &text[*at..]),
                ] {
                    mutants += 1;
                    let Some(items) = top_level_items(&mutant) else {
                        continue;
                    };
                    answered += 1;
                    if let Err(problem) = check(&mutant, &items) {
                        problems.push(format!("{name}: {byte:?} at {at}: {problem}"));
                    }
                }
            }
        }
    }
    eprintln!("{mutants} mutants, {answered} cut, {} problems", problems.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(answered > 200, "only {answered} mutants cut");
}
