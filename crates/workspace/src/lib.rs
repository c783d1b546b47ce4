//! Which files the PTX tools work on and which configuration applies to each: the one
//! place that walks directories ([`discover`]), finds and reads configuration files
//! ([`config`]), caches them per directory ([`resolver`]), and merges `ptxlint.toml`
//! ([`lint`]) and `ptxfmt.toml` ([`fmt`]) with command-line options. The command-line
//! tools and the language server both use it, so editor and CI agree; the libraries under
//! it (syntax, lint, fmt) read no files of their own.
//!
//! ```
//! use ptxkit_workspace::lint::{Config, Overrides};
//! let config: Config = ptxkit_workspace::config::parse_toml("ignore = [\"PTX2\"]\n", "ptxlint.toml".as_ref())
//!     .unwrap()
//!     .value;
//! let lint = config.resolve("ptxlint.toml", &Overrides::default(), ".".into()).unwrap();
//! let tex = ptxkit_lint::find_rule("PTX201").unwrap();
//! assert!(!lint.settings.is_enabled(tex));
//! ```

pub mod config;
pub mod discover;
pub mod fmt;
pub mod lint;
pub mod resolver;
