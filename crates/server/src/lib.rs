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
mod requests;
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

/// The usage line, also printed after a usage error.
macro_rules! synopsis {
    () => {
        "Usage: ptxls [--stdio]"
    };
}

/// `ptxls --help`: what the tool does first, as clap prints it for the other three.
const HELP: &str = concat!(
    "ptxls is the PTX language server: it speaks the Language Server Protocol on
standard input and output, with ptxlint's diagnostics, ptxfmt's formatting, hover,
completion, go to definition, references and the outline. Start it from an editor
(see the README's `ptxls` section).

",
    synopsis!(),
    "

Options:
      --stdio    Serve over standard input and output (the default and only transport)
  -h, --help     Print help
  -V, --version  Print version"
);

/// The `ptxls` command: serves one client over stdio. Exits 0 after
/// `shutdown` and `exit`, 1 when the client exits without `shutdown` or
/// disconnects, 2 on a usage or I/O error.
pub fn main() -> ExitCode {
    ExitCode::from(main_with(std::env::args_os().skip(1)))
}

/// [`main`] with the arguments after the program name, returning the exit code: what
/// `ptxls` runs as (the binary, and the Python package's `ptxls` command).
pub fn main_with(args: impl IntoIterator<Item = std::ffi::OsString>) -> u8 {
    for arg in args {
        match arg.to_string_lossy().as_ref() {
            // What VS Code's client and others pass; stdio is the only transport.
            "--stdio" => {}
            "--version" | "-V" => {
                let _ = writeln!(std::io::stdout(), "ptxls {}", env!("CARGO_PKG_VERSION"));
                return 0;
            }
            "--help" | "-h" => {
                let _ = writeln!(std::io::stdout(), "{}", HELP);
                return 0;
            }
            other => {
                eprintln!(
                    concat!(
                        "error: unexpected argument '{}'\n\n",
                        synopsis!(),
                        "\n\nFor more information, try '--help'."
                    ),
                    other
                );
                return 2;
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
            return 2;
        }
        Err(err) => {
            eprintln!("ptxls: cannot start the server thread: {err}");
            return 2;
        }
    };
    if ending == Ending::WriteFailed {
        // The reader may still be waiting on standard input: do not join it.
        eprintln!("ptxls: cannot write to the client (standard output closed)");
        return 2;
    }
    if let Err(err) = io_threads.join() {
        eprintln!("ptxls: {err}");
        return 2;
    }
    match ending {
        Ending::Exit { after_shutdown: true } => 0,
        Ending::Exit { after_shutdown: false } => 1,
        Ending::Disconnected | Ending::WriteFailed => {
            eprintln!("ptxls: the client closed the connection without `exit`");
            1
        }
    }
}
