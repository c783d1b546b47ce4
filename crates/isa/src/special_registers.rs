//! Which names are special registers (PTX ISA chapter 10, "Special Registers"): `%tid`,
//! `%laneid`, `%clock64`, `%envreg7`, `%pm3_64`, …
//!
//! Each name is listed once: the special registers with a first version or target are rows
//! of [`SPECIAL_REGISTERS`](crate::directives::SPECIAL_REGISTERS) (with their sources and
//! probes); the others are in [`WITHOUT_ROW`]; the numbered families (`%envreg<32>`,
//! `%pm<8>`, `%pm<8>_64`) are matched by number.

use crate::directives::SPECIAL_REGISTERS;

/// Special registers (without their `.x/.y/.z` component) that have no row in
/// [`SPECIAL_REGISTERS`](crate::directives::SPECIAL_REGISTERS): the ones every PTX version and
/// target has (`%tid`, `%ntid`, `%ctaid`, `%nctaid`, `%gridid`, `%clock`, §10.1–10.2,
/// 10.6–10.7, 10.10, 10.23), and four whose first version and target are not recorded yet
/// (`%reserved_smem_offset_0`/`_1`, §10.29; `%perctamemoryoffset`, `%perctamemorysize`:
/// PTX 9.4 per reference/instructions.md, unsure).
pub const WITHOUT_ROW: &[&str] = &[
    "%tid",
    "%ntid",
    "%ctaid",
    "%nctaid",
    "%gridid",
    "%clock",
    // Every name above this line is in every PTX version and target (EVERYWHERE).
    "%reserved_smem_offset_0",
    "%reserved_smem_offset_1",
    "%perctamemoryoffset",
    "%perctamemorysize",
];

/// The special registers every PTX version and target has: the start of [`WITHOUT_ROW`].
pub const EVERYWHERE: &[&str] = WITHOUT_ROW.split_at(6).0;

/// Numbered special registers: prefix, highest number, suffix (§10.25 `%pm0`…`%pm7`,
/// §10.26 `%pm0_64`…`%pm7_64`, §10.27 `%envreg0`…`%envreg31`).
const NUMBERED: &[(&str, u32, &str)] = &[("%envreg", 31, ""), ("%pm", 7, ""), ("%pm", 7, "_64")];

/// Whether `name` is a special register, given without its component (`%tid`, not `%tid.x`).
///
/// ```
/// use ptxkit_isa::special_registers::is_special_register;
/// assert!(is_special_register("%tid"));
/// assert!(is_special_register("%clusterid"));
/// assert!(is_special_register("%envreg31"));
/// assert!(is_special_register("%pm7_64"));
/// assert!(!is_special_register("%envreg32"));
/// assert!(!is_special_register("%r1"));
/// ```
pub fn is_special_register(name: &str) -> bool {
    WITHOUT_ROW.contains(&name) || SPECIAL_REGISTERS.iter().any(|f| f.pattern == name) || is_numbered(name)
}

fn is_numbered(name: &str) -> bool {
    NUMBERED.iter().any(|(prefix, max, suffix)| {
        name.strip_prefix(prefix)
            .and_then(|rest| rest.strip_suffix(suffix))
            .filter(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|digits| digits.parse::<u32>().ok())
            .is_some_and(|n| n <= *max)
    })
}

/// How a special register's value relates to the threads that read it (chapter 10), for the
/// analyses that follow values across threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThreadValue {
    /// The thread's index in its CTA along x, y or z (`%tid`, §10.1).
    ThreadId,
    /// The CTA's size along x, y or z (`%ntid`, §10.2).
    BlockSize,
    /// The thread's lane in its warp (`%laneid`, §10.3).
    Lane,
    /// The same for every thread of the CTA for the whole launch (`%ctaid`, `%nctaid`, the
    /// cluster registers, `%gridid`, `%envreg<N>`, the shared-memory sizes).
    Shared,
    /// May differ between threads, or between two reads (`%warpid`, `%lanemask_*`, the clocks,
    /// timers and performance counters, `%smid`).
    PerThread,
}

