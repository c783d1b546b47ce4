//! The code for what a form says of its addresses and of control flow: a memory line's
//! `align` and `what` keys (`semantics::MemoryEffect::{align, what}`) and the `control` lines
//! (`Form::control`), as Rust expressions for `signatures.rs`.

use crate::notation::{SigEffect, SigForm, SigValue};

/// The `align: …, what: …` fields of a memory line's `MemoryEffect`.
pub fn align_fields(effect: &SigEffect) -> String {
    let align = match effect.get("align") {
        Some(SigValue::Number(n)) => format!("semantics::Align::Bytes({n})"),
        Some(SigValue::Word(w)) if w == "full" => "semantics::Align::Full".to_string(),
        None => "semantics::Align::Unstated".to_string(),
        Some(other) => unreachable!("the notation reads align as a number or full, not {other:?}"),
    };
    let what = match effect.get("what") {
        Some(SigValue::Word(w)) => format!("Some({:?})", w.replace('-', " ")),
        _ => "None".to_string(),
    };
    format!("align: {align}, what: {what}")
}

/// The `control: &[…]` field of a form.
pub fn control_field(form: &SigForm) -> String {
    let effects: Vec<String> = form
        .control
        .iter()
        .map(|effect| {
            let at = |key| match effect.get(key) {
                Some(SigValue::Position(p)) => Some(*p),
                _ => None,
            };
            match (effect.kind.as_str(), at("target"), at("table")) {
                ("return", _, _) => "semantics::ControlEffect::Return".to_string(),
                ("branch", Some(p), _) => format!("semantics::ControlEffect::Branch({p})"),
                ("branch", None, Some(p)) => format!("semantics::ControlEffect::BranchTable({p})"),
                (kind, ..) => panic!(
                    "signatures: line {}: 'control {kind}' needs a target or a table",
                    effect.line
                ),
            }
        })
        .collect();
    format!("control: &[{}]", effects.join(", "))
}
