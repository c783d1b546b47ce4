//! Scopes that span asm statements: a statement that opens a `{` it does not close, declares
//! registers in it, and leaves them to the statements after it in the same function, up to the
//! one that closes the scope (CCCL's `for_each_canceled.h`: `asm("{ .reg .b128 r;")`,
//! `asm("mov.b128 r, %0;" :: "q"(x))`, ..., `asm("}")`). nvcc emits the statements of a
//! function in order, so ptxas sees one scope; each statement is checked with the
//! declarations carried into it.

use crate::statement::{AsmStatement, strip_comments};

/// Fills in [`AsmStatement::carried`] of `statements` (in source order).
pub(crate) fn carry(statements: &mut [AsmStatement]) {
    let mut open: Option<(std::ops::Range<usize>, i64, Vec<String>)> = None;
    for statement in statements.iter_mut() {
        let Some(function) = statement.function.clone() else {
            continue;
        };
        if open.as_ref().is_some_and(|(f, ..)| *f != function) {
            open = None;
        }
        if let Some((_, _, declarations)) = &open {
            statement.carried = declarations.clone();
        }
        let text = strip_comments(&statement.template.text);
        let net = text.matches('{').count() as i64 - text.matches('}').count() as i64;
        if net == 0 {
            continue;
        }
        let depth = open.as_ref().map_or(0, |(_, d, _)| *d) + net;
        if depth <= 0 {
            open = None;
            continue;
        }
        let mut declarations = open.take().map(|(_, _, d)| d).unwrap_or_default();
        if net > 0 {
            declarations.extend(register_declarations(&text, statement.extended));
        }
        open = Some((function, depth, declarations));
    }
}

/// The `.reg` declarations of a template, as ptxas reads them (`%%` is `%` in a statement with
/// operands); one naming an operand (`%0`) is left out.
fn register_declarations(text: &str, extended: bool) -> Vec<String> {
    text.split(';')
        .map(|piece| {
            piece
                .trim_start_matches(|c: char| c == '{' || c.is_whitespace())
                .trim_end()
        })
        .filter(|piece| piece.starts_with(".reg") && piece.len() > 4 && piece.as_bytes()[4].is_ascii_whitespace())
        .map(|piece| {
            if extended {
                piece.replace("%%", "%")
            } else {
                piece.to_string()
            }
        })
        .filter(|piece| {
            !piece
                .chars()
                .zip(piece.chars().skip(1))
                .any(|(a, b)| a == '%' && b.is_ascii_digit())
        })
        .map(|piece| format!("{piece};"))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn registers_declared_in_an_open_scope_reach_the_statements_up_to_its_close() {
        let text = r#"__device__ unsigned f(unsigned long long lo, unsigned long long hi) {
  unsigned r;
  asm volatile("{\n\t.reg .b128 q;\n\t.reg .pred %%p;" :: "l"(lo));
  asm volatile("mov.b128 q, {%0, %1};" : : "l"(lo), "l"(hi));
  asm volatile("}");
  asm volatile("mov.b32 %0, 1;" : "=r"(r));
  return r;
}
__device__ void g() { asm volatile("mov.b128 q, 0;"); }"#;
        let found = crate::extract(text);
        let carried: Vec<Vec<String>> = found.statements.iter().map(|s| s.carried.clone()).collect();
        assert_eq!(
            carried,
            vec![
                vec![],
                vec![".reg .b128 q;".to_string(), ".reg .pred %p;".to_string()],
                vec![".reg .b128 q;".to_string(), ".reg .pred %p;".to_string()],
                vec![],
                vec![],
            ]
        );
    }
}