/// How `name`'s value (without its component: `%tid`, not `%tid.x`) relates to the threads
/// reading it; `None` when it is not a special register.
///
/// ```
/// use ptxkit_isa::special_registers::{ThreadValue, thread_value};
/// assert_eq!(thread_value("%tid"), Some(ThreadValue::ThreadId));
/// assert_eq!(thread_value("%ctaid"), Some(ThreadValue::Shared));
/// assert_eq!(thread_value("%clock64"), Some(ThreadValue::PerThread));
/// assert_eq!(thread_value("%r1"), None);
/// ```
pub fn thread_value(name: &str) -> Option<ThreadValue> {
    if !is_special_register(name) {
        return None;
    }
    Some(match name {
        "%tid" => ThreadValue::ThreadId,
        "%ntid" => ThreadValue::BlockSize,
        "%laneid" => ThreadValue::Lane,
        "%warpid" | "%smid" | "%clock" | "%clock_hi" | "%clock64" | "%globaltimer" | "%globaltimer_lo"
        | "%globaltimer_hi" => ThreadValue::PerThread,
        n if n.starts_with("%lanemask_") || n.starts_with("%pm") => ThreadValue::PerThread,
        _ => ThreadValue::Shared,
    })
}

/// What each special register holds, in a line of our own words, with its type (PTX ISA
/// chapter 10). Numbered families are listed once by their stem (`%pm`, `%pm_64`, `%envreg`).
const DESCRIPTIONS: &[(&str, &str)] = &[
    (
        "%tid",
        ".v4 .u32: the thread's index within its CTA (x, y, z; each from 0 to %ntid - 1)",
    ),
    ("%ntid", ".v4 .u32: the CTA's size in threads along x, y and z"),
    ("%laneid", ".u32: the thread's lane within its warp, 0 to WARP_SZ - 1"),
    (
        "%warpid",
        ".u32: the warp's number within its CTA; may change during execution (preemption): use it for profiling, not for indexing",
    ),
    (
        "%nwarpid",
        ".u32: the highest %warpid the hardware can return, plus one",
    ),
    ("%ctaid", ".v4 .u32: the CTA's index within its grid (x, y, z)"),
    ("%nctaid", ".v4 .u32: the grid's size in CTAs along x, y and z"),
    (
        "%smid",
        ".u32: the multiprocessor the thread runs on; may change during execution: for profiling",
    ),
    (
        "%nsmid",
        ".u32: the highest %smid plus one (SM numbers need not be contiguous)",
    ),
    (
        "%gridid",
        ".u64: an identifier of the grid, distinct among grids running at the same time",
    ),
    (
        "%is_explicit_cluster",
        ".pred: whether the launch named a cluster size explicitly",
    ),
    ("%clusterid", ".v4 .u32: the cluster's index within its grid (x, y, z)"),
    ("%nclusterid", ".v4 .u32: the grid's size in clusters along x, y and z"),
    (
        "%cluster_ctaid",
        ".v4 .u32: the CTA's index within its cluster (x, y, z)",
    ),
    (
        "%cluster_nctaid",
        ".v4 .u32: the cluster's size in CTAs along x, y and z",
    ),
    ("%cluster_ctarank", ".u32: the CTA's linear rank within its cluster"),
    ("%cluster_nctarank", ".u32: the number of CTAs in the cluster"),
    ("%lanemask_eq", ".u32: a mask with the bit of the thread's own lane set"),
    (
        "%lanemask_le",
        ".u32: a mask with the bits of the lanes at or below the thread's lane set",
    ),
    (
        "%lanemask_lt",
        ".u32: a mask with the bits of the lanes below the thread's lane set",
    ),
    (
        "%lanemask_ge",
        ".u32: a mask with the bits of the lanes at or above the thread's lane set",
    ),
    (
        "%lanemask_gt",
        ".u32: a mask with the bits of the lanes above the thread's lane set",
    ),
    (
        "%clock",
        ".u32: the low 32 bits of the multiprocessor's cycle counter; wraps",
    ),
    (
        "%clock_hi",
        ".u32: the high 32 bits of the 64-bit cycle counter (%clock64)",
    ),
    ("%clock64", ".u64: the multiprocessor's 64-bit cycle counter"),
    (
        "%pm",
        ".u32: performance-monitoring counters %pm0 to %pm7 (their events are set up outside PTX)",
    ),
    (
        "%pm_64",
        ".u64: the 64-bit performance-monitoring counters %pm0_64 to %pm7_64",
    ),
    (
        "%envreg",
        ".b32: %envreg0 to %envreg31, read-only values the driver sets before the launch",
    ),
    (
        "%globaltimer",
        ".u64: a global nanosecond timer, the same across the device",
    ),
    ("%globaltimer_lo", ".u32: the low 32 bits of %globaltimer"),
    ("%globaltimer_hi", ".u32: the high 32 bits of %globaltimer"),
    (
        "%reserved_smem_offset_begin",
        ".b32: where the shared memory reserved for NVIDIA system software begins",
    ),
    (
        "%reserved_smem_offset_end",
        ".b32: where that reserved shared memory ends",
    ),
    (
        "%reserved_smem_offset_cap",
        ".b32: the size of that reserved shared memory region",
    ),
    (
        "%reserved_smem_offset_0",
        ".b32: an offset inside the reserved shared memory region",
    ),
    (
        "%reserved_smem_offset_1",
        ".b32: an offset inside the reserved shared memory region",
    ),
    (
        "%total_smem_size",
        ".u32: the CTA's shared memory, static plus dynamic, without the system reservation",
    ),
    (
        "%aggr_smem_size",
        ".u32: the CTA's shared memory including the region reserved for system software",
    ),
    (
        "%dynamic_smem_size",
        ".u32: the shared memory allocated dynamically at launch, in bytes",
    ),
    (
        "%current_graph_exec",
        ".u64: the CUDA device graph being executed, or 0 outside a graph",
    ),
    ("%perctamemoryoffset", "where the CTA's per-CTA memory begins (PTX 9.4)"),
    ("%perctamemorysize", "the size of the CTA's per-CTA memory (PTX 9.4)"),
];

