//! The accesses an exchange can be made of: every access to shared, global or generic memory
//! the instruction model describes, and calls to functions that touch such memory.

use ptxkit_isa::signature::semantics::{Access, Completion, Proxy, Semantics, Space, Step, Sync};
use ptxkit_isa::special_registers::SYSTEM_CALLS;
use rustc_hash::FxHashMap as HashMap;
use std::rc::Rc;

use smallvec::SmallVec;

use crate::flow::cfg::{FunctionFlow, InsnId};
use crate::instruction::Instruction;
use crate::symbols::SymbolTable;
use crate::sync::expr::{ExprId, Node};
use crate::sync::kernel::Kernel;

/// What a called function does that other lanes can see, as far as the warp analysis cares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CalleeEffects {
    /// It accesses shared memory (or generic memory that may be shared).
    pub shared: bool,
    /// It accesses global or generic memory with a strong or atomic operation.
    pub global: bool,
    /// It executes a warp collective.
    pub collective: bool,
}

impl CalleeEffects {
    /// Everything: a function whose body is not known.
    pub const UNKNOWN: CalleeEffects = CalleeEffects {
        shared: true,
        global: true,
        collective: true,
    };

    /// Whether it does any of it.
    pub fn any(self) -> bool {
        self.shared || self.global || self.collective
    }

    fn or(self, other: CalleeEffects) -> CalleeEffects {
        CalleeEffects {
            shared: self.shared || other.shared,
            global: self.global || other.global,
            collective: self.collective || other.collective,
        }
    }

    /// What each function of a module does, following its calls (by name).
    fn of_module(flows: &[FunctionFlow<'_>], symbols: &SymbolTable) -> HashMap<String, CalleeEffects> {
        let named: Vec<(String, CalleeEffects, Vec<Option<String>>)> = flows
            .iter()
            .filter_map(|flow| {
                let name = flow.name.map(|n| flow_text(flow, n).to_string())?;
                let semantics = flow.semantics(symbols);
                let own = semantics
                    .iter()
                    .flatten()
                    .fold(CalleeEffects::default(), |e, s| e.or(effects_of(s)));
                let calls = flow
                    .insns
                    .iter()
                    .filter_map(|insn| {
                        insn.call()?;
                        let name = insn.callee();
                        // A register holding the function's address: an indirect call.
                        Some(name.filter(|n| !n.starts_with('%')).map(str::to_string))
                    })
                    .collect();
                Some((name, own, calls))
            })
            .collect();
        let mut effects: HashMap<String, CalleeEffects> = named.iter().map(|(n, e, _)| (n.clone(), *e)).collect();
        let mut changed = true;
        while changed {
            changed = false;
            // An indirect call may call any function of the module.
            let any = effects.values().fold(CalleeEffects::default(), |a, b| a.or(*b));
            for (name, _, calls) in &named {
                let mut now = effects[name];
                for callee in calls {
                    now = now.or(match callee {
                        Some(c) => call_effects(c, &|n| effects.get(n).copied()),
                        None => any,
                    });
                }
                if now != effects[name] {
                    effects.insert(name.clone(), now);
                    changed = true;
                }
            }
        }
        effects
    }
}

/// What the warp analysis of one function needs to know of the rest of its module.
#[derive(Debug, Clone, Default)]
pub struct ModuleFacts {
    /// What each function the module defines does, following its calls.
    pub callees: HashMap<String, CalleeEffects>,
    /// What an indirect call may do: any function of the module.
    pub indirect: CalleeEffects,
    /// Whether the module ever makes a generic address of shared memory (`cvta` from
    /// `.shared`, a shared variable's name in a generic address): if not, no generic address
    /// points into shared memory.
    pub generic_shared: bool,
}

impl ModuleFacts {
    /// Nothing known: every call may do anything, every generic address may be shared.
    pub fn unknown() -> ModuleFacts {
        ModuleFacts {
            callees: HashMap::default(),
            indirect: CalleeEffects::UNKNOWN,
            generic_shared: true,
        }
    }

