//! `--fix` on C, C++ and CUDA files: the asm rules' fixes (a `"memory"`
//! clobber, `volatile`) and the PTX rules' fixes that touch template text
//! written verbatim, applied like PTX fixes: non-overlapping edits, then a
//! re-lint; a round that loses an asm statement or adds an error is
//! thrown away.

use ptxkit_syntax::{Severity, apply_edits};

use crate::fix::choose_fixes;
use crate::inline::{CppLintResult, lint_cpp_source};
use crate::settings::Settings;

/// How many lint-and-fix rounds run at most.
const MAX_ROUNDS: usize = 10;

/// The outcome of fixing one C++ text.
pub struct CppFixResult {
    /// The final text.
    pub text: String,
    /// Its lint.
    pub result: CppLintResult,
    /// How many fixes were applied.
    pub applied: usize,
}

/// Lints a C++ text and applies every applicable fix.
pub fn fix_cpp_source(text: &str, settings: &Settings, unsafe_fixes: bool) -> CppFixResult {
    let mut current_text = text.to_string();
    let mut current = lint_cpp_source(&current_text, settings);
    let mut applied = 0;
    let errors = |r: &CppLintResult| r.diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
    for _ in 0..MAX_ROUNDS {
        let (chosen, count) = choose_fixes(&current.diagnostics, unsafe_fixes);
        if chosen.is_empty() {
            break;
        }
        let Ok(next_text) = apply_edits(&current_text, &chosen) else {
            break;
        };
        let next = lint_cpp_source(&next_text, settings);
        let lost = next.stats.analysed + next.stats.skipped != current.stats.analysed + current.stats.skipped;
        if lost || errors(&next) > errors(&current) {
            break;
        }
        applied += count;
        current_text = next_text;
        current = next;
    }
    CppFixResult {
        text: current_text,
        result: current,
        applied,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_clobbers_and_volatile() {
        let text = r#"__device__ void f(int* p, int x, unsigned long long* t) {
  asm volatile("st.global.u32 [%0], %1;" :: "l"(p), "r"(x));
  asm volatile("bar.sync 0;" : : : );
  asm("mov.u64 %0, %%clock64;" : "=l"(*t));
}
"#;
        let fixed = fix_cpp_source(text, &Settings::default(), false);
        assert_eq!(fixed.applied, 3, "{:#?}", fixed.result.diagnostics);
        assert!(fixed.text.contains(r#""r"(x) : "memory");"#), "{}", fixed.text);
        assert!(fixed.text.contains(r#": : : "memory");"#), "{}", fixed.text);
        assert!(fixed.text.contains("asm volatile(\"mov.u64"), "{}", fixed.text);
        assert!(fixed.result.diagnostics.is_empty(), "{:#?}", fixed.result.diagnostics);
    }
}
