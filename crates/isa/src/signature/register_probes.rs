//! The register-type grid: probe instructions that write every declarable register type into
//! every kind of register operand the signatures describe, each with the verdict this crate
//! predicts from [`super::register_types`]. `cargo xtask isa-probes --only register-types`
//! assembles them with ptxas 11.8, 12.9 and 13.5.
//!
//! A kind of operand is its type and how it gets it ([`Typing`]); the grid takes up to
//! [`CARRIERS`] forms of different instructions for each kind (the first in the signature
//! files), writes the form's first valid instance, and replaces the operand by a register of
//! each declarable type (`%yu16`, `%yf16x2`, … declared by [`super::probe_module`]).

use std::collections::HashMap;

use super::found::Found;
use super::instances::{Bound, Written, draft, placement, predicted_ok};
use super::model::{Kinds, Shape};
use super::register_types::{DECLARABLE_REGISTER_TYPES, Typing, operand_typing};
use super::{FORMS, ShapeProbe};
use crate::target::Target;
use crate::version::Version;

/// How many instructions carry each kind of operand (besides [`ALWAYS`]).
pub const CARRIERS: usize = 3;

/// Instructions that carry every kind of operand they have: those whose operands ptxas types
/// in the most ways (two type parts, the relaxed rules, predicates).
pub const ALWAYS: &[&str] = &["cvt", "ld", "st", "mov", "set", "setp", "selp", "slct"];

/// The name of the grid's register of type `ty` (`.f16x2` → `%yf16x2`).
pub fn register_name(ty: &str) -> String {
    format!("%y{}", ty.trim_start_matches('.'))
}

/// What declaring a register of type `ty` needs: `.f16x2` sm_53 (and PTX 4.2, its first
/// version), `.f16` PTX 4.2, `.b128` PTX 8.3 and sm_70.
fn declaration_needs(ty: &str) -> (Version, u16) {
    match ty {
        ".f16x2" => (Version::new(4, 2), 53),
        ".f16" => (Version::new(4, 2), 0),
        ".b128" => (Version::new(8, 3), 70),
        _ => (Version::new(1, 0), 0),
    }
}

/// One operand of a form's valid instance that the grid writes registers into.
struct Slot {
    /// Index into the instance's operands.
    index: usize,
    /// The operand's type, resolved for the instance.
    ty: &'static str,
    typing: Typing,
    name: &'static str,
}

/// The register operands of `form`'s first valid instance that hold one register (not a
/// vector, an address or a parenthesized list), with their types.
fn slots(form: &'static super::Form, bound: &Bound, operands: &[Written]) -> Vec<Slot> {
    let present = form.positions.iter().filter(|p| bound.present(p, false));
    let mut out = Vec::new();
    for (index, (position, written)) in present.zip(operands).enumerate() {
        let (Shape::Single(spec) | Shape::Negatable(spec)) = &position.shape else {
            continue;
        };
        if !spec.example.is_empty() || bound.resolve_count(spec).is_some() {
            continue;
        }
        if !matches!(written.found, Found::Register { .. }) {
            continue;
        }
        let predicate_only = spec.kinds.contains(Kinds::PRED) && !spec.kinds.contains(Kinds::REG);
        let ty = if predicate_only {
            Some(".pred")
        } else {
            bound.resolve_type(spec)
        };
        let Some(ty) = ty else { continue };
        let typing = operand_typing(form, spec);
        out.push(Slot {
            index,
            ty,
            typing,
            name: spec.name,
        });
    }
    out
}

/// The grid: for every kind of register operand, [`CARRIERS`] instructions × every declarable
/// register type.
pub fn register_type_probes() -> Vec<ShapeProbe> {
    let mut carriers: HashMap<(&'static str, Typing), Vec<&'static str>> = HashMap::new();
    let mut out = Vec::new();
    for form in FORMS {
        // The first valid instance, and one for each other value of each type part.
        let base = Bound::base(form);
        let mut bounds = vec![base.clone()];
        for (index, part) in form.parts.iter().enumerate() {
            if !part.is_type {
                continue;
            }
            for value in part.values {
                if base.values[index] != Some(value) {
                    let mut bound = base.clone();
                    bound.values[index] = Some(value);
                    bounds.push(bound);
                }
            }
        }
        for bound in bounds {
            carry(form, &bound, &mut carriers, &mut out);
        }
    }
    out
}

/// The probes of one valid instance of `form`: each of its register operands whose kind
/// still wants carriers, as every declarable register type.
fn carry(
    form: &'static super::Form,
    bound: &Bound,
    carriers: &mut HashMap<(&'static str, Typing), Vec<&'static str>>,
    out: &mut Vec<ShapeProbe>,
) {
    let valid = draft(bound, false, "valid".to_string());
    let Some(place) = placement(form, &valid.modifier_refs(), valid.operands.len()) else {
        return;
    };
    if !predicted_ok(&valid, place.0, place.1) {
        return;
    }
    for slot in slots(form, bound, &valid.operands) {
        // One carrier per instruction, or per form of the instructions of [`ALWAYS`].
        let always = ALWAYS.contains(&form.opcode);
        let carrier = if always { form.text } else { form.opcode };
        let taken = carriers.entry((slot.ty, slot.typing)).or_default();
        let others = taken
            .iter()
            .filter(|c| !ALWAYS.iter().any(|a| c.starts_with(a)))
            .count();
        if taken.contains(&carrier) || (others >= CARRIERS && !always) {
            continue;
        }
        taken.push(carrier);
        for register in DECLARABLE_REGISTER_TYPES {
            let (version, sm) = declaration_needs(register);
            let mut target = place.1;
            if !target.at_least(sm) {
                target = Target::new(sm, target.variant);
            }
            let version = place.0.max(version).max(target.min_ptx().unwrap_or(version));
            let written = Written {
                text: register_name(register),
                found: Found::Register {
                    ty: Some(register),
                    vector: 0,
                },
            };
            let what = format!(
                "register type: {} operand {} ({:?}) as {register}",
                slot.ty, slot.name, slot.typing
            );
            let probe = valid.with_operand(slot.index, written, what);
            let expect_ok = predicted_ok(&probe, version, target);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_covers_every_kind_and_register() {
        let probes = register_type_probes();
        let kinds: std::collections::HashSet<&str> = probes
            .iter()
            .map(|p| p.what.split(" as ").next().unwrap_or(""))
            .collect();
        assert!(kinds.len() >= 40, "{}", kinds.len());
        assert_eq!(probes.len() % DECLARABLE_REGISTER_TYPES.len(), 0);
        // The example: `set.gtu.u32.f16x2` writing a `.f16x2` register.
        assert!(
            probes
                .iter()
                .any(|p| p.instruction.starts_with("set.") && p.instruction.contains("%yf16x2") && p.expect_ok),
            "no accepted .f16x2 destination of set"
        );
    }
}
