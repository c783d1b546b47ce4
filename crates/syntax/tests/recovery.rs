//! Error recovery: one broken statement inside a kernel yields an error
//! confined to that statement, and every other statement of the kernel and
//! the rest of the file parse normally.

use ptxkit_syntax::ast::Instruction;
use ptxkit_syntax::{parse, preorder};

/// A kernel whose fourth line is `broken`, followed by a second kernel.
fn module_with(broken: &str) -> String {
    format!(
        ".version 7.8\n.target sm_80\n.entry k()\n{{\n\tadd.s32 %r1, %r2, 1;\n\t{broken}\n\tsub.s32 %r3, %r4, 2;\n\tret;\n}}\n.entry j()\n{{\n\texit;\n}}\n"
    )
}

fn check(broken: &str) {
    let text = module_with(broken);
    let parsed = parse(text.as_str());
    let broken_line = 6;
    let errors = parsed.syntax_errors();
    assert!(!errors.is_empty(), "{broken:?}: expected a syntax error");
    for error in &errors {
        let start = parsed.lines().line_column(parsed.text(), error.span.start).line;
        let end = parsed
            .lines()
            .line_column(parsed.text(), error.span.end.saturating_sub(1).max(error.span.start))
            .line;
        assert!(
            start == broken_line && end == broken_line,
            "{broken:?}: error at lines {start}..{end} escapes the broken statement (line {broken_line})\n{}",
            parsed.root().to_sexp()
        );
    }
    // Every intact statement is an instruction of its own with the right opcode.
    let opcodes: Vec<(usize, String)> = preorder(parsed.root())
        .filter_map(|n| Instruction::cast(n, parsed.text()))
        .filter(|i| !i.node().has_error())
        .map(|i| {
            (
                parsed.lines().line_column(parsed.text(), i.node().start_byte()).line,
                i.full_opcode().to_string(),
            )
        })
        .filter(|(line, _)| *line != broken_line)
        .collect();
    let expected = [(5, "add.s32"), (7, "sub.s32"), (8, "ret"), (12, "exit")];
    let expected: Vec<(usize, String)> = expected.iter().map(|(l, o)| (*l, o.to_string())).collect();
    assert_eq!(opcodes, expected, "{broken:?}\n{}", parsed.root().to_sexp());
    // Both kernels survive.
    let functions = preorder(parsed.root())
        .filter(|n| n.kind() == "function_definition")
        .count();
    assert_eq!(functions, 2, "{broken:?}\n{}", parsed.root().to_sexp());
}

#[test]
fn unknown_punctuation() {
    check("mov.u32 %r5 ^^ %r6;");
    check("mov.u32 %r5, @%r6;");
    check("mov.u32 %r5, %r6 ? ;");
}

#[test]
fn missing_semicolon() {
    check("mov.u32 %r5, %r6");
}

#[test]
fn unterminated_block_comment() {
    check("/* never closed");
    check("mov.u32 %r5, %r6; /* closed */ /* not closed");
}

#[test]
fn stray_brace() {
    check("mov.u32 %r5, } %r6;");
    check("mov.u32 %r5, { %r6;");
    check("ld.global.u32 %r5, [%rd1;");
}

#[test]
fn unclosed_comment_is_a_syntax_error_with_a_position() {
    let parsed = parse(module_with("/* never closed"));
    let errors = parsed.syntax_errors();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].missing(), Some("*/"));
    assert_eq!(&parsed.text()[errors[0].span.range()], "/* never closed");
}
