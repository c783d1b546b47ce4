//! ptxlint's cache entries: the findings of one file (and, for C++ files, the count of asm
//! statements looked at), keyed by the effective settings (serialized by value: every rule's
//! selection and severity, the destination, preview) and the text.

use ptxkit_lint::Settings;
use ptxkit_lint::inline::AsmStats;
use ptxkit_syntax::{Applicability, Diagnostic, Fix, Label, Severity, Span, TextEdit};
use serde_json::{Value, json};

use super::Key;

/// What a cached lint depends on besides the text and the build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Job {
    /// Findings only.
    Lint,
    /// `--fix` or `--diff`: fixes applied (safe ones, or unsafe ones too).
    Fix {
        /// `--unsafe-fixes`.
        unsafe_fixes: bool,
    },
}

/// A file's cached result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The findings, as the lint (or a fix run that changed nothing) reported them.
    pub diagnostics: Vec<Diagnostic>,
    /// For C, C++ and CUDA files: the asm statements looked at.
    pub asm: Option<AsmStats>,
}

/// The settings by value, one line per fact, in the rule table's order.
pub fn settings_bytes(settings: &Settings) -> Vec<u8> {
    let mut out = format!(
        "preview {}\nversion {}\ntarget {}\n",
        settings.preview(),
        settings.version_override.map(|v| v.to_string()).unwrap_or_default(),
        settings.target_override.map(|t| t.to_string()).unwrap_or_default()
    );
    for rule in ptxkit_lint::rules() {
        out.push_str(&format!(
            "{} {} {} {} {}\n",
            rule.code,
            rule.name,
            settings.is_enabled(rule),
            settings.severity(rule),
            settings.severity_overridden(rule)
        ));
    }
    out.into_bytes()
}

/// The key of `text` linted as `job` with `settings` (`cpp`: as C, C++ or CUDA).
pub fn key(text: &str, settings: &Settings, job: Job, cpp: bool) -> Key {
    let job = match job {
        Job::Lint => "lint",
        Job::Fix { unsafe_fixes: false } => "fix",
        Job::Fix { unsafe_fixes: true } => "fix unsafe",
    };
    let kind = if cpp { "cpp" } else { "ptx" };
    Key::new(
        "ptxlint",
        &[
            job.as_bytes(),
            kind.as_bytes(),
            &settings_bytes(settings),
            text.as_bytes(),
        ],
    )
}

/// The payload of an entry.
pub fn encode(entry: &Entry) -> Vec<u8> {
    let value = json!({
        "asm": entry.asm.map(|s| json!([s.analysed, s.skipped])),
        "diagnostics": entry.diagnostics.iter().map(diagnostic).collect::<Vec<_>>(),
    });
    serde_json::to_vec(&value).expect("JSON values always serialize")
}

/// An entry read back; `None` when the payload is not one (then the cache is not trusted).
pub fn decode(payload: &[u8]) -> Option<Entry> {
    let value: Value = serde_json::from_slice(payload).ok()?;
    let asm = match value.get("asm")? {
        Value::Null => None,
        Value::Array(pair) if pair.len() == 2 => Some(AsmStats {
            analysed: usize_of(&pair[0])?,
            skipped: usize_of(&pair[1])?,
        }),
        _ => return None,
    };
    let diagnostics = value
        .get("diagnostics")?
        .as_array()?
        .iter()
        .map(read_diagnostic)
        .collect::<Option<Vec<_>>>()?;
    Some(Entry { diagnostics, asm })
}

fn span(span: Span) -> Value {
    json!([span.start, span.end])
}

fn diagnostic(d: &Diagnostic) -> Value {
    json!([
        d.code,
        d.rule,
        d.severity.as_str(),
        d.message,
        span(d.span),
        d.label,
        d.labels
            .iter()
            .map(|l| json!([span(l.span), l.message]))
            .collect::<Vec<_>>(),
        d.note,
        d.help,
        d.fix.as_ref().map(|f| json!([
            f.message,
            match f.applicability {
                Applicability::Safe => "safe",
                Applicability::Unsafe => "unsafe",
            },
            f.edits
                .iter()
                .map(|e| json!([span(e.span), e.replacement]))
                .collect::<Vec<_>>(),
        ])),
    ])
}

fn usize_of(value: &Value) -> Option<usize> {
    usize::try_from(value.as_u64()?).ok()
}

fn string_of(value: &Value) -> Option<String> {
    value.as_str().map(str::to_string)
}

fn optional_string(value: &Value) -> Option<Option<String>> {
    match value {
        Value::Null => Some(None),
        Value::String(s) => Some(Some(s.clone())),
        _ => None,
    }
}

fn read_span(value: &Value) -> Option<Span> {
    match value.as_array()?.as_slice() {
        [start, end] => {
            let (start, end) = (usize_of(start)?, usize_of(end)?);
            (start <= end).then(|| Span::new(start, end))
        }
        _ => None,
    }
}

