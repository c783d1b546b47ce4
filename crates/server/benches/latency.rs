//! `cargo bench -p ptxkit-server --bench latency`: how long after a
//! one-line edit that adds an error (and the edit that removes it) the diagnostics arrive
//! (median, p90, p99; and whether the added error was shown after every edit), hover and
//! completion latency once the edit is analysed, and what a fresh parse and symbol
//! table cost (a first open; an edit re-parses incrementally and lints only
//! the items it changed), on real corpus files of about 100 kB, 1 MB and 3.6 MB. The server
//! runs in-process over `lsp_server`'s in-memory connection (the same loop
//! as over stdio, without the pipe). Prints figures; asserts nothing about
//! time (a benchmark, not a timed test).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

fn corpus_dir() -> Option<PathBuf> {
    ptxkit_syntax::corpus::locate(Path::new(env!("CARGO_MANIFEST_DIR"))).ok()
}

/// The corpus file whose size is closest to `size`.
fn closest(files: &[(PathBuf, u64)], size: u64) -> &Path {
    &files
        .iter()
        .min_by_key(|(_, len)| len.abs_diff(size))
        .expect("a corpus file")
        .0
}

struct Client {
    connection: Connection,
    next_id: i32,
}

impl Client {
    fn notify(&self, method: &str, params: Value) {
        let message = Notification::new(method.to_string(), params);
        self.connection.sender.send(message.into()).unwrap();
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let message = Request::new(id.clone(), method.to_string(), params);
        self.connection.sender.send(message.into()).unwrap();
        loop {
            if let Message::Response(response) = self.connection.receiver.recv().unwrap()
                && response.id == id
            {
                return response.result.unwrap_or(Value::Null);
            }
        }
    }

    fn diagnostics(&self, version: i32) -> usize {
        loop {
            if let Message::Notification(n) = self.connection.receiver.recv().unwrap()
                && n.method == "textDocument/publishDiagnostics"
                && n.params["version"] == version
            {
                return n.params["diagnostics"].as_array().map_or(0, Vec::len);
            }
        }
    }
}

/// The line the edits insert and delete: an unknown opcode, one error.
const ADDED_ERROR: &str = "    bogus.opcode;\n";

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[index]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    let Some(dir) = corpus_dir() else {
        eprintln!("!!!!! PTX corpus not found — benchmark SKIPPED. Set PTX_CORPUS_DIR. !!!!!");
        return;
    };
    let files: Vec<(PathBuf, u64)> = ptxkit_syntax::corpus::ptx_files(&dir)
        .expect("walking the corpus")
        .into_iter()
        .filter_map(|path| {
            let len = std::fs::metadata(&path).ok()?.len();
            Some((path, len))
        })
        .collect();

    let (server, client) = Connection::memory();
    let thread = std::thread::spawn(move || ptxkit_server::run(&server));
    let mut client = Client {
        connection: client,
        next_id: 0,
    };
    client.request("initialize", json!({"capabilities": {}}));
    client.notify("initialized", json!({}));

    println!(
        "diagnostics after a one-line edit adding an error (and one removing it); hover and completion on the analysed text; a fresh parse and symbol table alone"
    );
    for target in [100_000, 1_000_000, 3_600_000] {
        let path = closest(&files, target);
        let text = ptxkit_syntax::source::read_source(path).expect("a readable corpus file");
        let uri = format!("file://{}", path.display());
        client.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "ptx", "version": 0, "text": text}}),
        );
        let findings = client.diagnostics(0);
        // Edit in the middle: insert a line with an error (a bad opcode) before an instruction,
        // then delete it; the diagnostics must show it after each insertion and not after the
        // deletion.
        let line = text.lines().count() / 2;
        let hover_line = (line..)
            .take(200)
            .find(|&l| {
                text.lines()
                    .nth(l)
                    .is_some_and(|t| t.trim_start().starts_with(|c: char| c.is_ascii_lowercase()))
            })
            .unwrap_or(line);
        let indent = text
            .lines()
            .nth(hover_line)
            .map_or(0, |t| t.len() - t.trim_start().len());
        // Hover and completion on the instruction the edits insert before (a line further down
        // while the added line is there).
        let hover_at = |inserted: bool| {
            let at = hover_line + usize::from(inserted);
            json!({"textDocument": {"uri": uri}, "position": {"line": at, "character": indent + 1}})
        };
        let runs = if text.len() > 2_000_000 { 20 } else { 50 };
        let mut edits = Vec::new();
        let mut analyses = Vec::new();
        let mut hovers = Vec::new();
        let mut completions = Vec::new();
        let mut shown = 0;
        for version in 1..=runs {
            let inserted = version % 2 == 1;
            let change = if inserted {
                json!({"range": {"start": {"line": hover_line, "character": 0}, "end": {"line": hover_line, "character": 0}}, "text": ADDED_ERROR})
            } else {
                json!({"range": {"start": {"line": hover_line, "character": 0}, "end": {"line": hover_line + 1, "character": 0}}, "text": ""})
            };
            let started = Instant::now();
            client.notify(
                "textDocument/didChange",
                json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}),
            );
            let count = client.diagnostics(version);
            edits.push(started.elapsed());
            if if inserted { count > findings } else { count == findings } {
                shown += 1;
            }
            let started = Instant::now();
            std::hint::black_box(client.request("textDocument/hover", hover_at(inserted)));
            hovers.push(started.elapsed());
            // Completion inside the opcode: every opcode the module's version and target allow.
            let started = Instant::now();
            std::hint::black_box(client.request("textDocument/completion", hover_at(inserted)));
            completions.push(started.elapsed());
            // What a fresh parse and symbol table cost (the first open; an edit re-parses incrementally).
            let started = Instant::now();
            let parsed = ptxkit_syntax::parse(text.as_str());
            std::hint::black_box(ptxkit_semantic::SemanticModel::build(&parsed));
            analyses.push(started.elapsed());
        }
        for samples in [&mut edits, &mut analyses, &mut hovers, &mut completions] {
            samples.sort();
        }
        println!(
            "{:>8.0} kB {:<55} {findings:>4} findings | diagnostics median {}, p90 {}, p99 {}, right after {shown}/{runs} edits | hover median {}, p99 {} | completion median {}, p99 {} | fresh parse + symbols median {} ({runs} edits)",
            text.len() as f64 / 1e3,
            path.strip_prefix(&dir).unwrap_or(path).display(),
            ms(percentile(&edits, 0.5)),
            ms(percentile(&edits, 0.9)),
            ms(percentile(&edits, 0.99)),
            ms(percentile(&hovers, 0.5)),
            ms(percentile(&hovers, 0.99)),
            ms(percentile(&completions, 0.5)),
            ms(percentile(&completions, 0.99)),
            ms(percentile(&analyses, 0.5)),
        );
        client.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}}));
    }
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    thread.join().expect("the server ends");
}
