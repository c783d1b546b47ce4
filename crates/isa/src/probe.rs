//! Probe kernels: for each table row, minimal PTX modules that real ptxas must accept or
//! reject, with the expected messages. `cargo xtask isa-probes` assembles them.
//!
//! Expectations are computed with this crate's public API ([`check`], [`check_target`],
//! [`requirements`]), so a probe that ptxas answers differently is a disagreement between the
//! tables and ptxas.

use crate::check::check_features;
use crate::check::{Issue, check, check_target};
use crate::deprecations::{Construct, DEPRECATIONS, Status};
use crate::directives::{DECLARATIONS, DIRECTIVES, SPECIAL_REGISTERS};
use crate::feature::{Feature, TargetReq};
use crate::form::InstructionForm;
use crate::instructions::all_features;
use crate::legal_types::{PROBED_TYPES, TYPE_RULES};
use crate::requirements::{Requirements, matching_features};
use crate::target::{TARGETS, Target, Variant, newest_base_target};
use crate::types::{is_float, is_integer, type_info};
use crate::version::{PTXAS_UNDOCUMENTED_VERSIONS, Version, known_versions};

/// What ptxas should do with a probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expect {
    /// Assemble it; if `warning` is set, print a warning containing it.
    Accept {
        /// Expected warning text (substring).
        warning: Option<String>,
    },
    /// Reject it, printing each of these messages (substrings of its error lines); each
    /// message lists its wordings across ptxas releases, any of which may appear.
    Reject {
        /// Expected error texts, each with its alternatives.
        messages: Vec<Vec<String>>,
    },
}

/// One probe module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Probe {
    /// What the probe tests, e.g. `feature 'cp.async': accepted at 7.0 sm_80`.
    pub name: String,
    /// The `.version`.
    pub version: Version,
    /// The architecture in `.target` (used to pick `-arch`).
    pub target: Target,
    /// The full module text.
    pub text: String,
    /// Only a ptxas that accepts at least this `.version` can judge the probe (an older ptxas
    /// does not know the feature under test at all).
    pub judge_from: Version,
    /// The expected verdict.
    pub expect: Expect,
    /// Assemble as relocatable code (`ptxas -c`): whole-program mode refuses `.unified`
    /// ("Feature 'unified Functions' requires command line option '--compile-only'").
    pub compile_only: bool,
}

/// Builds a probe module: header, module-scope declarations, one kernel with the standard
/// registers (`%p<9>` .pred, `%b<9>` .b8, `%h<9>` .b16, `%r<17>` .b32, `%rd<17>` .b64, `%q<5>`
/// .b128 when the body uses them, a 4 KiB `.shared` buffer `sbuf` and a 4 KiB `.global` buffer
/// `gbuf`), entry attributes and body.
///
/// ```
/// let text = ptxkit_isa::probe::kernel(ptxkit_isa::Version::new(7, 0), "sm_80", "", "", "add.s32 %r1, %r2, %r3;");
/// assert!(text.starts_with(".version 7.0\n.target sm_80\n.address_size 64\n"));
/// ```
pub fn kernel(version: Version, target: &str, module: &str, entry_attrs: &str, body: &str) -> String {
    let mut text = format!(".version {version}\n.target {target}\n");
    if version >= Version::new(2, 3) && !module.contains(".address_size") {
        text.push_str(".address_size 64\n");
    }
    if module.contains('{') {
        // whole functions: copied as written
        text.push_str(module);
        text.push('\n');
    } else {
        for decl in module.split(';').map(str::trim).filter(|d| !d.is_empty()) {
            text.push_str(decl);
            text.push_str(if ends_without_semicolon(decl) { "\n" } else { ";\n" });
        }
    }
    text.push_str(".global .align 16 .b8 gbuf[4096];\n.entry probe()");
    if !entry_attrs.is_empty() {
        text.push(' ');
        text.push_str(entry_attrs);
    }
    text.push_str(
        "\n{\n\t.reg .pred %p<9>;\n\t.reg .b8 %b<9>;\n\t.reg .b16 %h<9>;\n\t.reg .b32 %r<17>;\n\t.reg .b64 %rd<17>;\n",
    );
    // .b128 registers are themselves a feature (8.3, sm_70): declare them when the body uses
    // them, so that probes below those bounds see ptxas's own complaint about the type.
    if body.contains("%q") {
        text.push_str("\t.reg .b128 %q<5>;\n");
    }
    text.push_str("\t.shared .align 16 .b8 sbuf[4096];\n");
    for stmt in body.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        text.push('\t');
        text.push_str(stmt);
        text.push_str(if ends_without_semicolon(stmt) { "\n" } else { ";\n" });
    }
    text.push_str("\tret;\n}\n");
    text
}

