//! Fixtures per syntax area (`tests/fixtures/<area>/*.ptx`, options for a
//! fixture in a `.toml` beside it): each is formatted and snapshotted, then
//! checked: formatting the output again changes nothing, the output parses
//! to the same tree once whitespace is set aside, keeps the non-whitespace
//! text and every comment.

use std::path::Path;

use ptxkit_fmt::{Options, format_text};

mod common;

fn options_for(path: &Path) -> Options {
    let toml = path.with_extension("toml");
    if toml.is_file() {
        let options: Options = toml::from_str(&std::fs::read_to_string(&toml).unwrap()).unwrap();
        options.validate().unwrap();
        options
    } else {
        Options::default()
    }
}

/// The checks every formatted text must pass.
pub fn assert_sound(input: &str, output: &str, options: &Options, name: &str) {
    assert!(
        ptxkit_fmt::verify::same_non_whitespace(input, output),
        "{name}: non-whitespace text changed"
    );
    let before = ptxkit_syntax::parse(input);
    let after = ptxkit_syntax::parse(output);
    assert_eq!(
        ptxkit_fmt::verify::first_tree_difference(&before, &after),
        None,
        "{name}: the output parses to a different tree"
    );
    let kept: Vec<&str> = after.comments().into_iter().map(str::trim_end).collect();
    for comment in before.comments() {
        assert!(kept.contains(&comment.trim_end()), "{name}: lost comment {comment:?}");
    }
    let again = format_text(output, options).unwrap();
    assert_eq!(again, output, "{name}: formatting is not idempotent");
    assert!(
        output.ends_with('\n') && !output.ends_with("\n\n"),
        "{name}: not exactly one final newline"
    );
    let layout = common::layout::check(output, options.line_width);
    assert!(layout.violations.is_empty(), "{name}: {:?}", layout.violations);
}

#[test]
fn the_layout_check_catches_what_it_should() {
    let long = "x".repeat(90);
    let text = format!(
        ".entry k(\n    .param .u64 {long}\n)\n{{\n    mov.u32 %r1, %r2; // {long}\n    add.s32 %r1, %r2, {long};\n    add.s32\n                         %r1, %r2;\n}}\n"
    );
    let layout = common::layout::check(&text, 100);
    assert_eq!(layout.over_width, 3);
    assert_eq!(layout.comment_overflow, 1);
    assert_eq!(layout.single_element, 1);
    assert_eq!(layout.violations.len(), 2, "{:?}", layout.violations);
    assert!(layout.violations[0].contains("line 6"));
    assert!(layout.violations[1].contains("continuation 21 columns"));
}

#[test]
fn fixtures() {
    insta::glob!("fixtures/**/*.ptx", |path| {
        let input = std::fs::read_to_string(path).unwrap();
        let options = options_for(path);
        let output = format_text(&input, &options).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
        assert_sound(&input, &output, &options, &path.display().to_string());
        let shown = output.replace('\t', "→   ").replace('\r', "␍");
        insta::assert_snapshot!(shown);
    });
}

#[test]
fn crlf_stays_crlf() {
    let input = ".version 7.8\r\n.target sm_80\r\n.entry k()\r\n{\r\nret;\r\n}\r\n";
    let output = format_text(input, &Options::default()).unwrap();
    assert_eq!(
        output,
        ".version 7.8\r\n.target sm_80\r\n\r\n.entry k()\r\n{\r\n    ret;\r\n}\r\n"
    );
}

#[test]
fn refuses_what_it_cannot_format_safely() {
    let deep = format!(
        ".version 7.8\n.target sm_80\n.entry k()\n{}{}\n",
        "{".repeat(10_000),
        "}".repeat(10_000)
    );
    let err = format_text(&deep, &Options::default()).unwrap_err();
    assert!(err.to_string().contains("nested too deeply"), "{err}");
    let err = format_text(".version 7.8\n.entry k() { add.s32 %r1, %r2 }\n", &Options::default()).unwrap_err();
    assert!(err.to_string().starts_with("2:"), "{err}");
    let huge = " ".repeat(ptxkit_fmt::MAX_FORMAT_BYTES + 1);
    let err = format_text(&huge, &Options::default()).unwrap_err();
    assert!(err.to_string().starts_with("too large to format"), "{err}");
    // Characters that an earlier version reserved for its own layout marks
    // are ordinary text now.
    let text = ".version 7.8 // \u{FDD0}\u{FDD1}\u{FDD2}\n";
    assert_eq!(format_text(text, &Options::default()).unwrap(), text);
}
