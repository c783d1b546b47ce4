//! The properties the fuzz targets check, one function per target. Each
//! panics (a libFuzzer crash) when a property fails, with a message that
//! says which; the targets in `fuzz_targets/` only turn bytes into text.
//!
//! - [`check_parse`]: parsing never panics and the tree is lossless.
//! - [`check_format`]: formatting never fails its own checks, is idempotent,
//!   keeps every non-whitespace character and every comment.
//! - [`check_lint`]: linting never panics; every fix applies alone and leaves
//!   no more syntax errors than the input had; `--fix` and every reporter run;
//!   linted in groups it finds what one pass finds (and runs with syntax errors);
//!   the rules' patterns found by the pruned walk are the query cursor's.
//! - [`check_rewrite`]: rewriting never panics or fails its own checks; an
//!   accepted rewrite parses cleanly, and a second run is a no-op.
//! - [`check_split`]: the lexical splitter's items parse as the whole text
//!   does, and formatting in groups of one function is whole-file formatting.
//! - [`check_server`]: `ptxls` keeps an edited document in step with the
//!   editor, re-parses and lints it incrementally as a fresh parse and a full
//!   lint would, and answers every request with ranges inside the text.

mod server;

use ptxkit_fmt::{FormatError, IndentStyle, Options};
use ptxkit_lint::report::{FileReport, render_github, render_json, render_sarif, render_text};
use ptxkit_lint::{Settings, fix::fix_source, lint_source, settings::Selector};
use ptxkit_rewrite::RewriteError;
use ptxkit_syntax::{ParsedSource, apply_edits, ast, parse, preorder};

/// The fuzzer's bytes as the tools would see them: what
/// `ptxkit_syntax::source::decode_source` accepts (UTF-8, no NUL, not empty),
/// capped at 256 KiB so each run stays fast.
pub fn text(data: &[u8]) -> Option<&str> {
    if data.is_empty() || data.len() > 256 * 1024 || data.contains(&0) {
        return None;
    }
    std::str::from_utf8(data).ok()
}

/// A small deterministic hash of the text, to vary options per input.
fn seed(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Parse: no panic; the leaves and whitespace rebuild the text; the tree is the one
/// the grammar's generated lexer gives; every typed view and every error position can
/// be asked for.
pub fn check_parse(text: &str) {
    let parsed = parse(text);
    if let Err(offset) = parsed.check_lossless() {
        panic!("parse is not lossless: byte {offset} is covered by no leaf");
    }
    for error in parsed.syntax_errors() {
        let _ = parsed.lines().line_column(text, error.span.start);
        let _ = parsed.lines().line_column(text, error.span.end);
    }
    let _ = parsed.comments();
    let generated = ptxkit_syntax::generated_lexer::parse_with_generated_lexer(text);
    if let Some(difference) = ptxkit_syntax::generated_lexer::first_difference(parsed.tree(), &generated) {
        panic!("the fast lexer's tree is not the generated lexer's: {difference}");
    }
    check_children(&parsed);
    exercise_views(&parsed);
}

/// Every node's children read in one call (`ptxkit_syntax::children`, which reads
/// tree-sitter's subtrees directly) are the cursor's: same nodes, positions, fields.
fn check_children(parsed: &ParsedSource) {
    let facts = |child: &ptxkit_syntax::Child<'_>| {
        let node = child.node;
        (
            (node.id(), node.kind_id(), node.grammar_id(), node.is_named(), node.is_extra(), node.is_missing()),
            (node.byte_range(), node.start_position(), node.end_position(), node.child_count()),
            (child.field, child.has_children),
        )
    };
    for node in preorder(parsed.root()) {
        let fast: Vec<_> = ptxkit_syntax::children(node).iter().map(facts).collect();
        let slow: Vec<_> = ptxkit_syntax::children_by_cursor(node).iter().map(facts).collect();
        assert_eq!(fast, slow, "the children of {node:?} differ from the cursor's");
    }
}

