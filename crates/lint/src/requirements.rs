//! `ptxlint --requirements`: the minimum `.version` and `.target` a file
//! needs, the lines that force them, and the oldest CUDA toolkit and driver that
//! take the file as written and at that minimum.

use ptxkit_isa::toolkit::{Compatibility, compatibility};
use ptxkit_isa::{Feature, Requirements, Target, Version};
use ptxkit_semantic::{Instruction, ModuleHeader, SymbolTable};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::{ParsedSource, preorder};

/// One line that forces a minimum.
#[derive(Debug, Clone)]
pub struct Reason {
    /// 1-based line.
    pub line: usize,
    /// The instruction, directive or register as written.
    pub text: String,
    /// The feature's name in ptxkit-isa.
    pub feature: &'static str,
    /// The first PTX version that has it.
    pub ptx: Version,
}

/// What a whole file needs.
#[derive(Debug, Clone)]
pub struct FileRequirements {
    /// The minimum `.version`: every feature's, and the target's own.
    pub min_ptx: Version,
    /// The lowest target that has every feature, if one does.
    pub min_target: Option<Target>,
    /// Whether only `a`/`f` targets qualify.
    pub arch_specific: bool,
    /// The lines that force the minimums (first use of each feature).
    pub reasons: Vec<Reason>,
    /// The first version that no longer has a construct the file uses
    /// (`@@DWARF`: 2.0), with its first use; the file needs an older version.
    pub removed: Option<(Version, Reason)>,
    /// The file's own `.version` and `.target` (the newest architecture of the first
    /// `.target`), when it has a `.version`.
    pub written: Option<(Version, Option<Target>)>,
    /// Whether the file uses 32-bit addresses (no toolkit after CUDA 11.8 assembles it).
    pub uses_32bit_addresses: bool,
    /// The minimum `.version` on the file's own target (a feature may come later to older
    /// targets: `cvt` to `.e4m3x2` is 7.8 on sm_90, 8.1 on sm_89).
    pub min_ptx_on_written: Version,
}

/// The first use of a feature: the feature, the byte offset of the
/// instruction, directive or register that uses it, and its text.
pub type FeatureUse = (&'static Feature, usize, String);

/// The first use of every feature with a minimum version or target in a
/// parsed file, in source order.
pub fn feature_uses(parsed: &ParsedSource) -> Vec<FeatureUse> {
    let source = parsed.text();
    let mut first_use: Vec<FeatureUse> = Vec::new();
    let mut record = |features: Vec<&'static Feature>, offset: usize, text: &str| {
        for f in features {
            if !first_use.iter().any(|(g, _, _)| std::ptr::eq(*g, f)) {
                first_use.push((f, offset, text.trim().to_string()));
            }
        }
    };
    let symbols = SymbolTable::build(parsed);
    for node in preorder(parsed.root()) {
        match node.kind_name() {
            "instruction" | "call_instruction" if !node.has_error() => {
                if let Some(insn) = Instruction::cast(node, source) {
                    let form = insn.form();
                    let mut features: Vec<_> = ptxkit_isa::matching_features(&form).collect();
                    features.extend(crate::isa::operand_features(&insn, &symbols, source));
                    features.extend(insn.form_features(&symbols));
                    record(features, node.start_byte(), &insn.full_opcode());
                }
            }
            _ => {}
        }
    }
    // Directives, attributes, debugging directives, pragmas, declarations and
    // special registers: ptxkit-isa's construct table.
    let lines = parsed.lines();
    for used in ptxkit_isa::constructs::uses(parsed) {
        if let ptxkit_isa::constructs::Row::Introduced(feature) = used.row {
            // The whole line, as the author wrote it (`.address_size 64`).
            let line = lines.line_of(used.span.start);
            let text = lines.line_text(source, line).split("//").next().unwrap_or("").trim();
            record(vec![feature], used.span.start, text);
        }
    }
    first_use
}

/// The construct of the file that the earliest version removed (`@@DWARF`: 2.0), with that
/// version and its first use: the file needs an older version.
fn removed_construct(parsed: &ParsedSource) -> Option<(Version, Reason)> {
    let source = parsed.text();
    let lines = parsed.lines();
    let mut removed: Option<(Version, Reason)> = None;
    for used in ptxkit_isa::constructs::uses(parsed) {
        let ptxkit_isa::constructs::Row::Removed(d) = used.row else {
            continue;
        };
        let Some(from) = d.rejected_from else { continue };
        if removed.as_ref().is_none_or(|(v, _)| from < *v) {
            let line = lines.line_of(used.span.start);
            let text = lines.line_text(source, line).split("//").next().unwrap_or("").trim();
            let reason = Reason {
                line: line + 1,
                text: text.to_string(),
                feature: used.row.name(),
                ptx: from,
            };
            removed = Some((from, reason));
        }
    }
    removed
}

