//! `ParsedSource::edited`: the incremental re-parse after a set of edits builds the tree a
//! fresh parse of the edited text builds, for edits anywhere (inside tokens, across lines,
//! several at once, at one offset, at the ends), in clean and broken texts.

use ptxkit_syntax::{Span, TextEdit, parse};

const TEXTS: [&str; 3] = [
    ".version 7.8\n.target sm_80\n.address_size 64\n.global .align 4 .b32 g[2];\n.visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\tld.global.u32 %r1, [g+4];\n\t@%p1 bra $L1;\n$L1:\n\tret;\n}\n",
    ".version 7.8\r\n.target sm_80\r\n.entry k(\r\n{\r\n\tmov.u32 %r1, ;\r\n\t/* open\r\n}\r\n",
    "\t.entry _Z1k (\n\t\t.param .u32 a, %rd2, %p1[%r1];\n\tcp.async.bulk.prefetch.L2.globa.L2::cache_hint [%rd1], %r1;\n",
];

const PIECES: [&str; 8] = ["", ";", "\n", "}\n{", ".global", "%r2, ", "/*", "\r\n\tret;\n"];

#[test]
fn an_edited_parse_is_a_fresh_parse() {
    let mut rng = fastrand::Rng::with_seed(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for text in TEXTS {
        let parsed = parse(text);
        for _ in 0..400 {
            // One to three edits that do not overlap, in any order.
            let mut cuts: Vec<usize> = (0..2 * (1 + rng.usize(..3)))
                .map(|_| rng.usize(..text.len() + 1))
                .collect();
            cuts.sort();
            let mut edits: Vec<TextEdit> = cuts
                .chunks(2)
                .map(|pair| TextEdit::replace(Span::new(pair[0], pair[1]), PIECES[rng.usize(..PIECES.len())]))
                .collect();
            if rng.usize(..2) == 0 {
                edits.reverse();
            }
            let edited = parsed.edited(&edits).unwrap();
            let fresh = parse(ptxkit_syntax::apply_edits(text, &edits).unwrap());
            assert_eq!(edited.text(), fresh.text());
            assert_eq!(edited.root().to_sexp(), fresh.root().to_sexp(), "{edits:?} on {text:?}");
            assert_eq!(edited.syntax_errors(), fresh.syntax_errors(), "{edits:?} on {text:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 1200);
}

#[test]
fn edits_that_do_not_apply_are_errors() {
    let parsed = parse(".version 7.8\n");
    assert!(parsed.edited(&[TextEdit::insert(100, "x")]).is_err());
    let overlapping = [TextEdit::delete(Span::new(0, 4)), TextEdit::delete(Span::new(2, 6))];
    assert!(parsed.edited(&overlapping).is_err());
    assert_eq!(parsed.edited(&[]).unwrap().text(), parsed.text());
}