    /// The facts of the module whose functions are `flows`.
    pub fn of(flows: &[FunctionFlow<'_>], symbols: &SymbolTable) -> ModuleFacts {
        let callees = CalleeEffects::of_module(flows, symbols);
        let declared_only = symbols
            .functions()
            .keys()
            .any(|name| !callees.contains_key(name) && !SYSTEM_CALLS.contains(&name.as_str()));
        let mut indirect = callees.values().fold(CalleeEffects::default(), |a, b| a.or(*b));
        if declared_only {
            indirect = CalleeEffects::UNKNOWN;
        }
        let generic_shared = flows.iter().any(|flow| {
            let semantics = flow.semantics(symbols);
            semantics.iter().flatten().any(|s| makes_shared_window(s))
                || flow.insns.iter().zip(semantics).any(|(insn, s)| {
                    s.as_ref()
                        .is_some_and(|s| s.memory.iter().any(|m| m.space == Space::Generic))
                        && names_shared_variable(insn, symbols)
                })
        });
        ModuleFacts {
            callees,
            indirect,
            generic_shared,
        }
    }

    /// What a call to `callee` (`None`: an indirect call) does.
    fn call(&self, callee: Option<&str>) -> CalleeEffects {
        match callee {
            Some(name) if SYSTEM_CALLS.contains(&name) => CalleeEffects::default(),
            Some(name) => self.callees.get(name).copied().unwrap_or(CalleeEffects::UNKNOWN),
            None => self.indirect,
        }
    }
}

fn flow_text<'t>(flow: &FunctionFlow<'t>, node: ptxkit_syntax::tree_sitter::Node<'_>) -> &'t str {
    let source = flow.insns.first().map_or("", |i| i.source());
    source.get(node.byte_range()).unwrap_or("")
}

/// What one instruction does that the warp analysis cares about.
fn effects_of(s: &Semantics) -> CalleeEffects {
    let mut out = CalleeEffects::default();
    for m in s.memory.iter().filter(|m| counted(m.proxy, m.completion)) {
        out.shared |= matches!(m.space, Space::SharedCta | Space::SharedCluster)
            || (m.space == Space::Generic && (m.atomic || m.order.is_strong()));
        out.global |= matches!(m.space, Space::Global | Space::Generic) && (m.atomic || m.order.is_strong());
    }
    out.collective = s.sync.iter().any(|sync| matches!(sync, Sync::Collective { .. }));
    out
}

/// What a call to `name` does: nothing for the ABI's system calls, `UNKNOWN` for a function
/// the module does not define.
fn call_effects(name: &str, known: &dyn Fn(&str) -> Option<CalleeEffects>) -> CalleeEffects {
    if SYSTEM_CALLS.contains(&name) {
        return CalleeEffects::default();
    }
    known(name).unwrap_or(CalleeEffects::UNKNOWN)
}

/// Whether an access is one lanes can see each other through: through the generic proxy,
/// complete when the instruction is.
fn counted(proxy: Proxy, completion: Completion) -> bool {
    proxy == Proxy::Generic && completion == Completion::Immediate
}

/// One access (or call) an exchange can be made of.
#[derive(Debug, Clone)]
pub(super) struct Site {
    /// The instruction.
    pub insn: InsnId,
    /// How it touches memory (a call: [`Access::Modify`]).
    pub access: Access,
    /// How many bytes.
    pub bytes: u32,
    /// Whether it is atomic.
    pub atomic: bool,
    /// Whether it is strong (atomic, `.volatile`, `.relaxed` or stronger).
    pub strong: bool,
    /// The address (`None` for a call, or an address the values do not follow).
    pub address: Option<ExprId>,
    /// Whether it may touch the CTA's shared memory.
    pub may_be_shared: bool,
    /// Whether it may touch global memory.
    pub may_be_global: bool,
    /// The variables its address is built on.
    pub variables: SmallVec<[u32; 2]>,
    /// What its address is built on: the variables and values every thread shares (pointer
    /// parameters) in it.
    pub bases: SmallVec<[Node; 2]>,
    /// How many lanes, from lane 0, give an address it uses (`ldmatrix.x1`: 8; `None`: all).
    pub lanes: Option<u32>,
}

impl Site {
    /// Whether two accesses can make an exchange at all: one writes, and they are not both
    /// atomic (atomics are ordered among themselves whatever the lanes do).
    pub fn may_exchange_with(&self, other: &Site) -> bool {
        (self.access.writes() || other.access.writes()) && !(self.atomic && other.atomic)
    }