/// Computes the requirements of a parsed file.
pub fn file_requirements(parsed: &ParsedSource) -> FileRequirements {
    let lines = parsed.lines();
    let first_use: Vec<(&'static Feature, usize, String)> = feature_uses(parsed)
        .into_iter()
        .map(|(f, offset, text)| (f, lines.line_of(offset) + 1, text))
        .collect();
    let mut all = Requirements::none();
    all.add(first_use.iter().map(|(f, _, _)| *f));
    let target_ptx = all.min_target.and_then(|t| t.min_ptx()).unwrap_or(Version::new(1, 0));
    let reasons = all
        .because
        .iter()
        .filter_map(|f| first_use.iter().find(|(g, _, _)| std::ptr::eq(*g, *f)))
        .map(|(f, line, text)| Reason {
            line: *line,
            text: text.clone(),
            feature: f.name(),
            ptx: f.ptx,
        })
        .collect::<Vec<_>>();
    let mut reasons = reasons;
    reasons.sort_by_key(|r| r.line);
    let removed = removed_construct(parsed);
    let header = ModuleHeader::read(parsed);
    let uses_32bit_addresses = ptxkit_semantic::addressing::first_32bit_address(parsed, &header).is_some();
    FileRequirements {
        min_ptx: all.min_ptx.max(target_ptx),
        min_target: all.min_target,
        arch_specific: all.arch_specific,
        reasons,
        removed,
        written: header.version().map(|v| (v, header.target())),
        uses_32bit_addresses,
        min_ptx_on_written: header.target().map_or(all.min_ptx, |t| all.min_ptx_on(t)),
    }
}

impl FileRequirements {
    /// The report `ptxlint --requirements` prints for a file.
    pub fn render(&self, path: &str) -> String {
        let target = self.min_target.map_or_else(
            || "no single target (features of different architectures)".to_string(),
            |t| t.to_string(),
        );
        let mut out = format!("{path}: needs PTX {} and {target}", self.min_ptx);
        if let Some((below, _)) = &self.removed {
            out.push_str(&format!(", and a PTX version below {below}"));
        }
        if self.reasons.is_empty() && self.removed.is_none() {
            out.push_str(" (nothing beyond the baseline)");
        }
        out.push('\n');
        for reason in self.reasons.iter().take(20) {
            out.push_str(&format!(
                "  line {}: {} ({}: PTX {})\n",
                reason.line, reason.text, reason.feature, reason.ptx
            ));
        }
        if let Some((below, reason)) = &self.removed {
            out.push_str(&format!(
                "  line {}: {} ({}: removed in PTX {below})\n",
                reason.line, reason.text, reason.feature
            ));
        }
        if self.reasons.len() > 20 {
            out.push_str(&format!("  … and {} more lines\n", self.reasons.len() - 20));
        }
        for line in self.toolchain_lines() {
            out.push_str(&format!("  {line}\n"));
        }
        out
    }

    /// What the file needs of the CUDA toolchain, one line each: as written (its own
    /// `.version` and `.target`); when its instructions need an older version, lowered to
    /// the oldest one with `ptxrewrite --to`; when they need a newer version or another
    /// target, or use a construct the version no longer has, why no ptxas takes it as
    /// written.
    pub fn toolchain_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let Some((version, target)) = self.written else {
            return lines;
        };
        let header = |v: Version, t: Option<Target>| match t {
            Some(t) => format!(".version {v}, .target {t}"),
            None => format!(".version {v}"),
        };
        // The target the file keeps when its features allow it (as `ptxrewrite --to` keeps
        // it), else the lowest that has every feature.
        let keeps_target = target.filter(|t| t.is_known() && self.min_target.is_none_or(|m| t.has_features_of(m)));
        let needed_target = keeps_target.or(self.min_target);
        let lowest = needed_target.map_or(self.min_ptx, |t| {
            let on_target = if keeps_target.is_some() {
                self.min_ptx_on_written
            } else {
                self.min_ptx
            };
            t.min_ptx().map_or(on_target, |v| v.max(on_target))
        });
        let moved = |lines: &mut Vec<String>, word: &str, v: Version, t: Option<Target>| {
            let c = compatibility(v, t, self.uses_32bit_addresses);
            let flags = match t {
                Some(t) if Some(t) != target => format!("--to {v} --target {t}"),
                _ => format!("--to {v}"),
            };
            lines.push(format!(
                "{word} ({}; ptxrewrite {flags}): {}",
                header(v, t),
                describe(&c)
            ));
        };
        let written = compatibility(version, target, self.uses_32bit_addresses);
        let removed = self.removed.as_ref().filter(|(from, _)| version >= *from);
        if let Some((from, reason)) = removed {
            lines.push(format!(
                "as written ({}): no ptxas assembles it (line {}: {} was removed in PTX {from})",
                header(version, target),
                reason.line,
                reason.feature
            ));
            if lowest < *from {
                moved(&mut lines, "lowered", lowest.max(self.min_ptx), needed_target);
            }
        } else if lowest > version || keeps_target.is_none() && target.is_some() && needed_target.is_some() {
            let why = match self.reasons.iter().find(|r| r.ptx > version) {
                Some(r) => format!("line {}: {} needs PTX {}", r.line, r.feature, r.ptx),
                None => match needed_target {
                    Some(t) => format!("its instructions need {t}"),
                    None => format!("it needs PTX {lowest}"),
                },
            };
            lines.push(format!(
                "as written ({}): no ptxas assembles it ({why})",
                header(version, target)
            ));
            moved(&mut lines, "raised", lowest.max(version), needed_target);
        } else {
            lines.push(format!(
                "as written ({}): {}",
                header(version, target),
                describe(&written)
            ));
            if lowest < version
                && compatibility(lowest, needed_target, self.uses_32bit_addresses).toolkit != written.toolkit
            {
                moved(&mut lines, "lowered", lowest, needed_target);
            }
        }
        lines
    }
}

