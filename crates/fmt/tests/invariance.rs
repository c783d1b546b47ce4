//! The layout depends only on the tokens, on where whitespace separates
//! them and on how many line breaks it holds — never on the amount of
//! spaces and tabs. So reshuffling the spaces and tabs between tokens (and
//! keeping each gap's line breaks) must give byte-identical output.

use std::path::Path;

/// A small deterministic generator (no dependency needed for this).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }

    fn blanks(&mut self) -> String {
        (0..=self.next(3))
            .map(|_| if self.next(2) == 0 { ' ' } else { '\t' })
            .collect()
    }
}

/// `text` with every whitespace gap between tokens replaced by random
/// spaces and tabs around the same number of line breaks.
fn reshuffle(text: &str, seed: u64) -> String {
    let parsed = ptxkit_syntax::parse(text);
    let mut rng = Lcg(seed);
    let mut out = String::with_capacity(text.len() * 2);
    let mut covered = 0;
    for leaf in ptxkit_syntax::preorder(parsed.root()).filter(|n| n.child_count() == 0) {
        let gap = &text[covered..leaf.start_byte()];
        if !gap.is_empty() {
            let newlines = gap.matches('\n').count();
            out.push_str(&rng.blanks());
            for _ in 0..newlines {
                out.push('\n');
                out.push_str(&rng.blanks());
            }
        }
        out.push_str(&text[leaf.byte_range()]);
        covered = leaf.end_byte();
    }
    if covered < text.len() {
        out.push('\n');
    }
    out
}

fn check(name: &str, text: &str) {
    if text.contains('\r') || text.contains("ptxfmt:") {
        return; // verbatim regions keep their spaces; CRLF gaps are tested elsewhere
    }
    let options = ptxkit_fmt::Options::default();
    let expected = ptxkit_fmt::format_text(text, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
    for seed in 1..=3 {
        let shuffled = reshuffle(text, seed);
        let got = ptxkit_fmt::format_text(&shuffled, &options).unwrap_or_else(|e| panic!("{name} (seed {seed}): {e}"));
        assert_eq!(
            got, expected,
            "{name}: output depends on the amount of whitespace (seed {seed})"
        );
    }
}

#[test]
fn fixtures_do_not_depend_on_the_amount_of_whitespace() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    assert!(files.len() >= 10);
    for path in files {
        check(&path.display().to_string(), &std::fs::read_to_string(&path).unwrap());
    }
}

#[test]
fn corpus_samples_do_not_depend_on_the_amount_of_whitespace() {
    let Some(dir) = ptxkit_syntax::corpus::for_tests(env!("CARGO_MANIFEST_DIR"), "invariance corpus samples") else {
        return;
    };
    let files = ptxkit_syntax::corpus::ptx_files(&dir).unwrap();
    // Every 40th file below 200 KB: a spread of sources and ages.
    let mut checked = 0;
    for path in files.into_iter().step_by(40) {
        let Ok(text) = ptxkit_syntax::source::read_source(&path) else {
            continue;
        };
        if text.len() > 200_000 || !ptxkit_syntax::parse(text.as_str()).syntax_errors().is_empty() {
            continue;
        }
        check(&path.display().to_string(), &text);
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} corpus samples checked");
}
