//! How an instruction changes control flow, as its opcode's forms say: their `control` lines
//! (`ret`, `bra`, `brx.idx`) and their `sync exit` / `sync trap` lines. What the control-flow
//! graph asks of an instruction.

use std::collections::HashMap;
use std::sync::OnceLock;

use super::model::{Form, Presence};
use super::semantics::{ControlEffect, SyncEffect};

/// Where control goes after an instruction of an opcode, besides falling through when its
/// guard does not hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ControlFlow {
    /// The thread leaves the function: it returns, ends or aborts.
    Leaves,
    /// To the label that is the operand at this index.
    Branch(usize),
    /// To one of the labels of the `.branchtargets` list named by the operand at this index.
    BranchTable(usize),
}

/// How an instruction of `opcode` changes control flow (`None`: it falls through), as the
/// first of its forms that says so says (the forms of an opcode agree: a test checks it).
///
/// ```
/// use ptxkit_isa::signature::{ControlFlow, control_flow};
/// assert_eq!(control_flow("ret"), Some(ControlFlow::Leaves));
/// assert_eq!(control_flow("bra"), Some(ControlFlow::Branch(0)));
/// assert_eq!(control_flow("brx"), Some(ControlFlow::BranchTable(1)));
/// assert_eq!(control_flow("add"), None);
/// ```
pub fn control_flow(opcode: &str) -> Option<ControlFlow> {
    // Asked of every instruction a control-flow graph holds: the few opcodes that say
    // something, looked up once.
    static TABLE: OnceLock<HashMap<&'static str, ControlFlow>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut table = HashMap::new();
        for form in super::all_forms() {
            if let Some(flow) = form_control(form) {
                table.entry(form.opcode).or_insert(flow);
            }
        }
        table
    });
    table.get(opcode).copied()
}

/// What one form's lines say of control flow.
pub(super) fn form_control(form: &Form) -> Option<ControlFlow> {
    // The operand positions before a target are required: the position is the operand's index.
    let index = |position: u8| {
        let position = usize::from(position);
        debug_assert!(
            form.positions[..position]
                .iter()
                .all(|p| p.presence == Presence::Always)
        );
        position
    };
    let control = form.control.iter().map(|effect| match *effect {
        ControlEffect::Return => ControlFlow::Leaves,
        ControlEffect::Branch(p) => ControlFlow::Branch(index(p)),
        ControlEffect::BranchTable(p) => ControlFlow::BranchTable(index(p)),
    });
    let leaves = form
        .sync
        .iter()
        .filter(|effect| matches!(effect, SyncEffect::Exit | SyncEffect::Trap))
        .map(|_| ControlFlow::Leaves);
    control.chain(leaves).next()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_forms_of_an_opcode_agree_on_control_flow() {
        for opcode in super::super::opcodes() {
            let forms = super::super::forms(opcode);
            let first = forms.iter().find_map(form_control);
            for form in forms {
                assert_eq!(form_control(form), first, "{} line {}", form.family, form.line);
            }
        }
    }

    #[test]
    fn exit_and_trap_leave() {
        assert_eq!(control_flow("exit"), Some(ControlFlow::Leaves));
        assert_eq!(control_flow("trap"), Some(ControlFlow::Leaves));
    }
}