/// The oldest toolkit and driver of `c` in words: "assembled by ptxas of CUDA 12.1 or
/// newer, JIT-compiled by driver R530 or newer".
pub fn describe(c: &Compatibility) -> String {
    let Some(toolkit) = c.toolkit else {
        return "in no CUDA release the release history lists (no toolkit or driver can be named)".to_string();
    };
    let assembled = match c.last_toolkit {
        Some(last) => format!(
            "assembled by ptxas of {toolkit} to {last} (32-bit addresses: later toolkits removed 32-bit compilation)"
        ),
        None => format!("assembled by ptxas of {toolkit} or newer"),
    };
    let jit = match (c.driver, c.driver_release) {
        (Some(driver), _) => format!("JIT-compiled by driver {driver} or newer"),
        (None, Some(release)) => {
            format!("JIT-compiled by the driver of {release} or newer (its branch is not recorded)")
        }
        (None, None) => "no driver can be named".to_string(),
    };
    format!("{assembled}, {jit}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn wgmma_needs_ptx_8_and_sm_90a() {
        let text =
            ".version 8.0\n.target sm_90a\n.address_size 64\n.entry k()\n{\n\twgmma.fence.sync.aligned;\n\tret;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let r = super::file_requirements(&parsed);
        assert_eq!(r.min_ptx.to_string(), "8.0");
        assert_eq!(r.min_target.unwrap().to_string(), "sm_90a");
        assert!(r.reasons.iter().any(|x| x.line == 6), "{r:?}");
        assert!(
            r.render("k.ptx")
                .starts_with("k.ptx: needs PTX 8.0 and sm_90a\n  line 6: wgmma.fence.sync.aligned")
        );
    }

    #[test]
    fn what_one_signature_form_needs_counts() {
        // The sink as mbarrier.arrive's state is PTX 7.1; with a register, 7.0.
        let text = |state: &str| {
            format!(
                ".version 7.1\n.target sm_80\n.address_size 64\n.entry k()\n{{\n\t.reg .b64 %rd<2>;\n\t.shared .align 8 .b64 bar;\n\tmbarrier.arrive.shared.b64 {state}, [bar];\n\tret;\n}}\n"
            )
        };
        let sink = super::file_requirements(&ptxkit_syntax::parse(text("_")));
        assert_eq!(sink.min_ptx.to_string(), "7.1", "{sink:?}");
        assert!(
            sink.reasons.iter().any(|x| x.line == 8 && x.ptx.to_string() == "7.1"),
            "{sink:?}"
        );
        let register = super::file_requirements(&ptxkit_syntax::parse(text("%rd1")));
        assert_eq!(register.min_ptx.to_string(), "7.0", "{register:?}");
    }

    #[test]
    fn abi_preserve_on_a_call_prototype_needs_9_0() {
        let text = ".version 2.3\n.target sm_80\n.address_size 64\n.entry k()\n{\n\tproto: .callprototype ()_ (.param .b32 _) .abi_preserve 4;\n\tret;\n}\n";
        let r = super::file_requirements(&ptxkit_syntax::parse(text));
        assert_eq!(r.min_ptx.to_string(), "9.0", "{r:?}");
        assert!(
            r.reasons.iter().any(|x| x.line == 6 && x.feature == ".abi_preserve"),
            "{r:?}"
        );
    }

    #[test]
    fn removed_constructs_bound_the_version_from_above() {
        let text =
            ".version 1.4\n.target sm_13\n@@DWARF .section .debug_abbrev, \"\",@progbits\n.entry k\n{\n\tret;\n}\n";
        let r = super::file_requirements(&ptxkit_syntax::parse(text));
        assert!(
            r.render("k.ptx")
                .starts_with("k.ptx: needs PTX 1.0 and sm_10, and a PTX version below 2.0\n  line 3: @@DWARF"),
            "{}",
            r.render("k.ptx")
        );
    }

    #[test]
    fn declarations_count() {
        let text = ".version 8.3\n.target sm_90\n.address_size 64\n.func f()\n.noreturn\n{\n\t.reg .f16x2 %h;\n\t.pragma \"used_bytes_mask 0xf\";\n\tret;\n}\n";
        let parsed = ptxkit_syntax::parse(text);
        let r = super::file_requirements(&parsed);
        assert_eq!(r.min_ptx.to_string(), "8.3");
        assert!(
            r.reasons.iter().any(|x| x.line == 8 && x.feature == "used_bytes_mask"),
            "{r:?}"
        );
    }
}