    /// Whether two weak accesses to global memory can be shown to meet: only through one
    /// pointer (a base both addresses are built on).
    pub fn may_share_a_buffer_with(&self, other: &Site) -> bool {
        (self.may_be_shared && other.may_be_shared)
            || self.strong
            || other.strong
            || self.bases.iter().any(|b| other.bases.contains(b))
    }
}

/// The sites of a kernel, in instruction order.
pub(super) fn sites(kernel: &Kernel<'_, '_>, facts: &ModuleFacts) -> Vec<Site> {
    let flow = kernel.flow;
    let exprs = &kernel.values.exprs;
    let mut out = Vec::new();
    for i in 0..flow.insns.len() as InsnId {
        if let Some(effects) = call_site(flow, i, facts) {
            if effects.shared || effects.global {
                out.push(Site {
                    insn: i,
                    access: Access::Modify,
                    bytes: 1,
                    atomic: false,
                    strong: effects.global,
                    address: None,
                    may_be_shared: effects.shared,
                    may_be_global: effects.global,
                    variables: SmallVec::new(),
                    bases: SmallVec::new(),
                    lanes: None,
                });
            }
            continue;
        }
        let Some(semantics) = kernel.values.semantics[i as usize].as_ref() else {
            continue;
        };
        // An mbarrier operation touches a synchronisation object, not data: its arrivals and
        // waits order threads whatever the scheduling (§9.7.13.15), and a lane waiting on one
        // is not spinning on memory.
        if semantics.sync.iter().any(|s| matches!(s, Sync::Mbarrier { .. })) {
            continue;
        }
        for m in semantics.memory.iter().filter(|m| counted(m.proxy, m.completion)) {
            let (shared, global) = match m.space {
                Space::SharedCta | Space::SharedCluster => (true, false),
                Space::Global => (false, true),
                Space::Generic => (true, true),
                _ => continue,
            };
            let address = kernel.values.operands[i as usize].get(m.operand).copied().flatten();
            let leaves = address.map(|a| exprs.leaves(a)).unwrap_or_default();
            let variables: SmallVec<[u32; 2]> = leaves
                .iter()
                .filter_map(|n| match n {
                    Node::Symbol(v) => Some(*v),
                    _ => None,
                })
                .collect();
            let windows = |space: Space| leaves.contains(&Node::Window(space));
            // A generic address is shared when it is built on the shared window, global when on
            // another window, a variable or a value all threads share (a pointer parameter);
            // one loaded from memory may be anything.
            let pointer_known = leaves
                .iter()
                .any(|n| matches!(n, Node::Symbol(_) | Node::Window(_) | Node::Uniform(_)));
            let (may_be_shared, may_be_global) = if m.space == Space::Generic {
                let into_shared = windows(Space::SharedCta)
                    || variables.iter().any(|&v| {
                        matches!(
                            kernel.values.variables[v as usize].space,
                            Space::SharedCta | Space::SharedCluster
                        )
                    });
                (into_shared || (!pointer_known && facts.generic_shared), !into_shared)
            } else {
                (shared, global)
            };
            out.push(Site {
                insn: i,
                access: m.access,
                bytes: m.bytes.unwrap_or(1).max(1),
                atomic: m.atomic,
                strong: m.atomic || m.order.is_strong(),
                address,
                may_be_shared,
                may_be_global,
                variables,
                bases: leaves
                    .iter()
                    .copied()
                    .filter(|n| matches!(n, Node::Symbol(_) | Node::Uniform(_)))
                    .collect(),
                lanes: m.lanes,
            });
        }
    }
    out
}

/// What the function a `call` at `i` calls does (`None`: `i` is not a call).
fn call_site(flow: &FunctionFlow<'_>, i: InsnId, facts: &ModuleFacts) -> Option<CalleeEffects> {
    let insn = &flow.insns[i as usize];
    insn.call()?;
    let name = insn.callee();
    // A register holding the function's address: an indirect call.
    let direct = name.filter(|n| !n.starts_with('%'));
    Some(facts.call(direct))
}

/// Whether a function the value analysis cannot follow has anything the warp analysis looks
/// at (shared memory, strong global accesses, collectives, calls that do any of it).
pub(super) fn anything_to_analyse(flow: &FunctionFlow<'_>, symbols: &SymbolTable, facts: &ModuleFacts) -> bool {
    let semantics = flow.semantics(symbols);
    (0..flow.insns.len() as InsnId).any(|i| {
        call_site(flow, i, facts).is_some_and(CalleeEffects::any)
            || semantics[i as usize].as_deref().is_some_and(|s| effects_of(s).any())
    })
}

/// Whether a state space is the CTA's shared memory (or its cluster's).
fn is_shared(space: Space) -> bool {
    matches!(space, Space::SharedCta | Space::SharedCluster)
}

/// Whether an instruction makes the generic address of the shared window (`cvta` from
/// `.shared`).
fn makes_shared_window(s: &Semantics) -> bool {
    s.values.iter().any(|v| {
        v.steps
            .iter()
            .any(|step| matches!(step, Step::Window(w) if is_shared(*w)))
    })
}

/// Whether an instruction names a variable of shared memory.
fn names_shared_variable(insn: &Instruction<'_>, symbols: &SymbolTable) -> bool {
    insn.identifiers().any(|id| {
        symbols
            .variable(id.start_byte(), &insn.source()[id.byte_range()])
            .is_some_and(|v| Space::of_modifier(v.base_space()).is_some_and(is_shared))
    })
}

/// Whether an access of `flow` (whose instructions' `semantics` these are) can land in the
/// CTA's shared memory as far as the analysis places accesses: one to a `.shared` state
/// space, or one whose address is built on the shared window or a shared variable, which
/// only an instruction of the function that makes the window or names the variable can
/// bring in.
pub(super) fn may_touch_shared(
    flow: &FunctionFlow<'_>,
    semantics: &[Option<Rc<Semantics>>],
    symbols: &SymbolTable,
) -> bool {
    flow.insns.iter().zip(semantics).any(|(insn, s)| {
        s.as_deref()
            .is_some_and(|s| s.memory.iter().any(|m| is_shared(m.space)) || makes_shared_window(s))
            || names_shared_variable(insn, symbols)
    })
}
