//! `ptxls`: the PTX language server (LSP over stdio). See [`ptxkit_server`].

fn main() -> std::process::ExitCode {
    ptxkit_server::main()
}