/// Whether a directive is written without a semicolon (`.address_size`, `.file`, `.loc`);
/// ptxas rejects one after them.
fn ends_without_semicolon(stmt: &str) -> bool {
    let word = stmt.split_whitespace().next().unwrap_or("");
    matches!(word, ".address_size" | ".file" | ".loc" | "@@DWARF")
}

/// The instructions of a probe body as forms (labels and guards stripped, directives
/// skipped, operand counts set).
pub fn body_forms(body: &str) -> Vec<InstructionForm<'_>> {
    body.split(';')
        .map(str::trim)
        .map(|stmt| match stmt.split_once(':') {
            Some((label, rest))
                if !label.is_empty() && label.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '$') =>
            {
                rest.trim()
            }
            _ => stmt,
        })
        .filter(|s| !s.is_empty() && !s.starts_with('.'))
        .map(|stmt| {
            let stmt = match stmt.strip_prefix('@') {
                Some(rest) => rest.split_once(char::is_whitespace).map_or("", |(_, r)| r.trim_start()),
                None => stmt,
            };
            let (chain, operands) = stmt.split_once(char::is_whitespace).unwrap_or((stmt, ""));
            InstructionForm::parse(chain).with_operands(count_operands(operands))
        })
        .collect()
}

/// Counts top-level comma-separated operands (`{a, b}` and `[a+4]` count as one).
pub fn count_operands(operands: &str) -> usize {
    let operands = operands.trim();
    if operands.is_empty() {
        return 0;
    }
    let mut depth = 0i32;
    let mut count = 1;
    for c in operands.chars() {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => count += 1,
            _ => {}
        }
    }
    count
}

/// All issues of a probe body under (version, target), target check included.
pub fn predicted_issues(body: &str, version: Version, target: Target) -> Vec<Issue> {
    let mut issues: Vec<Issue> = check_target(version, &target.to_string()).into_iter().collect();
    for form in body_forms(body) {
        for issue in check(&form, version, target) {
            if !issues.contains(&issue) {
                issues.push(issue);
            }
        }
    }
    issues
}

fn expectation(issues: &[Issue]) -> Expect {
    let rejected = issues.iter().any(Issue::is_error);
    let errors: Vec<Vec<String>> = issues
        .iter()
        .filter(|i| i.is_error())
        .filter_map(Issue::ptxas_wordings)
        .collect();
    if !rejected {
        let warning = issues
            .iter()
            .find(|i| !i.is_error())
            .map(Issue::message)
            .filter(|m| !m.starts_with("deprecated since"));
        Expect::Accept { warning }
    } else {
        Expect::Reject { messages: errors }
    }
}

fn body_requirements(body: &str) -> Requirements {
    let mut r = Requirements::none();
    for form in body_forms(body) {
        r.add(matching_features(&form));
    }
    r
}

/// The newest known base target below `sm` that `.version v` accepts.
fn base_below(sm: u16, v: Version) -> Option<Target> {
    TARGETS
        .iter()
        .map(|i| i.target)
        .filter(|t| t.variant == Variant::Base && t.sm < sm && t.is_supported_by(v) && t.sm != 21 && t.sm != 101)
        .max()
}

struct Builder {
    probes: Vec<Probe>,
    /// A directive or special-register row the current probes exercise besides their
    /// instructions (those rows match no instruction form).
    extra: Option<&'static Feature>,
}

impl Builder {
    fn requirements(&self, body: &str) -> Requirements {
        let mut r = body_requirements(body);
        r.add(self.extra);
        r
    }

    fn push(&mut self, name: String, version: Version, target: Target, text: String, expect: Expect) {
        self.push_judged(name, version, target, text, expect, version);
    }

