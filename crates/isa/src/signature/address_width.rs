//! How wide an address register may be in a 64-bit module (`.address_size 64`): which
//! instructions' addresses ptxas checks, probed (`cargo xtask isa-probes --only
//! address-width`, [`super::address_width_probes`]: every address operand of every form, in
//! every state space the form takes, written with a 32-bit register).
//!
//! ptxas warns "Program uses 32-bit address on line N which is conflicting with .address_size
//! 64" (and then 12.9 and 13.5 stop: "32-Bit compilation is no longer supported", "32-Bit ABI
//! … is not supported on sm_90 or higher"; 11.8 falls back to 32-bit code below sm_90) only
//! for the generic and `.global` addresses of the classic memory instructions
//! ([`WIDTH_CHECKED`]), for a banked constant (`ld.const[2]`) and for `cvta` with a 32-bit
//! type. Every other address takes a 32-bit register without a word from any release: a state
//! space's offset (`.shared`, `.shared::cta`, `.shared::cluster`, `.local`, `.param`, `.const`),
//! and the addresses of the bulk, asynchronous and tensor instructions whatever their space
//! (`st.bulk`, `st.async`, `red.async`, `cp.async*`, `cp.reduce.async.bulk`, `ldmatrix`,
//! `stmatrix`, `wmma.load`/`store`, `tcgen05.*`, `tensormap.*`, `prefetch.tensormap`,
//! `createpolicy`, `clusterlaunchcontrol`, `fence.proxy.tensormap`), `isspacep` and `mapa`.

/// What an address operand takes in a 64-bit module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressWidth {
    /// A 32- or 64-bit register.
    Any,
    /// A 64-bit register: ptxas warns of a 32-bit one.
    Wide,
}

impl AddressWidth {
    /// Whether a 32-bit register is accepted.
    pub fn takes_32_bits(self) -> bool {
        self == AddressWidth::Any
    }

    /// A word for messages and probe names.
    pub fn label(self) -> &'static str {
        match self {
            AddressWidth::Any => "32 or 64 bits",
            AddressWidth::Wide => "64 bits",
        }
    }
}

/// The instructions whose generic and `.global` addresses ptxas checks for width (ptxas 12.9
/// and 13.5; 11.8 does not check `mbarrier`'s).
pub const WIDTH_CHECKED: &[&str] = &[
    "ld",
    "ldu",
    "st",
    "atom",
    "red",
    "prefetch",
    "prefetchu",
    "applypriority",
    "discard",
    "mbarrier",
    "multimem",
];

/// Modifiers that make an instruction of [`WIDTH_CHECKED`] one ptxas does not check
/// (`st.async`, `st.bulk`, `red.async`, `prefetch.tensormap`, `multimem.cp.async.bulk`).
const UNCHECKED_WITH: &[&str] = &[".async", ".bulk", ".tensormap"];

/// What the address operands of an instruction `opcode` with `modifiers` take in a 64-bit
/// module.
///
/// ```
/// use ptxkit_isa::signature::{AddressWidth, address_width};
/// assert_eq!(address_width("ld", &[".global", ".u32"]), AddressWidth::Wide);
/// assert_eq!(address_width("ld", &[".shared::cta", ".u32"]), AddressWidth::Any);
/// assert_eq!(address_width("st", &[".bulk", ".weak"]), AddressWidth::Any);
/// assert_eq!(address_width("ldmatrix", &[".sync", ".aligned", ".m8n8", ".x1", ".b16"]), AddressWidth::Any);
/// ```
pub fn address_width(opcode: &str, modifiers: &[&str]) -> AddressWidth {
    if !WIDTH_CHECKED.contains(&opcode) || modifiers.iter().any(|m| UNCHECKED_WITH.contains(m)) {
        return AddressWidth::Any;
    }
    let space = modifiers.iter().find(|m| {
        let base = m.find([':', '[']).map_or(**m, |end| &m[..end]);
        matches!(base, ".global" | ".shared" | ".local" | ".const" | ".param")
    });
    match space {
        None => AddressWidth::Wide,
        Some(m) if m.starts_with(".global") => AddressWidth::Wide,
        // A constant bank (`.const[2]`, before PTX 2.2) is checked like a global address.
        Some(m) if m.starts_with(".const[") => AddressWidth::Wide,
        Some(_) => AddressWidth::Any,
    }
}

/// Whether `cvta` with `modifiers` makes or takes a 32-bit generic address (`cvta.shared.u32`,
/// `cvta.to.global.u32`), which ptxas warns of in a 64-bit module as it does of a 32-bit
/// address register.
pub fn is_32bit_address_conversion(opcode: &str, modifiers: &[&str]) -> bool {
    opcode == "cvta" && modifiers.iter().any(|m| matches!(*m, ".u32" | ".s32" | ".b32"))
}