/// What the special register `name` holds, with its type (`%tid` or `%tid.x`, `%pm3_64`).
///
/// ```
/// use ptxkit_isa::special_registers::describe;
/// assert!(describe("%tid.x").unwrap().contains("index within its CTA"));
/// assert!(describe("%pm3_64").unwrap().starts_with(".u64"));
/// assert!(describe("%envreg7").is_some());
/// assert_eq!(describe("%r1"), None);
/// ```
pub fn describe(name: &str) -> Option<&'static str> {
    let base = name.split('.').next().unwrap_or(name);
    let stem = if is_numbered(base) {
        let digits = |c: char| c.is_ascii_digit();
        match base.strip_suffix("_64") {
            Some(pm) if pm.trim_end_matches(digits) == "%pm" => "%pm_64",
            _ => base.trim_end_matches(digits),
        }
    } else {
        base
    };
    DESCRIPTIONS.iter().find(|(n, _)| *n == stem).map(|(_, d)| *d)
}

/// How many elements special register `name` holds when written whole: 4 for the vectors
/// (`%tid`, `%ntid`, `%ctaid`, `%nclusterid`, ...), 0 for a scalar or one element (`%tid.x`).
///
/// ```
/// use ptxkit_isa::special_registers::vector_width;
/// assert_eq!(vector_width("%nclusterid"), 4);
/// assert_eq!(vector_width("%tid.x"), 0);
/// assert_eq!(vector_width("%laneid"), 0);
/// ```
pub fn vector_width(name: &str) -> u16 {
    if name.contains('.') {
        return 0;
    }
    declared_type(name).map_or(0, |(vector, _)| vector)
}

/// The type special register `name`'s description starts with: its vector width (0 for a
/// scalar) and its (element) type, or the description's text when it names no type.
fn declared_type(name: &str) -> Option<(u16, &'static str)> {
    let ty = describe(name)?.split(':').next()?;
    Some(if let Some(element) = ty.strip_prefix(".v4 ") {
        (4, element)
    } else if let Some(element) = ty.strip_prefix(".v2 ") {
        (2, element)
    } else {
        (0, ty)
    })
}