    fn push_judged(
        &mut self,
        name: String,
        version: Version,
        target: Target,
        text: String,
        expect: Expect,
        judge_from: Version,
    ) {
        if !self.probes.iter().any(|p| p.text == text) {
            self.probes.push(Probe {
                name,
                version,
                target,
                compile_only: text.contains(".unified("),
                text,
                expect,
                judge_from: judge_from.max(version),
            });
        }
    }

    fn body(&mut self, what: &str, version: Version, target: Target, module: &str, attrs: &str, body: &str) {
        let mut issues = predicted_issues(body, version, target);
        if let Some(extra) = self.extra {
            for issue in check_features([extra], version, target) {
                if !issues.contains(&issue) {
                    issues.push(issue);
                }
            }
        }
        let expect = expectation(&issues);
        let verdict = if matches!(expect, Expect::Accept { .. }) {
            "accepted"
        } else {
            "rejected"
        };
        let text = kernel(version, &target.to_string(), module, attrs, body);
        // A ptxas older than the feature (or than the tier that applies to this target, e.g.
        // .e4m3x2 on sm_89 from 8.1) cannot know the rule under test.
        let mut judge_from = self.requirements(body).all_ptx();
        let features = body_forms(body)
            .into_iter()
            .flat_map(|f| matching_features(&f).collect::<Vec<_>>());
        for feature in features.chain(self.extra) {
            if let Some(since) = feature.target.since_on(target, feature.ptx) {
                judge_from = judge_from.max(since);
            }
        }
        self.push_judged(
            format!("{what}: {verdict} at {version} {target}"),
            version,
            target,
            text,
            expect,
            judge_from,
        );
    }
}

fn versions_and_targets(b: &mut Builder) {
    let sm10 = Target::sm(10);
    for v in known_versions().chain(PTXAS_UNDOCUMENTED_VERSIONS.iter().copied()) {
        b.push(
            format!("version {v}: accepted"),
            v,
            sm10,
            kernel(v, "sm_10", "", "", ""),
            Expect::Accept { warning: None },
        );
    }
    for (major, minor) in [
        (1, 6),
        (2, 4),
        (3, 3),
        (4, 4),
        (5, 2),
        (6, 6),
        (7, 9),
        (8, 9),
        (9, 6),
        (10, 0),
    ] {
        let v = Version::new(major, minor);
        let messages = vec![vec![format!("Unsupported .version {v}")]];
        b.push(
            format!("version {v}: unknown"),
            v,
            sm10,
            kernel(v, "sm_10", "", "", ""),
            Expect::Reject { messages },
        );
    }
    for info in TARGETS {
        let t = info.target;
        b.body(&format!("target {t}"), info.min_ptx, t, "", "", "");
        if let Some(prev) = info.min_ptx.previous() {
            b.body(&format!("target {t}"), prev, t, "", "", "");
        }
    }
    for name in ["sm_99", "sm_90f", "sm_22", "sm_95", "sm_122", "sm_88a"] {
        let t: Target = name.parse().expect("well-formed");
        b.body(&format!("unknown target {t}"), Version::new(7, 8), t, "", "", "");
    }
    let v14 = Version::new(1, 4);
    let v15 = Version::new(1, 5);
    let independent = "sm_10, texmode_independent";
    let messages = vec![vec![
        "Feature 'texmode_independent' requires PTX ISA .version 1.5 or later".to_string(),
    ]];
    b.push(
        "target option texmode_independent: rejected at 1.4".into(),
        v14,
        sm10,
        kernel(v14, independent, "", "", ""),
        Expect::Reject { messages },
    );
    b.push(
        "target option texmode_independent: accepted at 1.5".into(),
        v15,
        sm10,
        kernel(v15, independent, "", "", ""),
        Expect::Accept { warning: None },
    );
}

fn feature_probes(b: &mut Builder, feature: &'static Feature) {
    feature_probes_named(b, feature, &format!("feature '{}'", feature.pattern));
}

