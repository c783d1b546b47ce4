//! The module header: `.version`, `.target` and `.address_size`, read into ptxkit-isa values
//! with the spans they are written at.
//!
//! The header keeps every directive as written (a module may repeat `.version` by mistake,
//! name an unknown target, or omit `.address_size`); the accessors answer what the module
//! means: [`ModuleHeader::version`], [`ModuleHeader::target`],
//! [`ModuleHeader::address_size`].

use ptxkit_isa::{Target, TargetOption, Version};
use ptxkit_syntax::NodeKind as _;
use ptxkit_syntax::ast::text;
use ptxkit_syntax::tree_sitter::Node;
use ptxkit_syntax::{ParsedSource, Span};

/// What a module declares about itself, as written.
///
/// ```
/// use ptxkit_semantic::ModuleHeader;
/// let parsed = ptxkit_syntax::parse(".version 8.0\n.target sm_90a, debug\n.address_size 64\n");
/// let header = ModuleHeader::read(&parsed);
/// assert_eq!(header.version(), Some(ptxkit_isa::Version::new(8, 0)));
/// assert_eq!(header.target().unwrap().to_string(), "sm_90a");
/// assert_eq!(header.address_size(), 64);
/// let debug = &header.target_entries()[1];
/// assert_eq!(&parsed.text()[debug.span.range()], "debug");
/// ```
#[derive(Debug, Clone, Default)]
pub struct ModuleHeader {
    /// Every `.version` directive, in order (a valid module has exactly one).
    pub versions: Vec<VersionDirective>,
    /// Every `.target` directive, in order (a valid module has exactly one).
    pub targets: Vec<TargetDirective>,
    /// Every `.address_size` directive, in order.
    pub address_sizes: Vec<AddressSizeDirective>,
}

/// One `.version` directive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionDirective {
    /// The whole directive.
    pub span: Span,
    /// The version number as written (`8.0`), or the directive when the number is missing.
    pub number_span: Span,
    /// The version, when the number is a `MAJOR.MINOR` ptxkit-isa reads (known or not).
    pub version: Option<Version>,
}

/// One `.target` directive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetDirective {
    /// The whole directive.
    pub span: Span,
    /// Its comma-separated entries, in order.
    pub entries: Vec<TargetName>,
}

/// One entry of a `.target` directive: `sm_90a`, `texmode_independent`, `debug`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetName {
    /// The entry as written.
    pub name: String,
    /// Where it is written.
    pub span: Span,
    /// What it names.
    pub kind: TargetKind,
}

/// What a `.target` entry names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    /// An architecture spelt `sm_N{a,f}` or `compute_N{a,f}`; it may be unknown to ptxkit-isa
    /// (`sm_99`): see [`Target::is_known`].
    Arch(Target),
    /// An option such as `texmode_independent`, `debug` or `map_f64_to_f32`.
    Option(TargetOption),
    /// Anything else (`gfx90a`).
    Unknown,
}

/// One `.address_size` directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AddressSizeDirective {
    /// The whole directive.
    pub span: Span,
    /// The size, when it is an integer literal.
    pub size: Option<u32>,
}

impl ModuleHeader {
    /// Reads the header directives among the module's top-level items.
    pub fn read(parsed: &ParsedSource) -> ModuleHeader {
        let mut header = ModuleHeader::default();
        let root = parsed.root();
        let mut cursor = root.walk();
        for node in root.named_children(&mut cursor) {
            header.add(node, parsed.text());
        }
        header
    }

    /// Records `node` if it is a header directive (called for each top-level item); returns
    /// whether it was one.
    pub(crate) fn add(&mut self, node: Node<'_>, source: &str) -> bool {
        match node.kind_name() {
            "version_directive" => {
                let number = node.field("version");
                self.versions.push(VersionDirective {
                    span: Span::of(node),
                    number_span: number.map_or(Span::of(node), Span::of),
                    version: number.and_then(|n| ptxkit_isa::version(text(n, source)).ok()),
                });
            }
            "target_directive" => {
                let mut cursor = node.walk();
                let entries = node
                    .fields("target", &mut cursor)
                    .map(|entry| TargetName::new(text(entry, source), Span::of(entry)))
                    .collect();
                self.targets.push(TargetDirective {
                    span: Span::of(node),
                    entries,
                });
            }
            "address_size_directive" => {
                let size = node
                    .field("size")
                    .and_then(|s| ptxkit_syntax::literal::integer_value(text(s, source)))
                    .and_then(|v| u32::try_from(v).ok());
                self.address_sizes.push(AddressSizeDirective {
                    span: Span::of(node),
                    size,
                });
            }
            _ => return false,
        }
        true
    }