/// Asks every typed view of every node for everything it offers.
fn exercise_views(parsed: &ParsedSource) {
    let source = parsed.text();
    let root = parsed.root();
    let _ = ast::version_directive(root, source);
    let _ = ast::target_directive(root, source);
    let _ = ptxkit_syntax::max_block_depth(root);
    for node in preorder(root) {
        if let Some(insn) = ast::Instruction::cast(node, source) {
            let _ = (insn.full_opcode(), insn.modifiers(), insn.operands(), insn.is_call());
            let _ = insn.guard().is_some();
            let _ = insn.call_parts().is_some();
            for operand in insn.operands() {
                let _ = ptxkit_syntax::literal::eval_integer(operand, source);
            }
        }
        if let Some(decl) = ast::VariableDeclaration::cast(node, source) {
            let specifiers = decl.specifiers();
            let _ = (specifiers.state_space(), specifiers.type_name(), specifiers.linkages());
            let _ = (specifiers.vector_width(), specifiers.alignment());
            for declarator in decl.declarators() {
                let _ = (declarator.name(), declarator.count(), declarator.dimensions());
            }
            let _ = decl.is_module_scope();
        }
        if let Some(function) = ast::Function::cast(node, source) {
            let _ = (
                function.name(),
                function.is_entry(),
                function.linkages(),
                function.directives(),
            );
            for parameter in function.parameters().into_iter().chain(function.returns()) {
                let specifiers = parameter.specifiers();
                let _ = (
                    specifiers.type_name(),
                    specifiers.alignment(),
                    specifiers.vector_width(),
                );
                if let Some(declarator) = parameter.declarator() {
                    let _ = (declarator.name(), declarator.count());
                }
            }
            let _ = function.body();
        }
    }
}

/// The option sets the format target tries: the defaults, and one chosen
/// from the input's hash (narrow or wide lines, tabs, alignment off).
fn format_options(text: &str) -> [Options; 2] {
    let h = seed(text);
    let varied = Options {
        line_width: [20, 40, 80, 100, 1000][(h % 5) as usize],
        indent_style: if h & 8 == 0 {
            IndentStyle::Spaces
        } else {
            IndentStyle::Tabs
        },
        indent_width: 1 + ((h >> 4) % 16) as usize,
        align_operands: h & 0x100 == 0,
        align_comments: h & 0x200 == 0,
        max_elements_per_row: [0, 1, 4, 16][((h >> 10) % 4) as usize],
    };
    [Options::default(), varied]
}

/// Format: never an internal error; the output is a fixed point, has the
/// same non-whitespace text, the same comments in order, and parses cleanly.
pub fn check_format(text: &str) {
    for options in format_options(text) {
        let formatted = match ptxkit_fmt::format_text(text, &options) {
            Ok(formatted) => formatted,
            Err(FormatError::Internal(message)) => panic!("format internal error with {options:?}: {message}"),
            Err(_) => continue,
        };
        assert!(
            ptxkit_fmt::verify::same_non_whitespace(text, &formatted),
            "format changed non-whitespace text with {options:?}"
        );
        let before = comments(&parse(text));
        let reparsed = parse(formatted.as_str());
        assert!(
            reparsed.syntax_errors().is_empty(),
            "formatted output has syntax errors with {options:?}"
        );
        assert_eq!(
            before,
            comments(&reparsed),
            "format changed the comments with {options:?}"
        );
        match ptxkit_fmt::format_text(&formatted, &options) {
            Ok(again) => assert!(again == formatted, "format is not idempotent with {options:?}"),
            Err(err) => panic!("formatted output does not format again with {options:?}: {err}"),
        }
    }
}

fn comments(parsed: &ParsedSource) -> Vec<String> {
    parsed.comments().iter().map(|c| c.trim_end().to_string()).collect()
}

