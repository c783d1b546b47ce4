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
    "%reserved_smem_offset_0",
    "%reserved_smem_offset_1",
    "%perctamemoryoffset",
    "%perctamemorysize",
];

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

/// Predefined identifiers that are constants, not registers (`WARP_SZ`): written where an
/// immediate goes.
pub const PREDEFINED_CONSTANTS: &[&str] = &["WARP_SZ"];

/// Whether `name` is a predefined constant (`WARP_SZ`).
pub fn is_predefined_constant(name: &str) -> bool {
    PREDEFINED_CONSTANTS.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

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
