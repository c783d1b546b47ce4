//! The address-width grid: every address operand of every form written with a 32-bit register
//! in a 64-bit module, with each state space the form takes (and none), each with the verdict
//! [`super::address_width`] predicts (accepted: no "Program uses 32-bit address" warning). `cargo xtask isa-probes --only address-width`
//! assembles them with ptxas 11.8, 12.9 and 13.5.

use super::found::Found;
use super::instances::{Bound, Written, draft, is_state_space, placement, predicted_ok};
use super::model::{Kinds, Shape};
use super::{FORMS, Form, ShapeProbe, address_width};
use crate::version::Version;

/// The grid's 32-bit address register (declared by [`super::probe_module`]).
const REGISTER: &str = "%yb32";

/// The first valid instance of `form`, and one for each state space of each of its state-space
/// parts (the generic form is the instance without one, when the part is optional).
fn bounds(form: &'static Form) -> Vec<Bound> {
    let base = Bound::base(form);
    let mut out = vec![base.clone()];
    for (index, part) in form.parts.iter().enumerate() {
        if part.values.is_empty() || !part.values.iter().all(|v| is_state_space(v)) {
            continue;
        }
        for value in part.values {
            if base.values[index] != Some(value) {
                let mut bound = base.clone();
                bound.values[index] = Some(value);
                out.push(bound);
            }
        }
    }
    out
}

/// The grid.
pub fn address_width_probes() -> Vec<ShapeProbe> {
    let mut out = Vec::new();
    for form in FORMS {
        for bound in bounds(form) {
            let valid = draft(&bound, false, "valid".to_string());
            let Some((version, target)) = placement(form, &valid.modifier_refs(), valid.operands.len()) else {
                continue;
            };
            if !predicted_ok(&valid, version, target) {
                continue;
            }
            let version = version.max(Version::new(2, 3));
            let present = form.positions.iter().filter(|p| bound.present(p, false));
            for (index, position) in present.enumerate() {
                let Shape::Address(elements) = &position.shape else {
                    continue;
                };
                let required: Vec<_> = elements.iter().filter(|(_, optional)| !optional).collect();
                let [(spec, _)] = required[..] else { continue };
                if !spec.kinds.contains(Kinds::ADDR) && !spec.kinds.contains(Kinds::REG) || !spec.example.is_empty() {
                    continue;
                }
                let written = Written {
                    text: format!("[{REGISTER}]"),
                    found: Found::Address(vec![Found::Register {
                        ty: Some(".b32"),
                        vector: 0,
                    }]),
                };
                let modifiers = valid.modifier_refs();
                let width = address_width(form.opcode, &modifiers);
                let what = format!(
                    "address width: operand {} ({}) in a 32-bit register",
                    position.label(),
                    width.label()
                );
                let probe = valid.with_operand(index, written, what);
                let expect_ok = predicted_ok(&probe, version, target) && width.takes_32_bits();
                out.push(ShapeProbe {
                    form,
                    what: probe.what.clone(),
                    instruction: probe.text(),
                    version,
                    target,
                    expect_ok,
                });
            }
        }
    }
    out
}