fn read_diagnostic(value: &Value) -> Option<Diagnostic> {
    let [code, rule, severity, message, at, label, labels, note, help, fix] = value.as_array()?.as_slice() else {
        return None;
    };
    let severity: Severity = severity.as_str()?.parse().ok()?;
    let mut d = Diagnostic::new(
        string_of(code)?,
        string_of(rule)?,
        severity,
        string_of(message)?,
        read_span(at)?,
    );
    d.label = optional_string(label)?;
    d.labels = labels
        .as_array()?
        .iter()
        .map(|l| match l.as_array()?.as_slice() {
            [at, message] => Some(Label {
                span: read_span(at)?,
                message: string_of(message)?,
            }),
            _ => None,
        })
        .collect::<Option<_>>()?;
    d.note = optional_string(note)?;
    d.help = optional_string(help)?;
    d.fix = match fix {
        Value::Null => None,
        fix => {
            let [message, applicability, edits] = fix.as_array()?.as_slice() else {
                return None;
            };
            let applicability = match applicability.as_str()? {
                "safe" => Applicability::Safe,
                "unsafe" => Applicability::Unsafe,
                _ => return None,
            };
            let edits = edits
                .as_array()?
                .iter()
                .map(|e| match e.as_array()?.as_slice() {
                    [at, replacement] => Some(TextEdit::replace(read_span(at)?, string_of(replacement)?)),
                    _ => None,
                })
                .collect::<Option<_>>()?;
            Some(Fix {
                message: string_of(message)?,
                applicability,
                edits,
            })
        }
    };
    Some(d)
}

#[cfg(test)]
mod tests {
    use ptxkit_lint::Settings;
    use ptxkit_lint::inline::AsmStats;
    use ptxkit_syntax::{Applicability, Diagnostic, Fix, Label, Severity, Span, TextEdit};

    use super::{Entry, Job, decode, encode, key, settings_bytes};

    #[test]
    fn every_field_of_a_finding_round_trips() {
        let mut d = Diagnostic::new(
            "PTX101",
            "missing-rounding-modifier",
            Severity::Error,
            "m \"q\"\n",
            Span::new(3, 9),
        );
        d.label = Some("here".into());
        d.labels = vec![Label {
            span: Span::new(0, 2),
            message: "declared".into(),
        }];
        d.note = Some("note".into());
        d.help = None;
        d.fix = Some(Fix {
            message: "add `.rn`".into(),
            applicability: Applicability::Unsafe,
            edits: vec![TextEdit::insert(5, ".rn"), TextEdit::replace(Span::new(6, 8), "")],
        });
        let plain = Diagnostic::new("", "syntax-error", Severity::Warning, "x", Span::new(0, 0));
        let entry = Entry {
            diagnostics: vec![d, plain],
            asm: Some(AsmStats {
                analysed: 3,
                skipped: 1,
            }),
        };
        assert_eq!(decode(&encode(&entry)), Some(entry));
        assert_eq!(decode(b"{\"asm\":null}"), None);
        assert_eq!(decode(b"not json"), None);
    }

    #[test]
    fn settings_destination_job_and_kind_change_the_key() {
        let default = Settings::default();
        let base = key("t", &default, Job::Lint, false);
        assert_eq!(base, key("t", &Settings::default(), Job::Lint, false));
        let mut target = Settings::default();
        target.target_override = Some("sm_90a".parse().unwrap());
        let mut version = Settings::default();
        version.version_override = Some("8.0".parse().unwrap());
        let only = Settings::only(&["PTX101"]).unwrap();
        for other in [
            key("t2", &default, Job::Lint, false),
            key("t", &target, Job::Lint, false),
            key("t", &version, Job::Lint, false),
            key("t", &only, Job::Lint, false),
            key("t", &default, Job::Fix { unsafe_fixes: false }, false),
            key("t", &default, Job::Fix { unsafe_fixes: true }, false),
            key("t", &default, Job::Lint, true),
        ] {
            assert_ne!(base, other);
        }
        assert_ne!(settings_bytes(&default), settings_bytes(&only));
    }

    /// The settings are keyed field by field (`settings_bytes`): a field added to
    /// `ptxkit_lint::Settings` must be added to the key too, or cached results would ignore it.
    #[test]
    fn the_key_covers_every_field_of_the_settings() {
        let debug = format!("{:?}", Settings::default());
        let fields: Vec<&str> = debug
            .split([',', '{'])
            .filter_map(|part| part.trim().split_once(": ").map(|(name, _)| name))
            .filter(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '_') && !name.is_empty())
            .collect();
        assert_eq!(
            fields,
            [
                "enabled",
                "severities",
                "overridden",
                "version_override",
                "target_override",
                "preview"
            ],
            "a new field of Settings: add it to cache::lint::settings_bytes (per-file ignores are applied \
             before the key is taken)"
        );
    }
}
