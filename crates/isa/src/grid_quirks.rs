//! Known ptxas quirks of the register-type and address-width grids (`cargo xtask isa-probes
//! --only register-types`, `--only address-width`): operands where a ptxas release, or every
//! release for one instruction, accepts other registers than
//! [`crate::signature::register_fits`] or [`crate::signature::address_width`] say. The tables
//! keep the rule every other instruction (or release) follows: where ptxas is laxer, ptxlint
//! reports a register ptxas would take only for code no compiler emits (a `.pred` register
//! holding four FP8 values); where it is stricter, ptxlint misses the error.

use crate::quirks::Quirk;

const EVIDENCE: &str = "cargo xtask isa-probes --only register-types --filter \"register type\" --verbose";

/// Every recorded quirk of the two grids.
pub const GRID_QUIRKS: &[Quirk] = &[
    Quirk {
        ptxas: &["11.8"],
        probe: "shape mbarrier.sig:* address width: operand [a] (64 bits) in a 32-bit register: mbarrier.*",
        observed: "ptxas 11.8 does not check the width of a generic mbarrier address: `mbarrier.arrive.b64 %rd1, [%r1]` \
            in a 64-bit module assembles without the \"Program uses 32-bit address\" warning that 12.9 and 13.5 give \
            (and then stop).",
        evidence: "cargo xtask isa-probes --only address-width --filter mbarrier --verbose",
    },
    Quirk {
        ptxas: &["11.8", "12.9", "13.5"],
        probe: "shape *.sig:* register type: .b* operand * (Fixed) as .f*: *",
        observed: "Some operands the signatures type with a fixed bit type take no float register:             `bar.warp.sync`'s member mask, `createpolicy`'s policy, `istypep`'s handle, `mbarrier`'s state,             `st.bulk`'s size, `tcgen05.commit`'s CTA mask. The signatures also write a fixed bit type for             operands ptxas types by another part (`tex`'s coordinates by `.ctype`, which take `.f32`), so the             table lets fixed bit types take the floats of their size, and ptxlint does not report a float             register there.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8", "12.9"],
        probe: "shape set.sig:* register type: .bf16* operand d (Instruction) as *: set.*.bf16*",
        observed: "ptxas 11.8 and 12.9 accept any register of the size (and, for .bf16x2, a predicate) as the \
            destination of `set` with a .bf16/.bf16x2 destination type; 13.5 takes only a .b16/.b32 register, as \
            every release does for the other .bf16 destinations.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "shape cvt.sig:* register type: .e*x2 operand d (Instruction) as *: cvt.*",
        observed: "ptxas 11.8 accepts a .u16/.s16 register as the destination of cvt to .e4m3x2/.e5m2x2; 12.9 and \
            13.5 take only a .b16 register.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "shape cvt.sig:* register type: .e*x2 operand a (Instruction) as *: cvt.*",
        observed: "ptxas 11.8 accepts a .u16/.s16 register as the .e4m3x2/.e5m2x2 source of cvt; 12.9 and 13.5 \
            take only a .b16 register.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["12.9"],
        probe: "shape cvt.sig:* register type: .bf16x2 operand * (Instruction) as *: cvt.*ue8m0x2*",
        observed: "ptxas 12.9 accepts any 32-bit register, and a predicate, as the .bf16x2 operand of cvt to or from \
            .ue8m0x2; 13.5 takes only a .b32 register, as for the other .bf16x2 operands.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["13.5"],
        probe: "shape cvt.sig:* register type: .bf16x2 operand a (Instruction) as *: cvt.*scaled::n1::ue8m0.ue5m3x2.bf16x2 *",
        observed: "ptxas 13.5 accepts any 32-bit register, and a predicate, as the .bf16x2 source of \
            `cvt….scaled::n1::ue8m0.ue5m3x2.bf16x2` (without .scaled only a .b32 register).",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["12.9", "13.5"],
        probe: "shape cvt.sig:* register type: .b32 operand rbits (Fixed) as *: cvt.rs.*",
        observed: "ptxas 12.9 and 13.5 take only a .b32 register as the random bits of `cvt.rs`, no .u32/.s32 (which \
            other fixed .b32 operands take, `bar.warp.sync`'s member mask): ptxlint does not report them.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["13.5"],
        probe: "shape cvt.sig:* register type: .b16 operand d (Fixed) as .f16: cvt.*s2f6x2.*",
        observed: "ptxas 13.5 also accepts a .f16 register as the .s2f6x2 destination of cvt (as an \
            instruction-typed .b16 operand would); the signature keeps the manual's .b16.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["12.9", "13.5"],
        probe: "shape multimem.sig:* register type: .e*m*x4 operand d (Instruction) as *: multimem.ld_reduce.*",
        observed: "ptxas 12.9 and 13.5 accept any 32-bit register, and a predicate, as the .e4m3x4/.e5m2x4 \
            destination of multimem.ld_reduce; cvt to .e4m3x4 takes only a .b32 register, which the table keeps.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["13.5"],
        probe: "shape multimem.sig:* register type: * operand b (Wide) as *: multimem.st.async.*",
        observed: "ptxas 13.5 takes narrower relaxed rules for multimem.st.async (PTX 9.3) than for st: no .b128 \
            register, no float register for bit types or wider than a float type, no .f16x2 for 8- and 16-bit \
            integers; ptxlint does not report these.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8", "12.9", "13.5"],
        probe: "shape ld.sig:* register type: * operand d (Wide) as *: ld.const[*",
        observed: "A load from a constant bank (`ld.const[0]`, PTX before 2.2, still assembled later) takes no \
            .f16/.f16x2 register and (12.9, 13.5) no .b128 register, which plain `ld` takes under the relaxed \
            rules; ptxlint does not report these.",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["13.5"],
        probe: "shape bar.sig:* register type: .pred operand p (Instruction) as .f16x2: barrier.red.*",
        observed: "ptxas 13.5 rejects a .f16x2 register as the destination of `barrier.red.and.pred`, which 11.8 and \
            12.9 accept as they accept it for `and.pred` (the predicate the chain spells).",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["13.5"],
        probe: "shape st.sig:* register type: .b64 operand size (Fixed) as .s32: st.bulk *",
        observed: "ptxas 13.5 accepts a .s32 register as st.bulk's size before PTX 9.0, where .b32 and .u32 ones get \
            \"Feature 'st.bulk with 32-bit size argument' requires PTX ISA .version 9.0 or later\".",
        evidence: EVIDENCE,
    },
    Quirk {
        ptxas: &["11.8"],
        probe: "shape sured.sig:* register type: .*32 operand c (Wide) as *64: sured.*",
        observed: "ptxas 11.8 rejects a 64-bit register as the 32-bit value of sured; 12.9 and 13.5 accept it \
            under the relaxed rules.",
        evidence: EVIDENCE,
    },
];
