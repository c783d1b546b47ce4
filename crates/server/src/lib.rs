//! `ptxls`: a language server for NVIDIA PTX (LSP 3.17 over stdio).
//!
//! A thin layer over the libraries the command-line tools use, so that the
//! editor and CI never disagree:
//!
//! - diagnostics are ptxlint's findings (`ptxkit_lint`), with the nearest
//!   `ptxlint.toml` and the file's suppressions ([`diagnostics`], [`config`]);
//! - formatting is ptxfmt's, around syntax errors, with the nearest
//!   `ptxfmt.toml` ([`formatting`]);
//! - hover explains opcode chains with ptxkit-isa's signatures and names
//!   with ptxkit-semantic's symbol table ([`hover`]);
//! - go to definition, references, highlight and the outline come from the
//!   symbol table ([`navigation`]), and so does [`rename`].
//!
//! The protocol is `lsp-server` + `lsp-types` (as in rust-analyzer); the
//! loop is in [`server`], open documents in [`document`], positions in
//! [`position`].

pub mod code_actions;
pub mod completion;
pub mod config;
pub mod diagnostics;
pub mod document;
pub mod folding;
pub mod formatting;
pub mod hover;
pub mod navigation;
pub mod position;
pub mod rename;
pub mod rewrite;
pub mod semantic_tokens;
pub mod server;
pub mod signature_help;
pub mod uri;

use std::io::Write as _;
use std::process::ExitCode;

pub use server::{Ending, run};

/// The stack of the thread that serves the client (as ptxfmt's workers).
const STACK_SIZE: usize = 64 * 1024 * 1024;

const USAGE: &str = "usage: ptxls [--stdio]

The PTX language server: speaks the Language Server Protocol on standard
input and output. Start it from an editor (see the README's `ptxls` section).";

/// The `ptxls` command: serves one client over stdio. Exits 0 after
/// `shutdown` and `exit`, 1 when the client exits without `shutdown` or
/// disconnects, 2 on a usage or I/O error.
pub fn main() -> ExitCode {
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            // What VS Code's client and others pass; stdio is the only transport.
            "--stdio" => {}
            "--version" | "-V" => {
                let _ = writeln!(std::io::stdout(), "ptxls {}", env!("CARGO_PKG_VERSION"));
                return ExitCode::SUCCESS;
            }
            "--help" | "-h" => {
                let _ = writeln!(std::io::stdout(), "{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("error: unexpected argument '{other}'\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let (connection, io_threads) = lsp_server::Connection::stdio();
    // The analyses recurse over the syntax tree: give deeply nested files room.
    let served = std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("ptxls".to_string())
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, || run(&connection))
            .map(|thread| thread.join())
    });
    drop(connection);
    let ending = match served {
        Ok(Ok(ending)) => ending,
        Ok(Err(_)) => {
            eprintln!("ptxls: the server failed (a bug; please report it)");
            return ExitCode::from(2);
        }
        Err(err) => {
            eprintln!("ptxls: cannot start the server thread: {err}");
            return ExitCode::from(2);
        }
    };
    if ending == Ending::WriteFailed {
        // The reader may still be waiting on standard input: do not join it.
        eprintln!("ptxls: cannot write to the client (standard output closed)");
        return ExitCode::from(2);
    }
    if let Err(err) = io_threads.join() {
        eprintln!("ptxls: {err}");
        return ExitCode::from(2);
    }
    match ending {
        Ending::Exit { after_shutdown: true } => ExitCode::SUCCESS,
        Ending::Exit { after_shutdown: false } => ExitCode::from(1),
        Ending::Disconnected | Ending::WriteFailed => {
            eprintln!("ptxls: the client closed the connection without `exit`");
            ExitCode::from(1)
        }
    }
}
