//! The names ptxas gives instructions in its messages ("Arguments mismatch for instruction
//! 'multimem.st'"): the entries of its instruction table, which are an opcode alone (`atom`,
//! `mma`, `shfl`) or an opcode with the leading modifiers that select a table entry
//! (`multimem.st`, `mul.wide`, `cp.async.bulk.tensor`, `tcgen05.mma.ws`).
//!
//! The entries longer than their opcode word are written in the signature files'
//! `@ptxas-names` lines (`crates/isa/signatures/*.sig`, with their sources), read by `build.rs`.

/// Every table entry longer than its opcode word, as ptxas spells it, sorted.
const DOTTED: &[&str] = include!(concat!(env!("OUT_DIR"), "/ptxas_names.rs"));

/// The name ptxas gives an instruction with this opcode and these modifiers (in source order,
/// with their dots): the longest table entry that is the opcode followed by the first
/// modifiers (`multimem.st.global.f32` → `multimem.st`, `mul.wide.s32` → `mul.wide`,
/// `tcgen05.wait::ld.sync.aligned` → `tcgen05.wait`), else the opcode alone.
pub fn ptxas_instruction_name(opcode: &str, modifiers: &[&str]) -> String {
    let mut name = opcode.to_string();
    let mut best = name.clone();
    for modifier in modifiers {
        // `tcgen05.wait::ld`, `tcgen05.fence::before_thread_sync`: the entry is the part before `::`.
        let (word, qualified) = match modifier.split_once("::") {
            Some((word, _)) => (word, true),
            None => (*modifier, false),
        };
        name.push_str(word);
        if DOTTED.contains(&name.as_str()) {
            best.clone_from(&name);
        }
        if qualified {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::ptxas_instruction_name;

    #[test]
    fn names_follow_the_ptxas_instruction_table() {
        for (opcode, modifiers, name) in [
            ("multimem", &[".st", ".global", ".f16x2"][..], "multimem.st"),
            ("mul", &[".wide", ".s32"], "mul.wide"),
            ("mul", &[".s32"], "mul"),
            ("cp", &[".async", ".ca", ".shared", ".global"], "cp.async"),
            ("cp", &[".async", ".bulk", ".tensor", ".1d"], "cp.async.bulk.tensor"),
            ("mma", &[".sp", ".sync", ".aligned"], "mma"),
            ("griddepcontrol", &[".wait"], "griddepcontrol"),
            ("tcgen05", &[".mma", ".ws", ".cta_group::1"], "tcgen05.mma.ws"),
            ("tcgen05", &[".wait::ld", ".sync", ".aligned"], "tcgen05.wait"),
            ("fence", &[".proxy", ".tensormap::generic"], "fence.proxy"),
            (
                "mbarrier",
                &[".arrive", ".expect_tx", ".shared", ".b64"],
                "mbarrier.arrive.expect_tx",
            ),
            ("shfl", &[".sync", ".idx", ".b32"], "shfl"),
            ("atom", &[".global", ".add", ".u32"], "atom"),
        ] {
            assert_eq!(
                ptxas_instruction_name(opcode, modifiers),
                name,
                "{opcode}{}",
                modifiers.concat()
            );
        }
    }
}
