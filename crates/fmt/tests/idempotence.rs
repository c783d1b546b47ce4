//! Formatting formatted output changes nothing, at every line width and indentation,
//! including where the input glues an instruction's first operand to its head
//! (`and.b32!%r1`, `ld.v2.f32{%f1, %f2}`, `mov.s32-1`): the printer always puts a space
//! there, so the operand-alignment pass must measure the instruction with it. Found by the
//! `format` fuzz target (a run's alignment decided on a width one column short, then decided
//! differently on the output).

use ptxkit_fmt::{IndentStyle, Options, format_text};

const BODIES: [&str; 4] = [
    "\tcvt.s32.u32 \t%r1, %tid.x;\n\tand.b32!\t%r21, %r20, %r1;\n\tmul.lo.u32 \t%r25, %r24, 4;\n",
    "\tmov.u32 %r1, 1;\n\tld.global.v2.f32{%f1, %f2}, [%rd1];\n\tadd.f32 %f3, %f1, %f2;\n",
    "\tmov.s32-1, %r1;\n\tmov.s32 %r2,-1;\n\tsetp.ne.s32 %p1, %r2, 0;\n\tmul.wide.s32 %rd2, %r2, 4;\n",
    "\tst.global.u32[%rd1], %r1;\n\tselp.b32 %r3, %r1, %r2, !%p1;\n\tand.pred %p2,!%p1, %p1;\n\tret;\n",
];

