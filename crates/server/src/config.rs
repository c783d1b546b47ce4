//! The `ptxlint.toml` and `ptxfmt.toml` that apply to a document: the
//! nearest ones in its directory or above, as the command-line tools find
//! them, so that editor and CI agree. Read again for every run (a few
//! `stat` calls), so that edits to a configuration apply at once.

use std::path::Path;

use ptxkit_lint::Settings;

/// How to lint one document.
pub enum LintSetup {
    /// Lint with these settings.
    Lint(Settings),
    /// `ptxlint.toml`'s `exclude` matches the file: ptxlint would not lint
    /// it, so the server does not either.
    Excluded,
}

/// The lint settings for a document at `path` (or, for a document that is
/// not a file, for the workspace root `root`). A configuration that cannot
/// be read or is invalid is an error naming the file; the caller reports it
/// and lints with the defaults.
pub fn lint_setup(path: Option<&Path>, root: Option<&Path>) -> Result<LintSetup, String> {
    let Some(start) = path.or(root) else {
        return Ok(LintSetup::Lint(Settings::default()));
    };
    let config = ptxkit_workspace::lint::nearest(start).map_err(|err| err.to_string())?;
    let Some(path) = path else {
        return Ok(LintSetup::Lint(config.settings));
    };
    let relative = path.strip_prefix(&config.base).unwrap_or(path);
    if config.is_excluded(relative).map_err(|err| err.to_string())? {
        return Ok(LintSetup::Excluded);
    }
    Ok(LintSetup::Lint(config.settings_for(relative).into_owned()))
}

/// The formatter options for a document: the nearest `ptxfmt.toml`, else
/// the defaults. The editor's tab size is not used: the configuration file
/// decides, as it does for `ptxfmt`.
pub fn format_options(path: Option<&Path>, root: Option<&Path>) -> Result<ptxkit_fmt::Options, String> {
    match path.or(root) {
        Some(start) => ptxkit_workspace::fmt::nearest(start).map_err(|err| err.to_string()),
        None => Ok(ptxkit_fmt::Options::default()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_ptxlint_toml_applies_with_excludes_and_per_file_ignores() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("ptxlint.toml"),
            "exclude = [\"gen/**\"]\n[per-file-ignores]\n\"old/**\" = [\"PTX\"]\n",
        )
        .unwrap();
        let excluded = dir.path().join("gen/k.ptx");
        assert!(matches!(lint_setup(Some(&excluded), None), Ok(LintSetup::Excluded)));
        let ignored = dir.path().join("old/k.ptx");
        let Ok(LintSetup::Lint(settings)) = lint_setup(Some(&ignored), None) else {
            panic!("old/k.ptx is linted")
        };
        assert_eq!(settings.enabled_rules().count(), 0);
        let plain = dir.path().join("k.ptx");
        let Ok(LintSetup::Lint(settings)) = lint_setup(Some(&plain), None) else {
            panic!("k.ptx is linted")
        };
        assert!(settings.enabled_rules().count() > 0);
    }

    #[test]
    fn a_bad_configuration_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("ptxlint.toml"), "selectt = []\n").unwrap();
        std::fs::write(dir.path().join("ptxfmt.toml"), "line-width = \"wide\"\n").unwrap();
        let file = dir.path().join("k.ptx");
        let Err(lint) = lint_setup(Some(&file), None) else {
            panic!("an unknown key is an error")
        };
        assert!(lint.contains("ptxlint.toml"), "{lint}");
        let fmt = format_options(Some(&file), None).unwrap_err();
        assert!(fmt.contains("ptxfmt.toml"), "{fmt}");
    }
}