/// The widths in bits at which `mov` reads special register `name` as a scalar (`%tid.x`,
/// `%clock64`): the width of its type, and the legacy widths the manual keeps (16 for the
/// components of `%tid`, `%ntid`, `%ctaid` and `%nctaid`, `.v4 .u16` before PTX 2.0, §10.1,
/// 10.2, 10.6, 10.7; 16 and 32 for `%gridid`, §10.10). ptxas rejects any other width
/// ("Arguments mismatch"). Empty when not known: a vector written whole, a `.pred`, a
/// register whose type is not recorded.
///
/// ```
/// use ptxkit_isa::special_registers::mov_widths;
/// assert_eq!(mov_widths("%tid.x"), &[16, 32]);
/// assert_eq!(mov_widths("%laneid"), &[32]);
/// assert_eq!(mov_widths("%clock64"), &[64]);
/// assert_eq!(mov_widths("%pm3_64"), &[64]);
/// assert_eq!(mov_widths("%gridid"), &[16, 32, 64]);
/// assert!(mov_widths("%tid").is_empty());
/// assert!(mov_widths("%is_explicit_cluster").is_empty());
/// ```
pub fn mov_widths(name: &str) -> &'static [u32] {
    let component = name.contains('.');
    match name.split('.').next().unwrap_or(name) {
        "%tid" | "%ntid" | "%ctaid" | "%nctaid" if component => return &[16, 32],
        "%gridid" => return &[16, 32, 64],
        _ => {}
    }
    match scalar_type(name) {
        Some(".u32" | ".b32" | ".s32") => &[32],
        Some(".u64" | ".b64" | ".s64") => &[64],
        _ => &[],
    }
}

/// The type of special register `name` read as a scalar: its type, or its element type when a
/// component is named (`%tid.x`: `.u32`); `None` for a vector written whole or a register
/// whose type is not recorded.
///
/// ```
/// use ptxkit_isa::special_registers::scalar_type;
/// assert_eq!(scalar_type("%ctaid.y"), Some(".u32"));
/// assert_eq!(scalar_type("%globaltimer"), Some(".u64"));
/// assert_eq!(scalar_type("%nclusterid"), None);
/// ```
pub fn scalar_type(name: &str) -> Option<&'static str> {
    match declared_type(name)? {
        (0, ty) => ty.starts_with('.').then_some(ty),
        (_, element) => name.contains('.').then_some(element),
    }
}

/// Predefined identifiers that are constants, not registers (`WARP_SZ`): written where an
/// immediate goes.
pub const PREDEFINED_CONSTANTS: &[&str] = &["WARP_SZ"];

/// Whether `name` is a predefined constant (`WARP_SZ`).
pub fn is_predefined_constant(name: &str) -> bool {
    PREDEFINED_CONSTANTS.contains(&name)
}

/// The system calls of the PTX ABI (the writer's guide, "System calls"): functions the driver
/// provides, which touch no shared memory and synchronise no threads.
pub const SYSTEM_CALLS: &[&str] = &["vprintf", "malloc", "free", "__assertfail"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_special_register_is_described() {
        let rows = SPECIAL_REGISTERS.iter().map(|f| f.pattern);
        for name in WITHOUT_ROW.iter().copied().chain(rows) {
            assert!(describe(name).is_some(), "{name} has no description");
        }
        for (name, _) in DESCRIPTIONS {
            let member = match *name {
                "%pm" => "%pm0",
                "%pm_64" => "%pm0_64",
                "%envreg" => "%envreg0",
                other => other,
            };
            assert!(
                is_special_register(member),
                "{name} is described but not a special register"
            );
        }
    }

    #[test]
    fn everywhere_is_the_six_of_ptx_1_0() {
        assert_eq!(EVERYWHERE, ["%tid", "%ntid", "%ctaid", "%nctaid", "%gridid", "%clock"]);
    }

    #[test]
    fn each_name_is_listed_once() {
        for name in WITHOUT_ROW {
            assert!(
                !SPECIAL_REGISTERS.iter().any(|f| f.pattern == *name),
                "{name} has a row in directives::SPECIAL_REGISTERS: drop it from WITHOUT_ROW"
            );
            assert!(!is_numbered(name), "{name} is a numbered register");
        }
    }

    #[test]
    fn every_row_and_family_member_is_a_special_register() {
        for row in SPECIAL_REGISTERS {
            assert!(is_special_register(row.pattern), "{}", row.pattern);
        }
        for name in [
            "%envreg0",
            "%pm0",
            "%pm4",
            "%pm0_64",
            "%reserved_smem_offset_1",
            "%laneid",
        ] {
            assert!(is_special_register(name), "{name}");
        }
        for name in [
            "%pm8",
            "%pm",
            "%pm_64",
            "%envreg",
            "%reserved_smem_offset_2",
            "%tid.x",
            "%rd1",
        ] {
            assert!(!is_special_register(name), "{name}");
        }
    }
}