fn feature_probes_named(b: &mut Builder, feature: &'static Feature, what: &str) {
    let what = what.to_string();
    let r = b.requirements(feature.probe);
    let Some(min_target) = r.min_target else {
        return;
    };
    let (setup, attrs, probe) = (feature.setup, feature.attrs, feature.probe);
    // At the minimum: accepted.
    let v0 = r.min_ptx_on(min_target).max(min_target.min_ptx().unwrap_or(r.min_ptx));
    b.body(&what, v0, min_target, setup, attrs, probe);
    // One version below (same target; ptxas reports the feature even when the target is new).
    if let Some(prev) = feature.ptx.previous() {
        b.body(&what, prev, min_target, setup, attrs, probe);
    }
    match feature.target {
        TargetReq::Any => {}
        TargetReq::AtLeast(sm) => {
            if let Some(below) = base_below(sm, v0) {
                b.body(&what, v0, below, setup, attrs, probe);
            }
        }
        TargetReq::Listed(list) => {
            let lowest_base = list
                .iter()
                .filter(|(t, _)| t.variant == Variant::Base)
                .map(|(t, _)| *t)
                .min();
            for &(offered, since) in list {
                let v = since.max(r.min_ptx).max(offered.min_ptx().unwrap_or(since));
                b.body(&what, v, offered, setup, attrs, probe);
                if offered.variant == Variant::Base {
                    // a tier: one version below it on the same target, and (for the lowest
                    // tier) one target below it
                    if let Some(prev) = since.previous().filter(|p| offered.is_supported_by(*p)) {
                        b.body(&what, prev, offered, setup, attrs, probe);
                    }
                    if Some(offered) == lowest_base
                        && let Some(below) = base_below(offered.sm, v)
                    {
                        b.body(&what, v, below, setup, attrs, probe);
                    }
                    continue;
                }
                b.body(&what, v, offered.base(), setup, attrs, probe);
                if offered.variant == Variant::Arch && offered.family().is_some() {
                    let f = offered.with_variant(Variant::Family);
                    if f.is_supported_by(v) {
                        b.body(&what, v, f, setup, attrs, probe);
                    }
                }
                if offered.variant == Variant::Family {
                    // a later member of the same family, as an `a` target
                    if let Some(later) = TARGETS
                        .iter()
                        .map(|i| i.target)
                        .filter(|t| {
                            t.variant == Variant::Arch
                                && t.family() == offered.family()
                                && t.sm > offered.canonical().sm
                        })
                        .find(|t| t.is_supported_by(v))
                    {
                        b.body(&what, v.max(later.min_ptx().unwrap_or(v)), later, setup, attrs, probe);
                    }
                }
            }
        }
    }
}

fn register(bits: u16, which: usize) -> String {
    match bits {
        1 => format!("%p{which}"),
        0..=16 => format!("%h{which}"),
        17..=32 => format!("%r{which}"),
        33..=64 => format!("%rd{which}"),
        _ => format!("%q{which}"),
    }
}

/// Fills a [`crate::legal_types::TypeRule::probe`] template for one type.
pub fn fill_template(template: &str, ty: &str) -> String {
    let bits = type_info(ty).map_or(32, |t| if t.name == ".pred" { 1 } else { t.bits });
    template
        .replace("{T}", ty)
        .replace("{d}", &register(bits, 1))
        .replace("{a}", &register(bits, 2))
        .replace("{b}", &register(bits, 3))
        .replace("{c}", &register(bits, 4))
        .replace("{rn}", if is_float(ty) { ".rn" } else { "" })
        .replace(
            "{lo}",
            if is_integer(ty) && !ty.ends_with("x2") && !ty.ends_with("x4") {
                ".lo"
            } else {
                ""
            },
        )
}

fn legal_type_probes(b: &mut Builder) {
    let floor_v = Version::new(7, 8);
    let floor_t = Target::sm(90);
    for rule in TYPE_RULES {
        for ty in PROBED_TYPES {
            let body = fill_template(rule.probe, ty);
            let r = body_requirements(&body);
            let (v, t) = match r.min_target {
                Some(t) if r.arch_specific => (r.min_ptx.max(t.min_ptx().unwrap_or(floor_v)), t),
                Some(t) => {
                    let t = t.max(floor_t);
                    (r.min_ptx.max(floor_v).max(t.min_ptx().unwrap_or(floor_v)), t)
                }
                None => continue,
            };
            b.body(&format!("type {}{ty}", rule.opcode), v, t, "", "", &body);
        }
    }
}

