//! Signature help: the forms of the instruction being written (ptxkit-isa's signatures),
//! the one its modifier chain fits best first, each operand a parameter, and the operand
//! the cursor is in active.
//!
//! Read from the line rather than the syntax tree, since the instruction being typed is
//! usually unfinished (`add.s32 %r1, ` has no `;` yet): the statement's chain is its first
//! word after any guard and label, and the active operand is the number of top-level commas
//! between the chain and the cursor.

use lsp_types::{
    Documentation, MarkupContent, MarkupKind, ParameterInformation, ParameterLabel, SignatureHelp, SignatureInformation,
};
use ptxkit_isa::signature;

/// At most this many forms are shown (the best fits).
const MAX_FORMS: usize = 8;

/// The signature help at byte `offset` of `text`, or `None` outside an instruction's
/// operands.
pub fn signature_help(text: &str, offset: usize) -> Option<SignatureHelp> {
    let offset = offset.min(text.len());
    let statement_start = text[..offset].rfind(['\n', ';']).map_or(0, |i| i + 1);
    let statement = &text[statement_start..offset];
    let mut rest = statement.trim_start();
    // Block braces, guards and labels before the opcode.
    loop {
        if let Some(after) = rest.strip_prefix(['{', '}']) {
            rest = after.trim_start();
            continue;
        }
        let token_len = rest.find(char::is_whitespace)?;
        let token = &rest[..token_len];
        if token.starts_with('@') || (token.ends_with(':') && token.len() > 1) {
            rest = rest[token_len..].trim_start();
        } else {
            break;
        }
    }
    let chain_len = rest.find(char::is_whitespace)?;
    let chain = &rest[..chain_len];
    let operands = &rest[chain_len..];
    let mut parts = chain.split('.');
    let opcode = parts.next()?;
    if opcode.is_empty() || opcode.starts_with(['.', '/', '#']) {
        return None;
    }
    let modifiers: Vec<String> = parts.filter(|p| !p.is_empty()).map(|p| format!(".{p}")).collect();
    let modifiers: Vec<&str> = modifiers.iter().map(String::as_str).collect();
    let fits = signature::modifier_fits(opcode, &modifiers);
    if fits.is_empty() {
        return None;
    }
    let active = top_level_commas(operands);
    let signatures: Vec<SignatureInformation> = fits
        .iter()
        .take(MAX_FORMS)
        .map(|fit| {
            let form = fit.form;
            let mut label = form.opcode.to_string();
            for part in form.parts {
                label.push_str(&part_label(part));
            }
            let mut parameters = Vec::new();
            for (index, position) in form.positions.iter().enumerate() {
                label.push_str(if index == 0 { " " } else { ", " });
                let start = label.encode_utf16().count() as u32;
                label.push_str(&position.label());
                let end = label.encode_utf16().count() as u32;
                parameters.push(ParameterInformation {
                    label: ParameterLabel::LabelOffsets([start, end]),
                    documentation: None,
                });
            }
            label.push(';');
            SignatureInformation {
                label,
                documentation: Some(Documentation::MarkupContent(MarkupContent {
                    kind: MarkupKind::Markdown,
                    value: format!("{} (§{})\n\n```text\n{}\n```", form.summary, form.section, form.text),
                })),
                active_parameter: Some(active.min(parameters.len().saturating_sub(1)) as u32),
                parameters: Some(parameters),
            }
        })
        .collect();
    Some(SignatureHelp {
        signatures,
        active_signature: Some(0),
        active_parameter: Some(active as u32),
    })
}

/// A modifier part as the manual writes it: `.a`, `{.a}` when optional, `.{a,b}` for choices.
fn part_label(part: &signature::Part) -> String {
    let body = match part.values {
        [one] => one.to_string(),
        values if values.len() <= 4 => format!(
            ".{{{}}}",
            values
                .iter()
                .map(|v| v.trim_start_matches('.'))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => format!(".{}", part.name.trim_start_matches('.')),
    };
    if part.optional { format!("{{{body}}}") } else { body }
}

/// The commas in `operands` outside brackets, braces and parentheses.
fn top_level_commas(operands: &str) -> usize {
    let mut depth = 0i32;
    let mut commas = 0;
    for c in operands.chars() {
        match c {
            '[' | '{' | '(' => depth += 1,
            ']' | '}' | ')' => depth -= 1,
            ',' if depth <= 0 => commas += 1,
            _ => {}
        }
    }
    commas
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_operand_under_the_cursor_is_active() {
        let text = "{\n\t@%p1 ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1";
        let help = signature_help(text, text.len()).expect("help in ld's operands");
        assert_eq!(help.active_parameter, Some(1));
        let first = &help.signatures[0];
        assert!(first.label.starts_with("ld"), "{}", first.label);
        assert_eq!(first.active_parameter, Some(1));
        let text = "L1: add.s32 %r1, ";
        let help = signature_help(text, text.len()).unwrap();
        assert_eq!(help.active_parameter, Some(1));
        let ParameterLabel::LabelOffsets([start, end]) = help.signatures[0].parameters.as_ref().unwrap()[1].label
        else {
            panic!("offsets")
        };
        assert_eq!(&help.signatures[0].label[start as usize..end as usize], "a");
    }

    #[test]
    fn nothing_outside_instructions() {
        assert!(signature_help(".reg .b32 %r<4>;\n", 17).is_none());
        assert!(signature_help("notanopcode.x %r1, ", 19).is_none());
        assert!(signature_help("", 0).is_none());
    }
}
