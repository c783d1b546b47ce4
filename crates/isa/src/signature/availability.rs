//! What a module can use: whether an opcode, or a modifier chain being written, has some form
//! that the module's `.version` and `.target` allow (the instruction table's rows, the same
//! facts `check` reports from). Editors filter completions with it.

use crate::check::check_features;
use crate::feature::Feature;
use crate::form::InstructionForm;
use crate::requirements::matching_features;
use crate::target::Target;
use crate::version::Version;

use super::model::Form;

/// The table rows `opcode` with `modifiers` matches that `version`/`target` do not allow.
fn unmet(opcode: &str, modifiers: &[&str], version: Version, target: Target) -> Vec<&'static Feature> {
    let form = InstructionForm::new(opcode, modifiers.to_vec());
    matching_features(&form)
        .filter(|feature| !check_features([*feature], version, target).is_empty())
        .collect()
}

/// Whether appending `modifier` to `opcode` + `written` (each with its dot) brings in a table
/// row the module's version or target does not allow, beyond those the chain already needs.
///
/// ```
/// use ptxkit_isa::signature::modifier_is_available;
/// use ptxkit_isa::{target, version};
/// let (v70, sm80) = (version("7.0").unwrap(), target("sm_80").unwrap());
/// assert!(modifier_is_available("ld", &[".global"], ".f32", v70, sm80));
/// // `.b128` loads arrived with PTX 8.3 and sm_70.
/// assert!(!modifier_is_available("ld", &[".global"], ".b128", v70, sm80));
/// ```
pub fn modifier_is_available(opcode: &str, written: &[&str], modifier: &str, version: Version, target: Target) -> bool {
    let before = unmet(opcode, written, version, target);
    let mut chain = written.to_vec();
    chain.push(modifier);
    unmet(opcode, &chain, version, target)
        .iter()
        .all(|feature| before.contains(feature))
}

/// Whether some form of `opcode` can be written under `version` and `target`: its required
/// modifier parts can each take a value that brings in no row they do not allow.
///
/// ```
/// use ptxkit_isa::signature::opcode_is_available;
/// use ptxkit_isa::{target, version};
/// let (v70, sm80) = (version("7.0").unwrap(), target("sm_80").unwrap());
/// assert!(opcode_is_available("add", v70, sm80));
/// assert!(!opcode_is_available("wgmma", v70, sm80));
/// assert!(opcode_is_available("wgmma", version("8.0").unwrap(), target("sm_90a").unwrap()));
/// ```
pub fn opcode_is_available(opcode: &str, version: Version, target: Target) -> bool {
    let forms = super::forms(opcode);
    forms.is_empty() || forms.iter().any(|form| form_is_available(form, version, target))
}

/// Builds the form's chain part by part, each required part taking its first value that the
/// module allows; a form-level row the module does not allow rules the form out.
fn form_is_available(form: &Form, version: Version, target: Target) -> bool {
    if form
        .features()
        .any(|feature| !check_features([feature], version, target).is_empty())
    {
        return false;
    }
    let mut chain: Vec<&str> = Vec::new();
    if !unmet(form.opcode, &chain, version, target).is_empty() {
        return false;
    }
    for part in form.parts.iter().filter(|part| !part.optional) {
        let Some(value) = part
            .values
            .iter()
            .find(|value| modifier_is_available(form.opcode, &chain, value, version, target))
        else {
            return false;
        };
        chain.push(value);
    }
    true
}