/// Fills a [`crate::rounding::RoundedForm`] template for one type (or `dst.src` pair) and one
/// rounding modifier.
///
/// ```
/// use ptxkit_isa::probe::fill_rounding;
/// assert_eq!(fill_rounding("fma{r}{T} {d}, {a}, {b}, {c}", ".bf16", ".rz"), "fma.rz.bf16 %h1, %h2, %h3, %h4");
/// assert_eq!(fill_rounding("cvt{r}{T} {d}, {a}", ".f64.f32", ""), "cvt.f64.f32 %rd1, %r2");
/// ```
pub fn fill_rounding(template: &str, types: &str, rounding: &str) -> String {
    let form = InstructionForm::parse(types);
    let mut parts: Vec<&str> = form.modifiers.clone();
    if !form.opcode.is_empty() {
        parts.insert(0, form.opcode);
    }
    let bits = |t: Option<&&str>| t.and_then(|t| type_info(t)).map_or(32, |i| i.bits);
    let (dst, src) = (bits(parts.first()), bits(parts.last()));
    template
        .replace("{r}", rounding)
        .replace("{T}", types)
        .replace("{d}", &register(dst, 1))
        .replace("{a}", &register(src, 2))
        .replace("{b}", &register(src, 3))
        .replace("{c}", &register(src, 4))
        .replace("{rs}", if rounding == ".rs" { ", %r8" } else { "" })
}

/// Where a rounded form is probed: the lowest modern point that has it (at least `sm_80`, so
/// that all three ptxas judge it when its version allows), `sm_90` at 7.8 as well for the
/// half-precision types, and the legacy points for forms that have them.
fn rounding_points(bare: &str, types: &str, legacy: bool) -> Vec<(Version, Target)> {
    let mut points = Vec::new();
    let r = body_requirements(bare);
    if let Some(t0) = r.min_target {
        let t = if r.arch_specific { t0 } else { t0.max(Target::sm(80)) };
        let v = r.min_ptx_on(t).max(t.min_ptx().unwrap_or(r.min_ptx));
        points.push((v, t));
        let half = types.contains("16");
        let sm90 = Target::sm(90);
        if half && !r.arch_specific && t < sm90 && v <= Version::new(7, 8) {
            points.push((Version::new(7, 8), sm90));
        }
    }
    if legacy {
        let (sm13, sm20) = (Target::sm(13), Target::sm(20));
        for (v, t) in [((1, 3), sm13), ((1, 4), sm13), ((3, 1), sm20), ((3, 2), sm20)] {
            let v = Version::new(v.0, v.1);
            // Only where the form itself exists: the rounding rule is what is under test.
            let exists = check_features(body_forms(bare).iter().flat_map(matching_features), v, t).is_empty();
            if exists {
                points.push((v, t));
            }
        }
    }
    points
}

fn rounding_probes(b: &mut Builder) {
    for form in crate::rounding::ROUNDED_FORMS {
        for types in form.types {
            let bare = fill_rounding(form.template, types, "");
            for (v, t) in rounding_points(&bare, types, form.legacy) {
                for r in crate::rounding::PROBED_ROUNDING {
                    let body = fill_rounding(form.template, types, r);
                    let chain = body.split_whitespace().next().unwrap_or(&body).to_string();
                    b.body(&format!("rounding {chain}"), v, t, "", "", &body);
                }
            }
        }
    }
}

