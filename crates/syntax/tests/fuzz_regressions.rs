//! Inputs the fuzzers (`fuzz/`) found, minimised: each once broke a property
//! of parsing. Parsing is lossless for every text, with or without errors.

use ptxkit_syntax::parse;

fn assert_lossless(text: &str) {
    let parsed = parse(text);
    if let Err(offset) = parsed.check_lossless() {
        panic!(
            "{text:?}: byte {offset} is covered by no leaf\n{}",
            parsed.root().to_sexp()
        );
    }
}

/// The grammar skips every Unicode whitespace character between tokens (its
/// `extras` hold `/\s/`), so the lossless check must count each as a gap, not
/// only ASCII space, tab and line breaks. Found as a lone vertical tab.
#[test]
fn unicode_whitespace_between_tokens_is_a_gap() {
    for space in [
        '\u{b}', '\u{c}', '\u{85}', '\u{a0}', '\u{1680}', '\u{2000}', '\u{200a}', '\u{2028}', '\u{2029}', '\u{202f}',
        '\u{205f}', '\u{3000}',
    ] {
        assert_lossless(&space.to_string());
        assert_lossless(&format!(
            ".version 7.8{space}\n.target sm_80\n{space}.entry k(){space}{{ ret;{space}}}\n"
        ));
        assert_lossless(&format!("\tT_S2_i{space}e+\n\n"));
    }
}
