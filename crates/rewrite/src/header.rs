//! The module header as a rewrite needs it (a known `.version` and target,
//! read by `ptxkit-semantic`), choosing the destination target, and the edits
//! that rewrite the header.

use ptxkit_isa::{Target, TargetOption, Variant, Version, newest_base_target};
use ptxkit_semantic::{ModuleHeader, TargetKind};
use ptxkit_syntax::{ParsedSource, Span, TextEdit};

use crate::RewriteError;

/// A module header with a known version and target: what a rewrite starts
/// from.
#[derive(Debug, Clone)]
pub struct Header {
    /// The header as written.
    pub module: ModuleHeader,
    /// `.version` (the first directive).
    pub version: Version,
    /// The architecture named in `.target` (the newest, if several).
    pub target: Target,
}

impl Header {
    /// Reads the header of a parsed module; an error when the version or the
    /// target is missing or unknown.
    pub fn read(parsed: &ParsedSource) -> Result<Header, RewriteError> {
        let module = ModuleHeader::read(parsed);
        let first = module.versions.first().ok_or(RewriteError::NoVersion)?;
        let version = first
            .version
            .ok_or_else(|| RewriteError::BadVersion(parsed.text()[first.number_span.range()].to_string()))?;
        for entry in module.target_entries() {
            let known = match entry.kind {
                TargetKind::Option(_) => true,
                TargetKind::Arch(t) => t.is_known(),
                TargetKind::Unknown => false,
            };
            if !known {
                let why = ptxkit_isa::target(&entry.name).map_or_else(|e| e.to_string(), |t| t.to_string());
                return Err(RewriteError::UnknownTarget(entry.name.clone(), why));
            }
        }
        let target = module.target().ok_or(RewriteError::NoTarget)?;
        Ok(Header {
            module,
            version,
            target,
        })
    }

    /// Spans of the architecture entries of `.target`, in order.
    pub fn target_spans(&self) -> Vec<Span> {
        self.module.architectures().map(|(_, span)| span).collect()
    }

    /// Non-architecture `.target` entries with their spans (`texmode_unified`, `debug`, ...).
    pub fn options(&self) -> Vec<(TargetOption, Span)> {
        self.module.options().collect()
    }

    /// `.address_size` with the directive's span, when present with a value.
    pub fn address_size(&self) -> Option<(u32, Span)> {
        let directive = self.module.address_size_directive()?;
        Some((directive.size?, directive.span))
    }

    /// The address size in effect: the directive's value, or 32 (the default).
    pub fn effective_address_size(&self) -> u32 {
        self.module.address_size()
    }

    /// The edits that turn this header into one for `to` / `target`.
    pub fn edits(&self, to: Version, target: Target) -> Vec<TextEdit> {
        let mut edits = Vec::new();
        if to != self.version
            && let Some(first) = self.module.versions.first()
        {
            edits.push(TextEdit::replace(first.number_span, to.to_string()));
        }
        let name = target.to_string();
        let spans = self.target_spans();
        for (i, span) in spans.iter().enumerate() {
            if i == 0 {
                edits.push(TextEdit::replace(*span, name.clone()));
            } else {
                // A second architecture entry: the destination names one.
                edits.push(TextEdit::delete(Span::new(spans[i - 1].end, span.end)));
            }
        }
        edits
    }
}

/// The target a file moves to when the user names none.
///
/// The file keeps its target when the destination version has it (`sm_101*`
/// and `sm_110*` are the same GPU and are renamed by version). Otherwise an
/// `a`/`f` target falls back to its base target, and a target newer than the
/// destination version falls back to the newest base target that the version
/// allows and that is not newer than the file's own (`sm_100a` at 7.8 →
/// `sm_90`). 32-bit code never lands on `sm_90` or newer, which do not support
/// the 32-bit ABI.
pub fn choose_target(from: Target, to: Version, address_size: u32) -> Option<Target> {
    let renamed = rename_for(from, to);
    let fits = |t: Target| t.is_supported_by(to) && (address_size == 64 || t.sm < 90);
    if fits(renamed) {
        return Some(renamed);
    }
    if renamed.variant != Variant::Base && fits(renamed.base()) {
        return Some(renamed.base());
    }
    let newest = newest_base_target(to)?;
    ptxkit_isa::target::known_targets()
        .filter(|t| t.variant == Variant::Base && t.info().is_some_and(|i| i.renamed_to.is_none()) && t.sm != 21)
        .filter(|t| t.sm <= renamed.sm.max(from.sm) && *t <= newest && fits(*t))
        .max()
}

/// `sm_101*` and `sm_110*` name the same GPU: PTX 9.0 renamed the former to
/// the latter. Returns the name the destination version uses.
pub fn rename_for(target: Target, to: Version) -> Target {
    // ptxkit-isa records the rename on the old name's row: (new name, version).
    let Some((_, renamed_in)) = Target::new(101, target.variant).info().and_then(|i| i.renamed_to) else {
        return target;
    };
    match target.sm {
        101 if to >= renamed_in => target.canonical(),
        110 if to < renamed_in => Target::new(101, target.variant),
        _ => target,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Target {
        ptxkit_isa::target(s).unwrap()
    }

    fn v(s: &str) -> Version {
        ptxkit_isa::version(s).unwrap()
    }

    #[test]
    fn keeps_the_target_when_the_destination_has_it() {
        assert_eq!(choose_target(t("sm_80"), v("7.8"), 64), Some(t("sm_80")));
        assert_eq!(choose_target(t("sm_20"), v("8.8"), 64), Some(t("sm_20")));
        assert_eq!(choose_target(t("sm_90a"), v("8.0"), 64), Some(t("sm_90a")));
    }

    #[test]
    fn falls_back_to_the_newest_base_target() {
        assert_eq!(choose_target(t("sm_90a"), v("7.8"), 64), Some(t("sm_90")));
        assert_eq!(choose_target(t("sm_100a"), v("7.8"), 64), Some(t("sm_90")));
        assert_eq!(choose_target(t("sm_120a"), v("8.6"), 64), Some(t("sm_100")));
        assert_eq!(choose_target(t("sm_88"), v("8.8"), 64), Some(t("sm_87")));
        assert_eq!(choose_target(t("sm_90"), v("7.4"), 64), Some(t("sm_87")));
        assert_eq!(choose_target(t("sm_100f"), v("8.7"), 64), Some(t("sm_100")));
    }

    #[test]
    fn renames_sm101_and_sm110_by_version() {
        assert_eq!(choose_target(t("sm_110a"), v("8.8"), 64), Some(t("sm_101a")));
        assert_eq!(choose_target(t("sm_110f"), v("8.8"), 64), Some(t("sm_101f")));
        assert_eq!(choose_target(t("sm_101a"), v("9.0"), 64), Some(t("sm_110a")));
        assert_eq!(choose_target(t("sm_110f"), v("8.6"), 64), Some(t("sm_101")));
    }

    #[test]
    fn keeps_32_bit_code_below_sm_90() {
        assert_eq!(choose_target(t("sm_90"), v("7.8"), 32), Some(t("sm_89")));
        assert_eq!(choose_target(t("sm_80"), v("8.8"), 32), Some(t("sm_80")));
    }
}