/// Lint: every rule (preview too) runs without panic; linted in groups of
/// top-level items it finds the same; each fix applies on its own and adds
/// no syntax error; `--fix --unsafe-fixes` runs; every
/// reporter renders.
pub fn check_lint(text: &str) {
    let all = Selector::parse("ALL").expect("ALL is a selector");
    let settings = Settings::new(&[all], &[], &[], true);
    let result = lint_source(text, &settings);
    let errors_before = result.parsed.syntax_errors().len();
    // In groups of top-level items (each item a group), trees kept or dropped: the same
    // findings, whenever the text is linted in groups at all.
    for keep in [0, usize::MAX] {
        if let Some((grouped, _)) = ptxkit_lint::grouped::lint(text, &settings, 1, keep, usize::MAX) {
            assert_eq!(
                grouped,
                result.diagnostics,
                "linted in groups (trees kept: {})",
                keep > 0
            );
        }
    }
    // The rules' patterns found by the pruned walk are the query cursor's, whole and in a
    // range (as the piecewise and incremental linters ask).
    let middle = (text.len() / 3..2 * text.len() / 3 + 1).filter(|&at| text.is_char_boundary(at));
    let (from, to) = (middle.clone().next().unwrap_or(0), middle.last().unwrap_or(text.len()));
    for range in [None, Some(from..to)] {
        if let Some(difference) = ptxkit_lint::dispatch_disagreement(text, range.clone()) {
            panic!("rule matches in {range:?}: {difference}");
        }
    }
    // As a text past the whole-file limit is: in groups even with syntax errors (where error
    // recovery may differ from the whole file's: only without panic).
    let _ = ptxkit_lint::grouped::lint(text, &settings, 1, 0, 0);
    for diagnostic in &result.diagnostics {
        assert!(
            diagnostic.span.end <= text.len() && text.is_char_boundary(diagnostic.span.start),
            "diagnostic span {:?} of {} is outside the text or splits a character",
            diagnostic.span,
            diagnostic.rule
        );
        let Some(fix) = &diagnostic.fix else { continue };
        let fixed = match apply_edits(text, &fix.edits) {
            Ok(fixed) => fixed,
            Err(err) => panic!("fix of {} does not apply: {err}", diagnostic.rule),
        };
        let errors_after = parse(fixed).syntax_errors().len();
        assert!(
            errors_after <= errors_before,
            "fix of {} adds syntax errors ({errors_before} → {errors_after})",
            diagnostic.rule
        );
    }
    let report = FileReport {
        path: "fuzz.ptx",
        text,
        lines: result.parsed.lines(),
        diagnostics: &result.diagnostics,
    };
    let _ = render_text(&report, false, true);
    let _ = render_text(&report, true, false);
    let _ = render_github(&report);
    let _ = render_json(std::slice::from_ref(&report));
    let _ = render_sarif(std::slice::from_ref(&report));
    let _ = ptxkit_lint::requirements::file_requirements(&result.parsed).render("fuzz.ptx");
    let fixed = fix_source(text, &settings, true);
    assert!(
        fixed.result.parsed.syntax_errors().len() <= errors_before,
        "--fix added syntax errors"
    );
}

/// Which way [`check_rewrite`] moves a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// To a version older than the file's `.version`.
    Down,
    /// To a version newer than the file's `.version`.
    Up,
}

/// The file's `.version`, if it names a known version.
fn file_version(text: &str) -> Option<ptxkit_isa::Version> {
    let parsed = parse(text);
    let (_, written) = ast::version_directive(parsed.root(), parsed.text())?;
    ptxkit_isa::version(written).ok()
}