    /// The module's PTX version: the first `.version` directive whose number reads.
    pub fn version(&self) -> Option<Version> {
        self.version_directive().and_then(|d| d.version)
    }

    /// The `.version` directive [`Self::version`] comes from.
    pub fn version_directive(&self) -> Option<&VersionDirective> {
        self.versions.iter().find(|d| d.version.is_some())
    }

    /// The entries of the first `.target` directive (the one ptxas reads), or none.
    pub fn target_entries(&self) -> &[TargetName] {
        self.targets.first().map_or(&[], |t| t.entries.as_slice())
    }

    /// The architecture the module is written for: the newest `sm_*` entry of the first
    /// `.target` directive (known to ptxkit-isa or not; see [`Target::is_known`]).
    pub fn target(&self) -> Option<Target> {
        self.architectures().map(|(t, _)| t).max()
    }

    /// The architecture entries of the first `.target` directive with their spans, in order.
    pub fn architectures(&self) -> impl Iterator<Item = (Target, Span)> + '_ {
        self.target_entries().iter().filter_map(|e| match e.kind {
            TargetKind::Arch(t) => Some((t, e.span)),
            _ => None,
        })
    }

    /// The option entries of the first `.target` directive (`debug`, `texmode_unified`, …)
    /// with their spans, in order.
    pub fn options(&self) -> impl Iterator<Item = (TargetOption, Span)> + '_ {
        self.target_entries().iter().filter_map(|e| match e.kind {
            TargetKind::Option(o) => Some((o, e.span)),
            _ => None,
        })
    }

    /// The first `.address_size` directive, if any.
    pub fn address_size_directive(&self) -> Option<&AddressSizeDirective> {
        self.address_sizes.first()
    }

    /// The address size in effect: the first `.address_size` directive's value, or 32 (the
    /// ISA's default) when there is none or it does not read.
    pub fn address_size(&self) -> u32 {
        self.address_size_directive().and_then(|d| d.size).unwrap_or(32)
    }

    /// Whether the module is 64-bit (`.address_size 64`).
    pub fn is_64bit(&self) -> bool {
        self.address_size() == 64
    }
}

impl TargetName {
    /// Classifies one `.target` entry.
    pub fn new(name: &str, span: Span) -> TargetName {
        let kind = if let Some(option) = TargetOption::ALL.into_iter().find(|o| o.name() == name) {
            TargetKind::Option(option)
        } else if let Ok(target) = name.parse::<Target>() {
            TargetKind::Arch(target)
        } else {
            TargetKind::Unknown
        };
        TargetName {
            name: name.to_string(),
            span,
            kind,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_directive() {
        let text = ".version 8.0\n.version 7.8\n.target sm_80, sm_90a, texmode_independent, gfx90a, sm_99\n.address_size 0x40\n";
        let parsed = ptxkit_syntax::parse(text);
        let header = ModuleHeader::read(&parsed);
        assert_eq!(header.versions.len(), 2);
        assert_eq!(header.version(), Some(Version::new(8, 0)));
        assert_eq!(&text[header.version_directive().unwrap().number_span.range()], "8.0");
        let kinds: Vec<_> = header.target_entries().iter().map(|e| e.kind).collect();
        assert!(matches!(kinds[0], TargetKind::Arch(_)));
        assert_eq!(kinds[2], TargetKind::Option(TargetOption::TexmodeIndependent));
        assert_eq!(kinds[3], TargetKind::Unknown);
        // `sm_99` is well formed but unknown; it is still the newest architecture written.
        assert_eq!(header.target().unwrap().to_string(), "sm_99");
        assert!(!header.target().unwrap().is_known());
        assert_eq!(header.architectures().count(), 3);
        assert_eq!(header.options().count(), 1);
        assert_eq!(header.address_size(), 64);
    }

    #[test]
    fn defaults_when_absent() {
        let header = ModuleHeader::read(&ptxkit_syntax::parse(".entry k() { ret; }\n"));
        assert_eq!(header.version(), None);
        assert_eq!(header.target(), None);
        assert!(header.target_entries().is_empty());
        assert_eq!(header.address_size(), 32);
        assert!(!header.is_64bit());
    }

    #[test]
    fn compute_names_read_as_sm() {
        let header = ModuleHeader::read(&ptxkit_syntax::parse(".version 7.0\n.target compute_75\n"));
        assert_eq!(header.target().unwrap().to_string(), "sm_75");
    }
}
