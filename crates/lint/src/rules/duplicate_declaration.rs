//! # duplicate-declaration (PTX405)
//!
//! ## What it does
//! Reports a register, variable or function declared twice in the same
//! scope: the same name in one block, a `%r<N>` range declared twice, a
//! register that a `%r<N>` range of the same block already declares, two
//! module-scope definitions, or two function bodies.
//!
//! ## Why it matters
//! ptxas rejects the module: "Duplicate definition of variable '%r1'",
//! "Duplicate definition of function 'f'". Generated code that is pasted
//! together hits this often.
//!
//! ## Example
//! ```ptx
//! .reg .b32 %r<4>;
//! .reg .b32 %r1;
//! ```
//!
//! ## Use instead
//! ```ptx
//! .reg .b32 %r<4>;
//! .reg .b32 %t1;
//! ```
//!
//! ## Fix safety
//! No fix: one of the declarations must be renamed, and its uses with it.

use std::collections::HashMap;

use ptxkit_syntax::Span;

use crate::checker::Checker;
use crate::rule::{Rule, Visits};
use ptxkit_semantic::{Declarations, ScopeId, split_index};

pub(crate) const NAME: &str = "duplicate-declaration";

pub(crate) const RULE: Rule = Rule {
    code: "PTX405",
    name: NAME,
    severity: ptxkit_syntax::Severity::Error,
    status: crate::Status::Stable,
    fix: crate::FixAvailability::None,
    summary: "name declared twice in one scope",
    visits: Visits::module(check),
};

fn check(checker: &mut Checker<'_>) {
    let symbols = checker.symbols;
    let mut found: Vec<(String, Span, Span)> = Vec::new();
    let duplicates = |spans: &mut Vec<(ScopeId, Span)>, name: &str, found: &mut Vec<(String, Span, Span)>| {
        spans.sort_by_key(|(block, span)| (*block, span.start));
        for pair in spans.windows(2) {
            if pair[0].0 == pair[1].0 {
                found.push((name.to_string(), pair[1].1, pair[0].1));
            }
        }
    };
    for (name, vars) in &symbols.module().variables {
        let mut spans: Vec<_> = vars
            .iter()
            .filter(|v| !v.is_extern)
            .map(|v| (ScopeId::MODULE, v.span))
            .collect();
        duplicates(&mut spans, name, &mut found);
    }
    for (name, functions) in symbols.functions() {
        let mut spans: Vec<_> = functions
            .iter()
            .filter(|f| f.is_definition)
            .map(|f| (ScopeId::MODULE, f.span))
            .collect();
        duplicates(&mut spans, name, &mut found);
    }
    // Module-scope variables are checked above (`.extern` declarations aside).
    let module = (symbols.module(), false);
    let bodies = symbols
        .bodies()
        .iter()
        .filter(|b| !b.has_syntax_errors)
        .map(|b| (&b.declarations, true));
    for (scope, with_variables) in std::iter::once(module).chain(bodies) {
        let scope: &Declarations = scope;
        for (name, regs) in &scope.registers {
            let mut spans: Vec<_> = regs.iter().map(|r| (r.scope, r.span)).collect();
            duplicates(&mut spans, name, &mut found);
            // A plain name that a range of the same block also declares.
            if let Some((prefix, index)) = split_index(name)
                && let Some(ranges) = scope.ranges.get(prefix)
            {
                for reg in regs {
                    if let Some(range) = ranges.iter().find(|r| r.scope == reg.scope && index < r.count) {
                        let (first, second) = if range.span.start < reg.span.start {
                            (range.span, reg.span)
                        } else {
                            (reg.span, range.span)
                        };
                        found.push((name.clone(), second, first));
                    }
                }
            }
        }
        for (prefix, ranges) in &scope.ranges {
            let mut spans: Vec<_> = ranges.iter().map(|r| (r.scope, r.span)).collect();
            duplicates(&mut spans, &format!("{prefix}<N>"), &mut found);
        }
        for (name, vars) in scope.variables.iter().filter(|_| with_variables) {
            let mut spans: Vec<_> = vars.iter().map(|v| (v.scope, v.span)).collect();
            duplicates(&mut spans, name, &mut found);
        }
    }
    let mut seen = HashMap::new();
    // The symbol table's maps have no order: where one declaration repeats several (a
    // `%r<4>` range over `%r0` and `%r1`), the one declared first is reported, every time.
    found.sort_by(|(a_name, a_second, a_first), (b_name, b_second, b_first)| {
        (a_second.start, a_first.start, a_name).cmp(&(b_second.start, b_first.start, b_name))
    });
    for (name, second, first) in found {
        if seen.insert(second, ()).is_some() {
            continue;
        }
        let diagnostic = checker
            .diagnostic(second, format!("`{name}` is declared twice in the same scope"))
            .with_label("declared again here")
            .with_secondary(first, "first declared here")
            .with_note(format!("ptxas: \"Duplicate definition of '{name}'\""))
            .with_help("rename one of them (and its uses), or remove the second declaration");
        checker.report(diagnostic);
    }
}
