//! PTX literal values and constant-expression evaluation (PTX ISA "Constant
//! Expressions": 64-bit integers with C precedence).

use crate::NodeKind as _;
use tree_sitter::Node;

/// The value of an integer literal: decimal, `0x` hex, `0` octal or `0b`
/// binary, with an optional `U` suffix. Values above `i64::MAX` keep their
/// bit pattern as an unsigned value in the `i128`.
///
/// ```
/// use ptxkit_syntax::literal::integer_value;
/// assert_eq!(integer_value("0x10"), Some(16));
/// assert_eq!(integer_value("017"), Some(15));
/// assert_eq!(integer_value("0b101U"), Some(5));
/// assert_eq!(integer_value("0xffffffffffffffff"), Some(u64::MAX as i128));
/// ```
pub fn integer_value(text: &str) -> Option<i128> {
    let text = text.strip_suffix('U').unwrap_or(text);
    let (digits, radix) = if let Some(hex) = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        (hex, 16)
    } else if let Some(bin) = text.strip_prefix("0b").or_else(|| text.strip_prefix("0B")) {
        (bin, 2)
    } else if text.len() > 1 && text.starts_with('0') {
        (&text[1..], 8)
    } else {
        (text, 10)
    };
    u64::from_str_radix(digits, radix).ok().map(i128::from)
}

/// Nesting beyond this is not evaluated (guards the stack against hostile input).
const MAX_DEPTH: usize = 64;

/// Evaluates an integer constant expression node (`4*8`, `(1 << 4) + 2`,
/// `-1`, `(.u64) x`). Returns `None` for anything that is not a constant
/// integer expression (registers, symbols, floats, division by zero).
pub fn eval_integer(node: Node<'_>, source: &str) -> Option<i64> {
    eval(node, source, 0)
}

fn eval(node: Node<'_>, source: &str, depth: usize) -> Option<i64> {
    if depth > MAX_DEPTH {
        return None;
    }
    let child = |field| node.field(field);
    let sub = |n: Node<'_>| eval(n, source, depth + 1);
    match node.kind_name() {
        "integer" => integer_value(&source[node.byte_range()]).map(|v| v as i64),
        "parenthesized_expression" => sub(child("expression")?),
        "cast_expression" => sub(child("value")?),
        "unary_expression" => {
            let value = sub(child("argument")?)?;
            match &source[child("operator")?.byte_range()] {
                "-" => Some(value.wrapping_neg()),
                "+" => Some(value),
                "!" => Some(i64::from(value == 0)),
                "~" => Some(!value),
                _ => None,
            }
        }
        "binary_expression" => {
            let left = sub(child("left")?)?;
            let right = sub(child("right")?)?;
            Some(match &source[child("operator")?.byte_range()] {
                "+" => left.wrapping_add(right),
                "-" => left.wrapping_sub(right),
                "*" => left.wrapping_mul(right),
                "/" => left.checked_div(right)?,
                "%" => (left as u64).checked_rem(right as u64)? as i64,
                "<<" => left.wrapping_shl(right as u32),
                ">>" => left.wrapping_shr(right as u32),
                "&" => left & right,
                "|" => left | right,
                "^" => left ^ right,
                "&&" => i64::from(left != 0 && right != 0),
                "||" => i64::from(left != 0 || right != 0),
                "==" => i64::from(left == right),
                "!=" => i64::from(left != right),
                "<" => i64::from(left < right),
                "<=" => i64::from(left <= right),
                ">" => i64::from(left > right),
                ">=" => i64::from(left >= right),
                _ => return None,
            })
        }
        "conditional_expression" => {
            if sub(child("condition")?)? != 0 {
                sub(child("consequence")?)
            } else {
                sub(child("alternative")?)
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::NodeKind as _;

    #[test]
    fn evaluates_array_sizes() {
        let parsed = crate::parse(".global .b8 a[(1 << 4) + 2 * 3 - -1], b[4 > 3 ? 8 : 2], c[N];\n");
        let text = parsed.text();
        let sizes: Vec<_> = crate::walk::preorder(parsed.root())
            .filter(|n| n.kind_name() == "array_dimension")
            .map(|n| super::eval_integer(n.field("size").unwrap(), text))
            .collect();
        assert_eq!(sizes, [Some(23), Some(8), None]);
    }
}
