//! `ptxlint --requirements` on C, C++ and CUDA files: the minimum PTX
//! version and target of each asm statement and of the whole file, with
//! the C++ lines that force them.

use ptxkit_inline::{Destination, translate};
use ptxkit_isa::{Feature, Requirements, Target, Version};
use ptxkit_syntax::LineIndex;

use crate::requirements::feature_uses;

/// One line that forces a minimum.
#[derive(Debug, Clone)]
pub struct CppReason {
    /// 1-based line in the C++ file.
    pub line: usize,
    /// The instruction as written in the template.
    pub text: String,
    /// The feature's name in ptxkit-isa.
    pub feature: &'static str,
    /// The first PTX version that has it.
    pub ptx: Version,
}

/// What one asm statement needs.
#[derive(Debug, Clone)]
pub struct StatementRequirements {
    /// 1-based line of the `asm` keyword.
    pub line: usize,
    /// The minimum `.version`.
    pub min_ptx: Version,
    /// The lowest target with every feature, if one has them all.
    pub min_target: Option<Target>,
    /// The lines that force them.
    pub reasons: Vec<CppReason>,
    /// The preprocessor conditions around the statement, as written.
    pub guard: Vec<String>,
}

/// What a C++ file's asm statements need.
#[derive(Debug, Clone)]
pub struct CppRequirements {
    /// Every analysed statement, in order.
    pub statements: Vec<StatementRequirements>,
    /// The whole file's minimum `.version`.
    pub min_ptx: Version,
    /// The whole file's lowest target.
    pub min_target: Option<Target>,
}

/// Computes the requirements of every asm statement of a C++ text.
pub fn cpp_requirements(text: &str, destination: &Destination) -> CppRequirements {
    let lines = LineIndex::new(text);
    let extraction = ptxkit_inline::extract(text);
    let mut all_features: Vec<&'static Feature> = Vec::new();
    let mut statements = Vec::new();
    for statement in &extraction.statements {
        let translation = translate(statement, destination);
        let parsed = ptxkit_syntax::parse(translation.text.clone());
        let mut features = Vec::new();
        let mut reasons_at = Vec::new();
        for (feature, offset, written) in feature_uses(&parsed) {
            // Uses in the wrapper (`.address_size`, the placeholder
            // registers) are not the statement's.
            let Some(cpp) = translation.map.try_to_cpp(offset..offset + 1) else {
                continue;
            };
            features.push(feature);
            reasons_at.push((feature, lines.line_of(cpp.start) + 1, written));
        }
        let mut requirements = Requirements::none();
        requirements.add(features.iter().copied());
        let target_ptx = requirements
            .min_target
            .and_then(|t| t.min_ptx())
            .unwrap_or(Version::new(1, 0));
        let mut reasons: Vec<CppReason> = requirements
            .because
            .iter()
            .filter_map(|f| reasons_at.iter().find(|(g, _, _)| std::ptr::eq(*g, *f)))
            .map(|(f, line, written)| CppReason {
                line: *line,
                text: operand_free(written),
                feature: f.name(),
                ptx: f.ptx,
            })
            .collect();
        reasons.sort_by_key(|r| r.line);
        all_features.extend(features);
        statements.push(StatementRequirements {
            line: lines.line_of(statement.keyword.start) + 1,
            min_ptx: requirements.min_ptx.max(target_ptx),
            min_target: requirements.min_target,
            reasons,
            guard: statement.guard_text.clone(),
        });
    }
    let mut file = Requirements::none();
    file.add(all_features);
    let target_ptx = file.min_target.and_then(|t| t.min_ptx()).unwrap_or(Version::new(1, 0));
    CppRequirements {
        statements,
        min_ptx: file.min_ptx.max(target_ptx),
        min_target: file.min_target,
    }
}

/// An instruction as the template writes it: `%_asm1` back to `%1`.
fn operand_free(text: &str) -> String {
    super::operand_names(text)
}

fn target_text(target: Option<Target>) -> String {
    target.map_or_else(
        || "no single target (features of different architectures)".to_string(),
        |t| t.to_string(),
    )
}

impl CppRequirements {
    /// The report `ptxlint --requirements` prints for a C++ file.
    pub fn render(&self, path: &str, _text: &str) -> String {
        let baseline = Requirements::none();
        let mut out = format!(
            "{path}: needs PTX {} and {} ({} asm statement{})\n",
            self.min_ptx,
            target_text(self.min_target),
            self.statements.len(),
            if self.statements.len() == 1 { "" } else { "s" }
        );
        let mut plain = 0;
        for statement in &self.statements {
            if statement.reasons.is_empty() && statement.min_target == baseline.min_target {
                plain += 1;
                continue;
            }
            out.push_str(&format!(
                "  line {}: asm needs PTX {} and {}",
                statement.line,
                statement.min_ptx,
                target_text(statement.min_target)
            ));
            if !statement.guard.is_empty() {
                out.push_str(&format!(" (under {})", statement.guard.join(" && ")));
            }
            out.push('\n');
            for reason in &statement.reasons {
                out.push_str(&format!(
                    "    line {}: {} ({}: PTX {})\n",
                    reason.line, reason.text, reason.feature, reason.ptx
                ));
            }
        }
        if plain > 0 {
            out.push_str(&format!(
                "  {plain} more asm statement{} need nothing beyond the baseline\n",
                if plain == 1 { "" } else { "s" }
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_statement_and_the_file() {
        let text = r#"__device__ void f(unsigned long long d) {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#if __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;" ::: "memory");
#endif
  asm volatile("bar.sync 0;" ::: "memory");
}
"#;
        let r = cpp_requirements(text, &Destination::default());
        assert_eq!(r.statements.len(), 3);
        assert_eq!(r.min_ptx.to_string(), "8.0");
        assert_eq!(r.min_target.unwrap().to_string(), "sm_90a");
        assert_eq!(r.statements[0].reasons[0].line, 2);
        assert_eq!(r.statements[1].min_target.unwrap().to_string(), "sm_80");
        let shown = r.render("k.cu", text);
        assert!(shown.starts_with("k.cu: needs PTX 8.0 and sm_90a (3 asm statements)\n  line 2: asm needs PTX 8.0 and sm_90a\n    line 2: wgmma.fence.sync.aligned"), "{shown}");
        assert!(
            shown.contains("line 4: asm needs PTX 7.0 and sm_80 (under #if __CUDA_ARCH__ >= 800)"),
            "{shown}"
        );
        assert!(shown.contains("1 more asm statement need"), "{shown}");
    }
}
