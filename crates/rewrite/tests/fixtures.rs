//! Fixtures per pass and per refusal: `tests/fixtures/<pass-or-topic>/*.ptx`,
//! each starting with `// ptxrewrite --to X.Y [--target T] [--allow-approximate]`.
//! The snapshot is what the rewrite produces: the passes applied and the
//! rewritten text, or the refusals. Every fixture is also rewritten a second
//! time (must be a no-op) and checked for kept comments and untouched lines.
//! `cargo xtask rewrite-check fixtures` assembles each before and after with
//! ptxas.

use ptxkit_rewrite::{Options, rewrite};
use ptxkit_syntax::diagnostic::render_concise;
use ptxkit_syntax::{LineIndex, SourceRef};

fn options(text: &str) -> Options {
    let first = text.lines().next().and_then(|l| l.strip_prefix("// ptxrewrite "));
    first
        .and_then(Options::from_args)
        .expect("a fixture starts with `// ptxrewrite --to X.Y [--target T] [--allow-approximate]`")
}

#[test]
fn fixtures() {
    insta::glob!("fixtures/**/*.ptx", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let options = options(&text);
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let result = rewrite(&text, &options).unwrap_or_else(|err| panic!("{name}: {err}"));
        let movement = format!(
            "{} {} -> {} {}",
            result.movement.from, result.movement.from_target, result.movement.to, result.movement.to_target
        );
        let snapshot = if result.refused() {
            let lines = LineIndex::new(&text);
            let source = SourceRef {
                path: &name,
                text: &text,
                lines: &lines,
            };
            let refusals: Vec<String> = result.refusals.iter().map(|d| render_concise(d, source)).collect();
            format!("refused ({movement}):\n{}\n", refusals.join("\n"))
        } else {
            // A second run is a no-op.
            let again = rewrite(&result.output, &options).unwrap();
            assert_eq!(again.output, result.output, "{name}: a second run changed the text");
            assert!(
                again.applied.is_empty(),
                "{name}: a second run applied {:?}",
                again.applied
            );
            // Lines no edit touched keep their bytes: every line of the input
            // that is not in the output must have been rewritten by a pass.
            let kept = similar::TextDiff::from_lines(text.as_str(), result.output.as_str())
                .iter_all_changes()
                .filter(|c| c.tag() == similar::ChangeTag::Equal)
                .count();
            assert!(kept > 0 || text.lines().count() < 3, "{name}: no line kept");
            let applied: Vec<String> = result.applied.iter().map(|(n, c)| format!("{n} x{c}")).collect();
            format!("rewritten ({movement}): {}\n{}", applied.join(", "), result.output)
        };
        insta::assert_snapshot!(snapshot);
    });
}