fn deprecation_probes(b: &mut Builder) {
    for d in DEPRECATIONS {
        let (module, attrs, body) = d.probe;
        let what = match d.construct {
            Construct::Instruction(p) => format!("deprecation '{p}'"),
            Construct::StateSpace(s) | Construct::Directive(s) | Construct::ModuleScope(s) => {
                format!("deprecation '{s}'")
            }
        };
        let floor = body_requirements(body).min_target.unwrap_or(Target::sm(10));
        let mut points = vec![d.deprecated_in];
        points.extend(d.deprecated_in.previous());
        points.extend(d.rejected_from);
        points.extend(d.rejected_from.and_then(Version::previous));
        points.sort();
        points.dedup();
        for v in points {
            let Some(newest) = newest_base_target(v) else {
                continue;
            };
            let mut targets = vec![newest.max(floor)];
            if d.rejected_on_sm > 0 {
                targets.extend(base_below(d.rejected_on_sm, v).filter(|t| *t >= floor));
            }
            for t in targets {
                if !t.is_supported_by(v) {
                    continue;
                }
                let mut issues = predicted_issues(body, v, t);
                // Non-instruction constructs are not visible to `check`; add their status.
                if !matches!(d.construct, Construct::Instruction(_)) {
                    match d.status(v, t) {
                        Status::Allowed => {}
                        Status::Deprecated => issues.push(Issue::Deprecated(d)),
                        Status::Rejected => issues.push(Issue::Removed(d)),
                    }
                }
                let expect = expectation(&issues);
                let verdict = if matches!(expect, Expect::Accept { .. }) {
                    "accepted"
                } else {
                    "rejected"
                };
                let text = kernel(v, &t.to_string(), module, attrs, body);
                b.push(format!("{what}: {verdict} at {v} {t}"), v, t, text, expect);
            }
        }
    }
}

/// Every probe, in a stable order.
pub fn probes() -> Vec<Probe> {
    let mut b = Builder {
        probes: Vec::new(),
        extra: None,
    };
    versions_and_targets(&mut b);
    for feature in all_features() {
        feature_probes(&mut b, feature);
    }
    // Rows of one signature block: the pattern alone does not select them, so each is added to
    // its own probes' requirements, as directives are.
    for feature in crate::signature::form_features() {
        b.extra = Some(feature);
        feature_probes_named(&mut b, feature, &format!("feature '{}' (block)", feature.pattern));
    }
    for feature in DIRECTIVES.iter().chain(DECLARATIONS).chain(SPECIAL_REGISTERS) {
        b.extra = Some(feature);
        feature_probes_named(&mut b, feature, &format!("directive '{}'", feature.pattern));
    }
    b.extra = None;
    rounding_probes(&mut b);
    legal_type_probes(&mut b);
    deprecation_probes(&mut b);
    b.probes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operands_and_forms() {
        assert_eq!(count_operands(""), 0);
        assert_eq!(count_operands("%r1, [%rd1+4], {%r2, %r3}"), 3);
        assert_eq!(count_operands("%r1|%p1, %r2"), 2);
        let forms = body_forms("tbl: .branchtargets L0; @!%p1 brx.idx %r1, tbl; L0: add.s32 %r1, %r1, 1");
        assert_eq!(forms.len(), 2);
        assert_eq!((forms[0].opcode, forms[0].operands), ("brx", Some(2)));
        assert_eq!(forms[1].opcode, "add");
    }

    #[test]
    fn kernels_declare_what_the_target_allows() {
        let old = kernel(Version::new(2, 0), "sm_20", "", "", "");
        assert!(!old.contains(".address_size") && !old.contains(".b128"));
        let new = kernel(Version::new(8, 3), "sm_90", "", ".maxntid 64", "mov.b128 %q1, %q2");
        assert!(new.contains(".address_size 64") && new.contains(".reg .b128") && new.contains("probe() .maxntid 64"));
        assert!(!kernel(Version::new(8, 3), "sm_90", "", "", "").contains(".b128"));
        let module = kernel(Version::new(2, 3), "sm_20", ".address_size 32; .global .b32 x", "", "");
        assert!(module.contains(".address_size 32\n.global .b32 x;\n") && !module.contains(".address_size 64"));
    }

    #[test]
    fn expectations_follow_check() {
        let ok = predicted_issues("fma.rn.f32 %r1, %r2, %r3, %r4", Version::new(2, 0), Target::sm(20));
        assert!(ok.is_empty());
        let bad = predicted_issues("fma.rn.f32 %r1, %r2, %r3, %r4", Version::new(1, 5), Target::sm(13));
        let msgs: Vec<String> = bad.iter().map(Issue::message).collect();
        assert!(msgs.contains(&"Instruction 'fma.f32' requires .target sm_20 or higher".to_string()));
        assert!(msgs.contains(&"Feature 'fma.f32' requires PTX ISA .version 2.0 or later".to_string()));
    }
}
