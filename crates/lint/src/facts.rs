//! What a module declares about itself: `.version`, `.target` and
//! `.address_size`, with the command line's `--ptx-version`/`--target`
//! overrides applied ("lint as if for another destination").

use ptxkit_syntax::ast::{field_children, text};
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{ParsedSource, Span};

/// A PTX ISA version such as 7.8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PtxVersion {
    /// Major number.
    pub major: u32,
    /// Minor number.
    pub minor: u32,
}

impl PtxVersion {
    /// A version from its parts.
    pub const fn new(major: u32, minor: u32) -> Self {
        Self { major, minor }
    }

    /// Parses `7.8`.
    pub fn parse(text: &str) -> Option<Self> {
        let (major, minor) = text.trim().split_once('.')?;
        Some(Self::new(major.parse().ok()?, minor.parse().ok()?))
    }
}

impl std::fmt::Display for PtxVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// An `sm_NN{a,f}` target name split into its number and suffix
/// (`compute_NN` is read as `sm_NN`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SmTarget {
    /// The architecture number (90 for `sm_90a`).
    pub number: u32,
    /// `'a'`, `'f'` or none.
    pub suffix: Option<char>,
}

impl SmTarget {
    /// Parses `sm_90a`, `sm_80`, `compute_75`; `None` for anything else.
    pub fn parse(name: &str) -> Option<Self> {
        let rest = name.strip_prefix("sm_").or_else(|| name.strip_prefix("compute_"))?;
        let (digits, suffix) = match rest.char_indices().last()? {
            (i, c @ ('a' | 'f')) => (&rest[..i], Some(c)),
            _ => (rest, None),
        };
        Some(Self {
            number: digits.parse().ok()?,
            suffix,
        })
    }
}

impl std::fmt::Display for SmTarget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "sm_{}", self.number)?;
        if let Some(s) = self.suffix {
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// One directive as written in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written<T> {
    /// The value.
    pub value: T,
    /// Where it is written.
    pub span: Span,
}

/// The module-level facts every rule may consult.
#[derive(Debug, Clone, Default)]
pub struct ModuleFacts {
    /// The first `.version` directive in the file, if it parses.
    pub file_version: Option<Written<PtxVersion>>,
    /// The version the checks use: `--ptx-version` if given, else the file's.
    pub version: Option<PtxVersion>,
    /// The `.target` entries in the file (`sm_90a`, `texmode_independent`, `debug`).
    pub file_targets: Vec<Written<String>>,
    /// The architecture the checks use: `--target` if given, else the file's
    /// highest `sm_*` entry.
    pub sm: Option<SmTarget>,
    /// Whether the architecture comes from the command line.
    pub sm_overridden: bool,
    /// `.address_size` (32 when absent, as the ISA says).
    pub address_size: u32,
    /// Every `.version` directive node span, in order (duplicates included).
    pub version_directives: Vec<Span>,
    /// Every `.target` directive node span, in order.
    pub target_directives: Vec<Span>,
}

impl ModuleFacts {
    /// Reads the facts of `parsed`, with optional overrides.
    pub fn read(
        parsed: &ParsedSource,
        version_override: Option<PtxVersion>,
        target_override: Option<SmTarget>,
    ) -> Self {
        let root = parsed.root();
        let source = parsed.text();
        let mut facts = ModuleFacts {
            address_size: 32,
            ..ModuleFacts::default()
        };
        let mut cursor = root.walk();
        for node in root.named_children(&mut cursor) {
            match node.kind() {
                "version_directive" => {
                    facts.version_directives.push(Span::of(node));
                    if facts.file_version.is_none()
                        && let Some(v) = node.child_by_field_name("version")
                        && let Some(value) = PtxVersion::parse(text(v, source))
                    {
                        facts.file_version = Some(Written {
                            value,
                            span: Span::of(v),
                        });
                    }
                }
                "target_directive" => {
                    facts.target_directives.push(Span::of(node));
                    if facts.target_directives.len() == 1 {
                        facts.file_targets = target_entries(node, source);
                    }
                }
                "address_size_directive" => {
                    if let Some(size) = node.child_by_field_name("size")
                        && let Some(value) = ptxkit_syntax::literal::integer_value(text(size, source))
                    {
                        facts.address_size = u32::try_from(value).unwrap_or(32);
                    }
                }
                _ => {}
            }
        }
        facts.version = version_override.or(facts.file_version.as_ref().map(|v| v.value));
        facts.sm = match target_override {
            Some(t) => {
                facts.sm_overridden = true;
                Some(t)
            }
            None => facts
                .file_targets
                .iter()
                .filter_map(|t| SmTarget::parse(&t.value))
                .max_by_key(|t| (t.number, t.suffix.is_some())),
        };
        facts
    }

    /// The span of the file's `sm_*` target entry, if any.
    pub fn sm_span(&self) -> Option<Span> {
        self.file_targets
            .iter()
            .find(|t| SmTarget::parse(&t.value).is_some())
            .map(|t| t.span)
    }

    /// Whether the module is 64-bit.
    pub fn is_64bit(&self) -> bool {
        self.address_size == 64
    }
}

fn target_entries(node: Node<'_>, source: &str) -> Vec<Written<String>> {
    field_children(node, "target")
        .into_iter()
        .map(|t| Written {
            value: text(t, source).to_string(),
            span: Span::of(t),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_overrides() {
        let parsed = ptxkit_syntax::parse(".version 8.0\n.target sm_90a, debug\n.address_size 64\n");
        let facts = ModuleFacts::read(&parsed, None, None);
        assert_eq!(facts.version, Some(PtxVersion::new(8, 0)));
        assert_eq!(facts.sm, SmTarget::parse("sm_90a"));
        assert!(facts.is_64bit());
        let over = ModuleFacts::read(&parsed, PtxVersion::parse("7.8"), SmTarget::parse("sm_80"));
        assert_eq!(over.version, Some(PtxVersion::new(7, 8)));
        assert_eq!(over.sm.unwrap().to_string(), "sm_80");
        assert_eq!(SmTarget::parse("compute_75").unwrap().number, 75);
        assert!(SmTarget::parse("texmode_unified").is_none());
    }
}
