//! Facts the rewriter needs that `ptxkit-isa` does not hold yet: module-level
//! constructs (special registers, directives, pragmas) with the version and
//! target that introduced them, and the last version a 32-bit toolchain
//! assembles. Each row names its source; the rewrite fixtures check the
//! boundaries with ptxas. These belong in `ptxkit-isa` and should move there.

use ptxkit_isa::{Target, Version};
use ptxkit_syntax::ast::text;
use ptxkit_syntax::{ParsedSource, Span, preorder};

/// The newest PTX version that a toolchain with 32-bit compilation assembles
/// (CUDA 11.8; CUDA 12.0 removed 32-bit compilation, ptxas 12.9 says
/// "32-Bit compilation is no longer supported").
pub const LAST_32BIT_VERSION: Version = Version::new(7, 8);

/// A module-level construct with its minimum version and target.
#[derive(Debug)]
pub struct ModuleConstruct {
    /// What kind of thing it is, for messages (`special register`, `directive`).
    pub kind: &'static str,
    /// Its name as written (`%cluster_ctarank`, `.reqnctapercluster`).
    pub name: &'static str,
    /// The first PTX version that has it.
    pub min_ptx: Version,
    /// The oldest target that has it (SM number; 0 for every target).
    pub min_sm: u16,
    /// Where the facts come from.
    pub source: &'static str,
}

impl ModuleConstruct {
    /// Whether the destination has it.
    pub fn allowed(&self, to: Version, target: Target) -> bool {
        to >= self.min_ptx && target.sm >= self.min_sm
    }

    /// `PTX 7.8 and sm_90`.
    pub fn needs(&self) -> String {
        if self.min_sm == 0 {
            format!("PTX {}", self.min_ptx)
        } else {
            format!("PTX {} and sm_{}", self.min_ptx, self.min_sm)
        }
    }
}

const fn c(
    kind: &'static str,
    name: &'static str,
    major: u8,
    minor: u8,
    min_sm: u16,
    source: &'static str,
) -> ModuleConstruct {
    ModuleConstruct {
        kind,
        name,
        min_ptx: Version::new(major, minor),
        min_sm,
        source,
    }
}

const SREG: &str = "special register";
const DIR: &str = "directive";
const PRAGMA: &str = "pragma";

/// Every module-level construct the rewriter checks.
pub const CONSTRUCTS: &[ModuleConstruct] = &[
    c(
        SREG,
        "%cluster_ctarank",
        7,
        8,
        90,
        "§10.14-10.19 (cluster registers); RN 7.8",
    ),
    c(SREG, "%cluster_nctarank", 7, 8, 90, "§10.14-10.19; RN 7.8"),
    c(SREG, "%cluster_ctaid", 7, 8, 90, "§10.14-10.19; RN 7.8"),
    c(SREG, "%cluster_nctaid", 7, 8, 90, "§10.14-10.19; RN 7.8"),
    c(SREG, "%clusterid", 7, 8, 90, "§10.14-10.19; RN 7.8"),
    c(SREG, "%nclusterid", 7, 8, 90, "§10.14-10.19; RN 7.8"),
    c(SREG, "%is_explicit_cluster", 7, 8, 90, "§10.14-10.19; RN 7.8"),
    c(SREG, "%current_graph_exec", 8, 0, 50, "§10.36; RN 8.0"),
    c(SREG, "%aggr_smem_size", 8, 1, 90, "§10.33; RN 8.1"),
    c(SREG, "%reserved_smem_offset_begin", 7, 6, 80, "§10.31; RN 7.6"),
    c(SREG, "%reserved_smem_offset_end", 7, 6, 80, "§10.31; RN 7.6"),
    c(SREG, "%reserved_smem_offset_cap", 7, 6, 80, "§10.31; RN 7.6"),
    c(DIR, ".reqnctapercluster", 7, 8, 90, "§11.7.2; RN 7.8"),
    c(DIR, ".explicitcluster", 7, 8, 90, "§11.7.1; RN 7.8"),
    c(DIR, ".maxclusterrank", 7, 8, 90, "§11.7.3; RN 7.8"),
    c(DIR, ".blocksareclusters", 9, 0, 90, "RN 9.0"),
    c(DIR, ".noreturn", 6, 4, 30, "§11.4.8; RN 6.4"),
    c(DIR, ".alias", 6, 3, 30, "§11.6.2; RN 6.3"),
    c(DIR, ".abi_preserve", 9, 0, 0, "§11.4.9; RN 9.0"),
    c(DIR, ".abi_preserve_control", 9, 0, 0, "§11.4.10; RN 9.0"),
    c(
        PRAGMA,
        "used_bytes_mask",
        8,
        3,
        0,
        "§12.3; RN 8.3; ptxas 12.9/13.5 reject it below 8.3, 11.8 ignores it",
    ),
    c(PRAGMA, "enable_smem_spilling", 9, 0, 0, "§12.4; RN 9.0"),
    c(PRAGMA, "frequency", 9, 0, 0, "§12.5; RN 9.0"),
];

/// Every construct of [`CONSTRUCTS`] used in `parsed`, with where.
pub fn find(parsed: &ParsedSource) -> Vec<(&'static ModuleConstruct, Span)> {
    let source = parsed.text();
    let mut found = Vec::new();
    for node in preorder(parsed.root()) {
        let name = match node.kind() {
            "identifier" if source.as_bytes().get(node.start_byte()) == Some(&b'%') => text(node, source),
            "function_directive_name" => text(node, source),
            "alias_directive" => ".alias",
            "pragma_directive" => {
                let mut cursor = node.walk();
                let Some(value) = node.children_by_field_name("value", &mut cursor).next() else {
                    continue;
                };
                let words = text(value, source).trim_matches('"');
                words.split_whitespace().next().unwrap_or("")
            }
            _ => continue,
        };
        if let Some(construct) = CONSTRUCTS.iter().find(|c| c.name == name) {
            found.push((construct, Span::of(node)));
        }
    }
    found
}
