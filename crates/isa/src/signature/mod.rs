//! Instruction signatures: what a valid instruction looks like, for every PTX instruction.
//!
//! The facts live in `crates/isa/signatures/*.sig`, one file per instruction family, in a
//! notation close to the manual's Syntax blocks (`signatures/README.md`); `build.rs` compiles
//! them into the static [`Form`] tables here. [`analyze`] matches an instruction against the
//! forms of its opcode (a hash lookup, then a small match) and says what is wrong relative to
//! the closest form: unknown or illegal modifiers, missing required ones, operand count, kind,
//! vector size and type.
//!
//! ```
//! use ptxkit_isa::signature::{Found, Instance, analyze, forms};
//! assert!(!forms("add").is_empty());
//! let reg = |ty| Found::Register { ty: Some(ty), vector: 0 };
//! let add = Instance { opcode: "add", modifiers: vec![".s32"], operands: vec![reg(".s32"), reg(".s32"), reg(".s32")] };
//! assert!(analyze(&add).unwrap().is_match());
//! ```

mod address_probes;
mod address_width;
mod availability;
mod control;
mod explain;
mod found;
mod instances;
mod matcher;
mod model;
#[allow(dead_code)]
pub(crate) mod notation;
mod register_probes;
mod register_types;
pub mod semantics;
mod typecheck;

use std::collections::HashMap;
use std::sync::OnceLock;

pub use address_probes::address_width_probes;
pub use address_width::{AddressWidth, WIDTH_CHECKED, address_width, is_32bit_address_conversion};
pub use availability::{modifier_is_available, opcode_is_available};
pub use control::{ControlFlow, control_flow};
pub use explain::{Explained, ExplainedOperand, Explanation, NearMiss, describe_problem, explain};
pub use found::{Found, Instance, Literal, NameKind};
pub use instances::{
    PROBE_LOCAL_SETUP, PROBE_LOCALS, PROBE_SETUP, ShapeProbe, form_count, form_probes, probe_module, shape_probes,
};
pub use matcher::{
    Analysis, Packing, Problem, Role, analyze, is_known_modifier, modifier_fits, opcode_modifiers, operand_roles,
    packing, shape_dimension, suggest_modifiers,
};
pub use model::{CountSpec, Direction, Effects, Form, Kinds, Operand, Part, Position, Presence, Shape, TypeSpec};
pub use register_probes::register_type_probes;
pub use register_types::{
    DECLARABLE_REGISTER_TYPES, Typing, accepted_registers, has_row, operand_typing, register_fits,
};
pub use typecheck::{TypeClass, TypeShape, scale_type, type_shape};

use crate::feature::{Feature, TargetReq};
use crate::target::{Target, Variant};
use crate::version::Version;

include!(concat!(env!("OUT_DIR"), "/signatures.rs"));

/// Every form of every instruction, grouped by opcode.
pub fn all_forms() -> &'static [Form] {
    FORMS
}

/// The instruction-table rows the signature files' `require` records define.
pub fn signature_features() -> &'static [Feature] {
    SIGNATURE_FEATURES
}

/// The `block` require records of every file: rows that apply to the forms of one block only
/// (see [`Form::features`]).
pub fn form_features() -> &'static [Feature] {
    FORM_FEATURES
}

/// The family files (stems of `signatures/*.sig`), sorted.
pub fn families() -> &'static [&'static str] {
    FAMILY_FILES
}

fn index() -> &'static HashMap<&'static str, (usize, usize)> {
    static INDEX: OnceLock<HashMap<&'static str, (usize, usize)>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index: HashMap<&'static str, (usize, usize)> = HashMap::new();
        for (i, form) in FORMS.iter().enumerate() {
            index
                .entry(form.opcode)
                .and_modify(|r| r.1 = i + 1)
                .or_insert((i, i + 1));
        }
        index
    })
}

/// The forms of `opcode`, in file order (empty when no signature describes it).
pub fn forms(opcode: &str) -> &'static [Form] {
    index().get(opcode).map_or(&[], |&(start, end)| &FORMS[start..end])
}

/// Every opcode some signature describes, sorted.
pub fn opcodes() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = index().keys().copied().collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests;