/// Rewrite: pick a destination on the `direction` side of the file's
/// version (from the input's hash); never a panic or an internal error; an
/// accepted rewrite parses with no error and rewriting it again changes
/// nothing.
pub fn check_rewrite(text: &str, direction: Direction) {
    let Some(from) = file_version(text) else {
        // Still exercise the error paths.
        let options = ptxkit_rewrite::Options {
            to: ptxkit_isa::version("7.8").expect("7.8 is known"),
            target: None,
            allow_approximate: true,
        };
        let _ = ptxkit_rewrite::rewrite(text, &options);
        return;
    };
    let candidates: Vec<_> = ptxkit_isa::version::known_versions()
        .filter(|v| match direction {
            Direction::Down => *v < from,
            Direction::Up => *v > from,
        })
        .collect();
    if candidates.is_empty() {
        return;
    }
    let h = seed(text);
    let options = ptxkit_rewrite::Options {
        to: candidates[(h % candidates.len() as u64) as usize],
        target: None,
        allow_approximate: h & 0x400 == 0,
    };
    let Some(first) = rewrite_checked(text, &options) else {
        return;
    };
    if first.refused() {
        return;
    }
    let reparsed = parse(first.output.as_str());
    assert!(
        reparsed.syntax_errors().is_empty(),
        "rewrite to {} produced syntax errors",
        options.to
    );
    let Some(second) = rewrite_checked(&first.output, &options) else {
        panic!("the rewrite's output to {} cannot be rewritten again", options.to);
    };
    assert!(
        !second.refused(),
        "second rewrite to {} refuses what the first accepted: {:?}",
        options.to,
        second.refusals.first().map(|d| &d.message)
    );
    assert!(
        second.output == first.output,
        "second rewrite to {} is not a no-op (applied {:?})",
        options.to,
        second.applied
    );
}

/// Runs the rewriter; `None` for the errors that are the input's fault,
/// a panic for the ones that are the rewriter's.
fn rewrite_checked(text: &str, options: &ptxkit_rewrite::Options) -> Option<ptxkit_rewrite::Rewrite> {
    match ptxkit_rewrite::rewrite(text, options) {
        Ok(result) => Some(result),
        Err(err @ (RewriteError::Internal { .. } | RewriteError::DidNotSettle(_) | RewriteError::Verify(_))) => {
            panic!("rewrite to {} failed its own checks: {err}", options.to)
        }
        Err(_) => None,
    }
}

/// Split: where `ptxkit_syntax::split` cuts the text, its items cover it in
/// order, parse with no syntax error exactly when the whole text does (and
/// then to the whole text's top-level nodes); formatting in groups of one
/// function each, where it answers, gives the whole-file formatter's output.
pub fn check_split(text: &str) {
    let Some(items) = ptxkit_syntax::split::top_level_items(text) else {
        return;
    };
    let mut at = 0;
    for item in &items {
        assert_eq!(item.range.start, at, "items do not cover the text in order");
        at = item.range.end;
    }
    assert_eq!(at, text.len(), "items do not reach the end of the text");
    let whole = parse(text);
    let top = |parsed: &ParsedSource, offset: usize| -> Vec<(u16, usize, usize)> {
        let root = parsed.root();
        let mut cursor = root.walk();
        root.children(&mut cursor)
            .map(|n| (n.kind_id(), n.start_byte() + offset, n.end_byte() + offset))
            .collect()
    };
    let mut clean = true;
    let mut nodes = Vec::new();
    for item in &items {
        let piece = parse(&text[item.range.clone()]);
        clean &= piece.syntax_errors().is_empty();
        nodes.extend(top(&piece, item.range.start));
    }
    assert_eq!(
        clean,
        whole.syntax_errors().is_empty(),
        "the items and the whole text disagree on syntax errors"
    );
    if clean {
        assert!(
            nodes == top(&whole, 0),
            "the items' top-level nodes differ from the whole text's"
        );
    }
    let options = Options::default();
    if let Some(grouped) = ptxkit_fmt::groups::format_in_groups(text, &options, 1) {
        let expected = ptxkit_fmt::format_parsed(&whole, &options)
            .unwrap_or_else(|err| panic!("formatted in groups, but not whole: {err}"));
        assert!(
            grouped == expected,
            "formatting in groups differs from whole-file formatting"
        );
    }
}

/// Server: `ptxls` keeps an edited document in step with the editor and
/// answers every request about it with ranges inside it (see `server.rs`).
pub fn check_server(text: &str) {
    server::check(text, seed(text));
}
