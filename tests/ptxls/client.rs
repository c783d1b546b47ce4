//! A minimal LSP client for the tests: spawns the built `ptxls`, frames
//! JSON-RPC messages with `Content-Length`, and waits (with a deadline, so a
//! hung server fails the test instead of hanging it) for responses and
//! notifications.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long any one answer may take (a 4 MB document is linted in well under this).
const DEADLINE: Duration = Duration::from_secs(60);

pub struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    incoming: Receiver<Value>,
    /// Notifications received while waiting for something else.
    pending: Vec<Value>,
    next_id: i64,
    stderr: std::thread::JoinHandle<String>,
}

impl Client {
    /// Starts `ptxls` in `dir`.
    pub fn start(dir: &Path) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ptxls"))
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ptxls starts");
        let stdout = child.stdout.take().unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let (sender, incoming) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if sender.send(message).is_err() {
                    break;
                }
            }
        });
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Client {
            stdin: child.stdin.take(),
            child,
            incoming,
            pending: Vec::new(),
            next_id: 1,
            stderr,
        }
    }

    /// Sends raw bytes as one framed message.
    pub fn send_raw(&mut self, body: &str) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        stdin.flush().unwrap();
    }

    /// Sends a notification.
    pub fn notify(&mut self, method: &str, params: Value) {
        let body = json!({"jsonrpc": "2.0", "method": method, "params": params});
        self.send_raw(&body.to_string());
    }

    /// Sends a request and returns the whole response (`result` or `error`).
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send_raw(&body.to_string());
        self.wait_for(|m| m.get("id") == Some(&json!(id)) && m.get("method").is_none())
    }

    /// The `result` of a request that must succeed.
    pub fn result(&mut self, method: &str, params: Value) -> Value {
        let response = self.request(method, params);
        assert!(response.get("error").is_none(), "{method} failed: {response}");
        response["result"].clone()
    }

    /// The next notification with `method` (and matching `accept`).
    pub fn notification(&mut self, method: &str, accept: impl Fn(&Value) -> bool) -> Value {
        let found = self.wait_for(|m| m["method"] == method && accept(&m["params"]));
        found["params"].clone()
    }

    /// Whether a notification with `method` already arrived (without waiting).
    pub fn take_pending(&mut self, method: &str) -> Vec<Value> {
        while let Ok(message) = self.incoming.try_recv() {
            self.pending.push(message);
        }
        let (taken, kept) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|m| m["method"] == method);
        self.pending = kept;
        taken.into_iter().map(|m| m["params"].clone()).collect()
    }

    fn wait_for(&mut self, matches: impl Fn(&Value) -> bool) -> Value {
        if let Some(index) = self.pending.iter().position(&matches) {
            return self.pending.remove(index);
        }
        let deadline = Instant::now() + DEADLINE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(message) if matches(&message) => return message,
                Ok(message) => self.pending.push(message),
                Err(RecvTimeoutError::Timeout) => panic!("ptxls did not answer in {DEADLINE:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("ptxls closed its output; stderr:\n{}", self.kill()),
            }
        }
    }

    /// Closes the server's input (the client disconnects).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits for the server to end; its exit code and stderr.
    pub fn finish(mut self) -> (i32, String) {
        self.stdin = None;
        let deadline = Instant::now() + DEADLINE;
        let code = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status.code().unwrap_or(-1);
            }
            assert!(
                Instant::now() < deadline,
                "ptxls did not exit; stderr:\n{}",
                self.kill()
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        (code, self.stderr.join().unwrap())
    }

    fn kill(&mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        String::from("(killed)")
    }
}

/// Reads one framed message; `None` at the end of the output.
fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(value) = line.strip_prefix("Content-Length: ") {
            length = value.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

/// Applies LSP text edits (line/character in UTF-16, here all ASCII) to `text`.
pub fn apply_edits(text: &str, edits: &Value) -> String {
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |position: &Value| {
        let line = position["line"].as_u64().unwrap() as usize;
        let character = position["character"].as_u64().unwrap() as usize;
        starts.get(line).map_or(text.len(), |start| start + character)
    };
    let mut edits: Vec<(usize, usize, String)> = edits
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                offset(&e["range"]["start"]),
                offset(&e["range"]["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, new) in edits {
        out.replace_range(start..end, &new);
    }
    out
}
