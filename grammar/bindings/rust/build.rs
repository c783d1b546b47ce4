//! Compiles the generated C parser, twice:
//!
//! - `tree_sitter_ptx`, the one the crate exports, from `src/parser.c` with its lexer made
//!   faster by two rewrites of the generated text (see [`fast_lexer`]);
//! - `tree_sitter_ptx_reference`, from `src/parser.c` exactly as `tree-sitter generate`
//!   wrote it, which tests and fuzzing compare the first with (a binary that does not
//!   ask for it does not link it).
//!
//! `src/` stays the generator's output byte for byte (CI regenerates it and requires no
//! diff); the rewritten copy is written to `OUT_DIR`.

use std::path::Path;

fn main() {
    let src_dir = Path::new("src");
    let parser_path = src_dir.join("parser.c");
    println!("cargo:rerun-if-changed={}", parser_path.display());
    let out_dir = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let generated = std::fs::read_to_string(&parser_path).expect("src/parser.c is readable");

    let fast = match fast_lexer(&generated) {
        Ok(text) => text,
        Err(why) => {
            // A generator that writes the lexer differently: build its output as it is.
            println!("cargo:warning=tree-sitter-ptx: lexer left as generated ({why})");
            generated.clone()
        }
    };
    let fast_path = out_dir.join("parser_fast.c");
    std::fs::write(&fast_path, fast).expect("OUT_DIR is writable");
    let reference_path = out_dir.join("parser_reference.c");
    let absolute = std::fs::canonicalize(&parser_path).expect("src/parser.c exists");
    std::fs::write(
        &reference_path,
        format!(
            "#define tree_sitter_ptx tree_sitter_ptx_reference\n#include \"{}\"\n",
            absolute.display()
        ),
    )
    .expect("OUT_DIR is writable");

    let mut c_config = cc::Build::new();
    c_config.std("c11").include(src_dir);
    #[cfg(target_env = "msvc")]
    c_config.flag("-utf-8");
    c_config.file(&fast_path).file(&reference_path);
    // The generated parser is large; warnings from it are not ours to fix.
    c_config.warnings(false);
    c_config.opt_level(3);
    c_config.compile("tree-sitter-ptx");
}

/// The generated parser with a faster lexer, or why the text does not have the expected
/// shape. Two rewrites, neither of which changes what the lexer does:
///
/// 1. Each `ADVANCE_MAP(c1, s1, c2, s2, ...);` (a character-to-state table that
///    `tree_sitter/parser.h` searches linearly, for every character read in that state,
///    whitespace included) becomes `switch (lookahead) { case c1: ADVANCE(s1); ... }`,
///    which the C compiler turns into a jump table or a binary search. The characters of
///    one map are distinct (a duplicate would not compile).
/// 2. `eof = lexer->eof(lexer);`, an indirect call made for every character in every
///    state, goes; the few states that test `eof` call it where they test it (nothing
///    between the two places changes the lexer).
///
/// On 44 corpus files (7.7 MB), parsing takes 12% less time; trees are identical (the
/// crate's tests compare both parsers on the corpus and on mutants).
fn fast_lexer(generated: &str) -> Result<String, String> {
    let switched = switch_maps(generated)?;
    lazy_eof(&switched)
}

/// Rewrite 1 of [`fast_lexer`].
fn switch_maps(text: &str) -> Result<String, String> {
    const MAP: &str = "ADVANCE_MAP(";
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut rest = text;
    let mut maps = 0;
    while let Some(at) = rest.find(MAP) {
        out.push_str(&rest[..at]);
        let (pairs, after) = map_entries(&rest[at + MAP.len()..])?;
        out.push_str("switch (lookahead) {");
        for (character, state) in pairs {
            out.push_str(&format!(" case {character}: ADVANCE({state});"));
        }
        out.push_str(" default: break; }");
        rest = after;
        maps += 1;
    }
    out.push_str(rest);
    if maps == 0 {
        return Err("no ADVANCE_MAP".into());
    }
    Ok(out)
}

/// The (character, state) pairs of one `ADVANCE_MAP`, as C source text.
type Entries<'a> = Vec<(&'a str, &'a str)>;

/// The (character, state) pairs of one `ADVANCE_MAP(` argument list, and the text after
/// its `);`. A character is a C character literal (`','`, `'\\'`) or a number; a state a
/// number; each is followed by a comma.
fn map_entries(text: &str) -> Result<(Entries<'_>, &str), String> {
    let mut pairs = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(");") {
            return Ok((pairs, after));
        }
        let (character, after) = token(rest)?;
        let (state, after) = token(after.trim_start())?;
        if !state.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("ADVANCE_MAP state {state:?} is not a number"));
        }
        pairs.push((character, state));
        rest = after;
    }
}

/// One `token,` of an `ADVANCE_MAP`: a character literal or a number, and the text after
/// its comma.
fn token(text: &str) -> Result<(&str, &str), String> {
    let end = if let Some(body) = text.strip_prefix('\'') {
        // The closing quote, after one character or a backslash and the character it escapes.
        let skip = if body.starts_with('\\') { 2 } else { 1 };
        let close = body.get(skip..).and_then(|b| b.find('\'')).map(|i| i + skip);
        close
            .map(|i| i + 2)
            .ok_or("unterminated character literal in ADVANCE_MAP")?
    } else {
        text.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(text.len())
    };
    if end == 0 {
        return Err(format!(
            "unexpected text in ADVANCE_MAP: {:?}",
            &text[..text.len().min(20)]
        ));
    }
    let after = text[end..]
        .trim_start()
        .strip_prefix(',')
        .ok_or("ADVANCE_MAP entry without a comma")?;
    Ok((&text[..end], after))
}

/// Rewrite 2 of [`fast_lexer`]: only when `eof` is read nowhere but in `if (eof)`.
fn lazy_eof(text: &str) -> Result<String, String> {
    const READ: &str = "  eof = lexer->eof(lexer);\n";
    if !text.contains(READ) {
        return Err("no `eof = lexer->eof(lexer);` line".into());
    }
    let out = text.replace(READ, "").replace("if (eof)", "if (lexer->eof(lexer))");
    let other_uses = out
        .match_indices("eof")
        .filter(|&(at, _)| {
            let before = &out[..at];
            let after = &out[at + 3..];
            let word_before = before.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            let word_after = after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            !word_before && !word_after && !before.ends_with("->")
        })
        .count();
    if other_uses > 0 {
        return Err(format!("`eof` is read {other_uses} times outside `if (eof)`"));
    }
    Ok(out)
}