#[test]
fn formatted_output_is_a_fixed_point_at_every_width() {
    let mut checked = 0;
    for body in BODIES {
        let text = format!(".version 7.8\n.target sm_80\n.entry k()\n{{\n{body}}}\n");
        for line_width in 16..=64 {
            for (indent_style, indent_width) in [
                (IndentStyle::Spaces, 4),
                (IndentStyle::Tabs, 4),
                (IndentStyle::Tabs, 15),
                (IndentStyle::Spaces, 1),
            ] {
                for align_operands in [true, false] {
                    let options = Options {
                        line_width,
                        indent_style,
                        indent_width,
                        align_operands,
                        ..Options::default()
                    };
                    let once = format_text(&text, &options).unwrap();
                    let twice = format_text(&once, &options).unwrap();
                    assert_eq!(twice, once, "{options:?} on {text:?}");
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 4 * 49 * 4 * 2);
}

/// A preprocessor line ending in `\` continues onto the next line, so at the end of a file
/// the final line break the formatter adds becomes part of it; formatting again must not add
/// another (found by the `format` fuzz target: `#f\\\` at the end of a file).
#[test]
fn a_continued_preprocessor_line_at_the_end_stays_put() {
    let mut checked = 0;
    for body in [
        "#f\\\\\\",
        "#define A \\",
        "#x\\",
        "#x \\\n",
        "#x \\\r\n",
        "#x \\\n\n",
        "#x \\\n\n\n",
    ] {
        for before in [
            "",
            ".version 7.8\n.target sm_80\n",
            ".version 7.8\n.target sm_80\n.entry k()\n{\n\tret;\n}\n\n",
        ] {
            for crlf in [false, true] {
                let text = format!("{before}{body}");
                let text = if crlf {
                    text.replace('\n', "\r\n").replace("\r\r\n", "\r\n")
                } else {
                    text
                };
                let options = Options::default();
                let once = format_text(&text, &options).unwrap();
                let twice = format_text(&once, &options).unwrap();
                assert_eq!(twice, once, "{text:?}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 7 * 3 * 2);
}

/// A lone `\r` ends a `//` comment (as LSP and the grammar's comments have it), so the
/// formatter counts it as a line break everywhere: a comment after a lone `\r` was taken for
/// a trailing comment on the line before, then for a comment on its own line once the output
/// had a `\n` there (found by the `format` fuzz target). Each line break of a module, in turn,
/// made one or three lone `\r`s.
#[test]
fn a_lone_carriage_return_is_a_line_break() {
    let module = ".version 7.8\n.target sm_80 // t\n\n// about k\n.entry k()\n{\n\t// first\n\tmov.u32 %r1, 1; // one\n\n\tadd.u32 %r1, %r1, 1;\n\t@%p1 bra $L1;\n$L1:\n\tret;\n} // k\n// after k\n.func f()\n{\n\tret;\n}\n";
    let mut checked = 0;
    for (at, _) in module.match_indices('\n') {
        for breaks in ["\r", "\r\r\r"] {
            let text = format!("{}{breaks}{}", &module[..at], &module[at + 1..]);
            let options = Options::default();
            let Ok(once) = format_text(&text, &options) else {
                continue;
            };
            let twice = format_text(&once, &options).unwrap();
            assert_eq!(twice, once, "{text:?}");
            checked += 1;
        }
    }
    assert!(checked > 30, "{checked}");
}

/// Text after a block comment that spans lines starts on the comment's last line, at the
/// column where the comment ends: a list aligned after it is indented from there. The layout
/// took a multi-line comment for text 2^24 columns wide (so that no group around it fits),
/// and aligned a vector after one 16,777,216 columns in (found by the `format` fuzz target:
/// `ld.param.v4.b32 /**\n*/\n{%r209, ...}` formatted 5,949 bytes into 50 MB). A comment
/// spanning lines, in turn, at every token boundary of a module with vectors, argument,
/// parameter and initializer lists and addresses.
#[test]
fn a_block_comment_spanning_lines_ends_where_its_last_line_ends() {
    let module = ".version 7.8\n.target sm_80\n.global .align 4 .u32 tab[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n.func (.param .b32 r) f(.param .b32 a, .param .b32 b)\n{\n\tret;\n}\n.entry k(.param .u64 p)\n{\n\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<3>;\n\tld.param.u64 %rd1, [p];\n\tld.global.v4.b32 {%r1, %r2, %r3, %r4}, [%rd1+16];\n\tcall.uni (%r5), f, (%r1, %r2);\n\tst.global.v4.b32 [%rd1], {%r5, %r6, %r7, %r8};\n\tret;\n}\n";
    let is_word = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'%' | b'$');
    let bytes = module.as_bytes();
    let mut checked = 0;
    for at in (1..module.len()).filter(|&at| !(is_word(bytes[at - 1]) && is_word(bytes[at]))) {
        for comment in ["/**\n*/\n", "/* a\n   b */", " /* long comment line\r\n */ "] {
            let text = format!("{}{comment}{}", &module[..at], &module[at..]);
            for line_width in [24, 80] {
                let options = Options {
                    line_width,
                    ..Options::default()
                };
                let Ok(once) = format_text(&text, &options) else {
                    continue;
                };
                assert!(once.len() < 2 * text.len(), "{} bytes from {text:?}", once.len());
                for line in once.lines() {
                    let indent = line.len() - line.trim_start().len();
                    assert!(indent <= line_width, "indented {indent} from {text:?}:\n{once}");
                }
                let twice = format_text(&once, &options).unwrap();
                assert_eq!(twice, once, "{text:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked}");
}

/// A `/* */` comment glued to the token after it (no space between) may sit where the grammar
/// wants that token to touch what precedes it: a modifier, a member `.x`, the `<` of `%r<4>`,
/// the `(` of a masked initializer. A space after the comment made the output a syntax error
/// (found by the `format` fuzz target: `ld.param.u64 /*//*/.ld`). In turn, at every byte of a
/// module where the comment leaves the text free of syntax errors, glued on both sides or on
/// one: the text formats, and the output keeps the tree and formats to itself.
#[test]
fn a_comment_glued_to_the_token_after_it_stays_glued() {
    let module = ".version 7.8\n.target sm_80\n.global .u32 tab[2] = {0xff00(tab), 2};\n.entry k(.param .u64 p)\n{\n\t.reg .b32 %r<9>;\n\t.reg .b64 %rd<3>;\n\t.reg .pred %p;\n\tld.param.u64 %rd1, [p];\n\tld.global.v2.b32 {%r1, %r2}, [%rd1+16];\n\tmov.u32 %r3, %tid.x;\n\tsetp.eq.u32 %p, %r1, %r3;\n\t@%p bra.uni L;\n\tst.global.b32 [%rd1], %r3;\nL:\n\tret;\n}\n";
    let mut checked = 0;
    for at in 1..module.len() {
        for comment in ["/*c*/", " /*//*/", "/**/ "] {
            let text = format!("{}{comment}{}", &module[..at], &module[at..]);
            let before = ptxkit_syntax::parse(text.as_str());
            if !before.syntax_errors().is_empty() {
                continue;
            }
            let options = Options::default();
            let once = format_text(&text, &options).unwrap_or_else(|error| panic!("{error} from {text:?}"));
            let after = ptxkit_syntax::parse(once.as_str());
            assert_eq!(
                ptxkit_fmt::verify::first_tree_difference(&before, &after),
                None,
                "{text:?}"
            );
            let twice = format_text(&once, &options).unwrap();
            assert_eq!(twice, once, "{text:?}");
            checked += 1;
        }
    }
    assert!(checked > 400, "{checked}");
}
