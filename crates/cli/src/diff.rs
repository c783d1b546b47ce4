//! The unified diffs of `--diff`, the same in every tool: git-style headers
//! (`--- a/PATH`, `+++ b/PATH`) so that `git apply` and `patch -p1` take them.

/// A unified diff of `before` → `after` with three lines of context; empty
/// when they are equal.
pub fn unified_diff(path: &str, before: &str, after: &str) -> String {
    if before == after {
        return String::new();
    }
    similar::TextDiff::from_lines(before, after)
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn git_style_headers_and_nothing_for_equal_texts() {
        let diff = super::unified_diff("k.ptx", "a\nb\n", "a\nc\n");
        assert!(
            diff.starts_with("--- a/k.ptx\n+++ b/k.ptx\n@@ -1,2 +1,2 @@\n"),
            "{diff}"
        );
        assert!(diff.contains("-b\n+c\n"), "{diff}");
        assert_eq!(super::unified_diff("k.ptx", "a\n", "a\n"), "");
    }
}
