//! The `server` target's property: `ptxls` keeps an edited document in step
//! with the editor and answers every request about it with ranges inside it.
//!
//! From the input's hash: the position encoding (UTF-16 or UTF-8) and a
//! sequence of `didChange` notifications (one to three changes each: characters
//! typed, multi-byte characters and line endings, deletions, lines pasted,
//! whole-text replacements; ranges given exactly, or past the end of a line or
//! of the text, inside a surrogate pair, between `\r` and `\n`, reversed).
//! After each notification:
//!
//! - a [`Document`] given the same changes holds the text the edits make (when
//!   every range was exact); its tree, re-parsed from the edited one, is a
//!   fresh parse's; its incremental lint is a full lint's;
//! - a server on an in-memory connection answers requests at positions chosen
//!   from the hash (hover, definition, references, highlight, completion,
//!   signature help, prepare-rename and rename, code actions, formatting and
//!   range formatting, symbols, folding, semantic tokens), with no error but
//!   the expected refusals; every position it returns lies in the text (a line
//!   it has, a character within that line, not inside a character); symbols'
//!   selection ranges lie in their ranges; semantic tokens are ordered, on one
//!   line and do not overlap; text edits do not overlap, and formatting edits
//!   keep every non-whitespace character; a rename adds no syntax error; the
//!   diagnostics it publishes carry the version and fit the text of that version.
//!
//! A panic anywhere (the server catches them to keep serving, but libFuzzer's
//! panic hook aborts first) is a crash.

use std::collections::HashMap;

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use lsp_types::TextDocumentContentChangeEvent;
use ptxkit_server::document::Document;
use ptxkit_server::position::Encoding;
use serde_json::{Value, json};

const URI: &str = "untitled:fuzz.ptx";

/// The server's property (see the module documentation), with choices
/// made from `seed`.
pub(crate) fn check(text: &str, seed: u64) {
    let mut random = fastrand::Rng::with_seed(seed);
    let encoding = if random.usize(..2) == 0 {
        Encoding::Utf16
    } else {
        Encoding::Utf8
    };
    let mut client = Client::start(encoding);
    let settings = ptxkit_lint::Settings::default();
    let mut document = Document::new(None, 0, text.to_string());
    let mut texts = HashMap::from([(0, text.to_string())]);
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "ptx", "version": 0, "text": text}}),
    );
    client.ask_about(document.text(), &mut random);
    for version in 1..=6 {
        let mut changes = Vec::new();
        let mut expected = Some(document.text().to_string());
        for _ in 0..1 + random.usize(..3) {
            let current = expected.clone().unwrap_or_else(|| document.text().to_string());
            let (change, exact) = random_change(&current, encoding, &mut random);
            expected = match (expected, exact) {
                (Some(mut before), Some((bytes, inserted))) => {
                    before.replace_range(bytes, &inserted);
                    Some(before)
                }
                _ => None,
            };
            // Without an expected text, later changes' positions are computed on a guess:
            // still positions, which is all the server may assume.
            changes.push(change);
            if expected.is_none() {
                break;
            }
        }
        document.apply_changes(version, changes.clone(), encoding);
        if let Some(expected) = &expected {
            assert_eq!(
                document.text(),
                expected,
                "the document after the changes of version {version}"
            );
        }
        check_incremental(&mut document, &settings, version);
        texts.insert(version, document.text().to_string());
        client.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": URI, "version": version}, "contentChanges": changes}),
        );
        client.ask_about(document.text(), &mut random);
        client.check_diagnostics(&texts);
    }
    client.finish(&texts);
}

/// The document's re-parsed tree and incremental lint against a fresh parse
/// and a full lint.
fn check_incremental(document: &mut Document, settings: &ptxkit_lint::Settings, version: i32) {
    let incremental = document.lint(settings);
    let fresh = ptxkit_syntax::parse(document.text());
    assert_eq!(
        document.analysis().parsed.root().to_sexp(),
        fresh.root().to_sexp(),
        "version {version}: the tree re-parsed from the edited one is not a fresh parse's"
    );
    let full = ptxkit_lint::lint_parsed(&fresh, settings);
    assert_eq!(
        incremental,
        full,
        "version {version}: incremental findings differ from a full lint of {:?}",
        document.text()
    );
}

/// Fragments typed or pasted: PTX punctuation and words, multi-byte
/// characters (one a UTF-16 surrogate pair), line endings.
const TYPED: &[&str] = &[
    " ",
    "x",
    "1",
    ";",
    "}",
    "{",
    "%",
    ".",
    "\n",
    "\r\n",
    "/",
    "*",
    "/*",
    "*/",
    "//",
    ",",
    "[",
    "]",
    "(",
    ")",
    "@",
    "\"",
    "\t",
    "é",
    "😀",
    "ℓ",
    "add.s32",
    ".reg .b32 %r<4>;",
    "mov.u32 %r1, %r2;\n",
    ".entry k()\n{\nret;\n}\n",
    "$L1:",
    ".version 8.0\n",
    ".target sm_90\n",
];

/// One change of `text`: the event, and when its range is exact, the byte
/// range it replaces and the text it inserts.
fn random_change(
    text: &str,
    encoding: Encoding,
    random: &mut fastrand::Rng,
) -> (TextDocumentContentChangeEvent, Option<(std::ops::Range<usize>, String)>) {
    let boundary = |mut at: usize| {
        at = at.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        // A position cannot fall between `\r` and `\n`.
        if at > 0 && text[..at].ends_with('\r') && text[at..].starts_with('\n') {
            at -= 1;
        }
        at
    };
    let at = boundary(random.usize(..text.len() + 1));
    let inserted = match random.usize(..6) {
        0..=2 => TYPED[random.usize(..TYPED.len())].to_string(),
        3 => String::new(),
        4 => {
            // A piece of the text, pasted.
            let from = boundary(random.usize(..text.len() + 1));
            let to = boundary(from + random.usize(..200));
            text[from..to].to_string()
        }
        _ => TYPED[random.usize(..TYPED.len())].repeat(1 + random.usize(..4)),
    };
    match random.usize(..10) {
        // Exact ranges: an insertion or a replacement of a few characters or lines.
        0..=6 => {
            let end = match random.usize(..3) {
                0 => at,
                1 => boundary(at + 1 + random.usize(..8)),
                _ => boundary(at + random.usize(..400)),
            };
            let range = lsp_types::Range::new(position(text, at, encoding), position(text, end, encoding));
            let change = TextDocumentContentChangeEvent {
                range: Some(range),
                range_length: None,
                text: inserted.clone(),
            };
            (change, Some((at..end, inserted)))
        }
        // The whole text.
        7 => {
            let change = TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: inserted.clone(),
            };
            (change, Some((0..text.len(), inserted)))
        }
        // A position the client got wrong: the server clamps it, whatever it is.
        _ => {
            let start = odd_position(text, at, encoding, random);
            let end = odd_position(text, boundary(at + random.usize(..40)), encoding, random);
            let change = TextDocumentContentChangeEvent {
                range: Some(lsp_types::Range::new(start, end)),
                range_length: None,
                text: inserted,
            };
            (change, None)
        }
    }
}

/// The lines of `text` as a client counts them (LSP 3.17: a line ends at `\n`, `\r\n`
/// or a lone `\r`): each line's byte range without its line ending, and the byte after
/// that ending.
fn lsp_lines(text: &str) -> Vec<(std::ops::Range<usize>, usize)> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let ending = match (bytes[i], bytes.get(i + 1)) {
            (b'\r', Some(b'\n')) => 2,
            (b'\r' | b'\n', _) => 1,
            _ => 0,
        };
        if ending > 0 {
            lines.push((start..i, i + ending));
            start = i + ending;
            i += ending;
        } else {
            i += 1;
        }
    }
    lines.push((start..text.len(), text.len()));
    lines
}

/// The position of byte `offset` (a character boundary, not inside a line ending)
/// counted the way the client does, characters in `encoding`'s units.
fn position(text: &str, offset: usize, encoding: Encoding) -> lsp_types::Position {
    let lines = lsp_lines(text);
    let line = lines.partition_point(|(range, _)| range.start <= offset).max(1) - 1;
    let start = lines[line].0.start;
    lsp_types::Position::new(line as u32, units(&text[start..offset], encoding) as u32)
}

fn units(text: &str, encoding: Encoding) -> usize {
    match encoding {
        Encoding::Utf16 => text.chars().map(char::len_utf16).sum(),
        Encoding::Utf8 => text.len(),
    }
}

/// A position near `offset` that a careless client might send.
fn odd_position(text: &str, offset: usize, encoding: Encoding, random: &mut fastrand::Rng) -> lsp_types::Position {
    let exact = position(text, offset, encoding);
    let lines = lsp_lines(text);
    match random.usize(..6) {
        0 => lsp_types::Position::new(exact.line, exact.character + 1 + random.usize(..50) as u32),
        1 => lsp_types::Position::new(lines.len() as u32 + random.usize(..3) as u32, random.usize(..5) as u32),
        2 => lsp_types::Position::new(u32::MAX, u32::MAX),
        // Inside a character: one unit into the next one (a surrogate pair's
        // second half in UTF-16, a continuation byte in UTF-8).
        3 => lsp_types::Position::new(exact.line, exact.character + 1),
        // One past the end of the line (between `\r` and `\n` when it ends so).
        4 => {
            let (range, _) = &lines[exact.line as usize];
            lsp_types::Position::new(exact.line, units(&text[range.clone()], encoding) as u32 + 1)
        }
        _ => lsp_types::Position::new(exact.line, 0),
    }
}

/// The editor's side of an in-memory connection to a server on its own thread.
struct Client {
    connection: Connection,
    server: Option<std::thread::JoinHandle<ptxkit_server::Ending>>,
    encoding: Encoding,
    next_id: i32,
    /// Diagnostics published and not yet checked.
    published: Vec<Value>,
}

impl Client {
    fn start(encoding: Encoding) -> Client {
        let (server, connection) = Connection::memory();
        let thread = std::thread::Builder::new()
            .stack_size(64 * 1024 * 1024)
            .spawn(move || ptxkit_server::run(&server))
            .expect("a thread for the server");
        let mut client = Client {
            connection,
            server: Some(thread),
            encoding,
            next_id: 0,
            published: Vec::new(),
        };
        let encodings = match encoding {
            Encoding::Utf16 => json!(["utf-16"]),
            Encoding::Utf8 => json!(["utf-8", "utf-16"]),
        };
        let answer = client.request(
            "initialize",
            json!({"capabilities": {"general": {"positionEncodings": encodings}}}),
        );
        let negotiated = answer["result"]["capabilities"]["positionEncoding"]
            .as_str()
            .unwrap_or("utf-16");
        assert_eq!(negotiated, encoding.kind().as_str(), "the negotiated position encoding");
        client.notify("initialized", json!({}));
        client
    }

    fn notify(&mut self, method: &str, params: Value) {
        let notification = Notification::new(method.to_string(), params);
        self.connection
            .sender
            .send(Message::Notification(notification))
            .expect("the server is running");
    }

    /// Sends a request and waits for its response (whole, as JSON).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let request = Request::new(id.clone(), method.to_string(), params);
        self.connection
            .sender
            .send(Message::Request(request))
            .expect("the server is running");
        loop {
            match self.connection.receiver.recv().expect("the server answers") {
                Message::Response(response) if response.id == id => return response_json(response),
                Message::Response(other) => panic!("a response to a request not sent: {other:?}"),
                Message::Notification(notification) => {
                    if notification.method == "textDocument/publishDiagnostics" {
                        self.published.push(notification.params);
                    }
                }
                // `workspace/applyEdit` after a rewrite command: the client need not answer.
                Message::Request(_) => {}
            }
        }
    }

    /// Asks the server about `text` (the document's current text) at a few
    /// positions, and checks the answers.
    fn ask_about(&mut self, text: &str, random: &mut fastrand::Rng) {
        let encoding = self.encoding;
        let document = json!({"uri": URI});
        for _ in 0..3 {
            let at = pick_offset(text, random);
            let position = if random.usize(..5) == 0 {
                odd_position(text, at, encoding, random)
            } else {
                position(text, at, encoding)
            };
            let at_json = json!({"textDocument": document, "position": position});
            for method in [
                "textDocument/hover",
                "textDocument/definition",
                "textDocument/documentHighlight",
                "textDocument/completion",
                "textDocument/signatureHelp",
            ] {
                let answer = self.request(method, at_json.clone());
                self.check_answer(method, &answer, text);
            }
            let references = json!({"textDocument": document, "position": position, "context": {"includeDeclaration": random.usize(..2) == 0}});
            let answer = self.request("textDocument/references", references);
            self.check_answer("textDocument/references", &answer, text);
            let prepared = self.request("textDocument/prepareRename", at_json.clone());
            self.check_answer("textDocument/prepareRename", &prepared, text);
            if let Some(range) = prepared.get("result").filter(|r| !r.is_null()) {
                self.check_rename(text, &document, position, range);
            }
        }
        let whole = json!({"textDocument": document});
        for method in [
            "textDocument/documentSymbol",
            "textDocument/foldingRange",
            "textDocument/semanticTokens/full",
        ] {
            let answer = self.request(method, whole.clone());
            self.check_answer(method, &answer, text);
        }
        let options = json!({"tabSize": 4, "insertSpaces": true});
        let answer = self.request(
            "textDocument/formatting",
            json!({"textDocument": document, "options": options}),
        );
        self.check_formatting(&answer, text);
        let start = pick_offset(text, random);
        let end = (start + random.usize(..2000)).min(text.len());
        let end = (end..=text.len())
            .find(|&i| text.is_char_boundary(i))
            .unwrap_or(text.len());
        let range = json!({"start": position(text, start, encoding), "end": position(text, end, encoding)});
        let answer = self.request(
            "textDocument/rangeFormatting",
            json!({"textDocument": document, "range": range, "options": options}),
        );
        self.check_formatting(&answer, text);
        let answer = self.request(
            "textDocument/codeAction",
            json!({"textDocument": document, "range": range, "context": {"diagnostics": []}}),
        );
        self.check_answer("textDocument/codeAction", &answer, text);
    }

    /// A prepared rename carried out: the name with a suffix, which must add
    /// no syntax error.
    fn check_rename(&mut self, text: &str, document: &Value, position: lsp_types::Position, range: &Value) {
        let Some(bytes) = byte_range(text, range, self.encoding) else {
            panic!("prepareRename's range {range} is not in the text");
        };
        let name = format!("{}_z", &text[bytes]);
        let answer = self.request(
            "textDocument/rename",
            json!({"textDocument": document, "position": position, "newName": name}),
        );
        self.check_answer("textDocument/rename", &answer, text);
        let Some(edits) = answer["result"]["changes"][URI].as_array() else {
            return;
        };
        let renamed = apply(text, edits, self.encoding, "rename");
        let before = ptxkit_syntax::parse(text).syntax_errors().len();
        let after = ptxkit_syntax::parse(renamed.as_str()).syntax_errors().len();
        assert!(
            after <= before,
            "renaming to {name} adds syntax errors ({before} → {after})"
        );
    }

    /// A formatting answer: valid ranges, and the edits applied keep every
    /// non-whitespace character.
    fn check_formatting(&mut self, answer: &Value, text: &str) {
        self.check_answer("formatting", answer, text);
        let Some(edits) = answer["result"].as_array() else {
            return;
        };
        let formatted = apply(text, edits, self.encoding, "formatting");
        let visible = |s: &str| s.chars().filter(|c| !c.is_whitespace()).collect::<String>();
        assert_eq!(
            visible(&formatted),
            visible(text),
            "formatting changed more than whitespace"
        );
    }

    /// Checks an answer: no error but a refusal, every range in `text`, and
    /// what each kind of answer promises besides.
    fn check_answer(&mut self, method: &str, answer: &Value, text: &str) {
        if let Some(error) = answer.get("error") {
            // RequestFailed (-32803) is a refusal with a reason (a name that cannot be
            // renamed, a file formatting gives up on); anything else is a bug.
            assert_eq!(error["code"], json!(-32803), "{method} answered an error: {error}");
            return;
        }
        let result = &answer["result"];
        check_ranges(method, result, text, self.encoding);
        match method {
            "textDocument/documentSymbol" => check_symbols(result, text, self.encoding),
            "textDocument/foldingRange" => {
                let lines = lsp_lines(text).len() as u64;
                for range in result.as_array().into_iter().flatten() {
                    let (start, end) = (range["startLine"].as_u64(), range["endLine"].as_u64());
                    assert!(
                        start.zip(end).is_some_and(|(s, e)| s <= e && e < lines),
                        "folding range {range} outside the text's {lines} lines"
                    );
                }
            }
            "textDocument/semanticTokens/full" => check_tokens(result, text, self.encoding),
            "textDocument/codeAction" => {
                for action in result.as_array().into_iter().flatten() {
                    if let Some(edits) = action["edit"]["changes"][URI].as_array() {
                        apply(text, edits, self.encoding, "a code action");
                    }
                }
            }
            _ => {}
        }
    }

    /// Checks the diagnostics published since the last call against the text
    /// of the version each names.
    fn check_diagnostics(&mut self, texts: &HashMap<i32, String>) {
        for params in std::mem::take(&mut self.published) {
            let version = params["version"].as_i64().and_then(|v| i32::try_from(v).ok());
            let Some(text) = version.and_then(|v| texts.get(&v)) else {
                panic!("diagnostics published for an unknown version: {}", params["version"]);
            };
            check_ranges("publishDiagnostics", &params["diagnostics"], text, self.encoding);
        }
    }

    /// Shuts the server down and checks it exits cleanly.
    fn finish(mut self, texts: &HashMap<i32, String>) {
        let answer = self.request("shutdown", Value::Null);
        assert!(answer.get("error").is_none(), "shutdown answered an error: {answer}");
        self.check_diagnostics(texts);
        self.notify("exit", Value::Null);
        let ending = self
            .server
            .take()
            .map(|thread| thread.join().expect("the server thread does not panic"));
        assert_eq!(
            ending,
            Some(ptxkit_server::Ending::Exit { after_shutdown: true }),
            "how the server ended"
        );
    }
}

fn response_json(response: Response) -> Value {
    serde_json::to_value(response).expect("a response serialises")
}

/// A character boundary of `text`, more often at the start of a word.
fn pick_offset(text: &str, random: &mut fastrand::Rng) -> usize {
    let mut at = random.usize(..text.len() + 1);
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The byte offset of an LSP position that must be exact: a line of the
/// text, a character within it (before its line ending), on a character
/// boundary. `None` otherwise.
fn byte_offset(text: &str, position: &Value, encoding: Encoding) -> Option<usize> {
    let line = usize::try_from(position["line"].as_u64()?).ok()?;
    let character = usize::try_from(position["character"].as_u64()?).ok()?;
    let (range, _) = lsp_lines(text).get(line)?.clone();
    let start = range.start;
    let line_text = &text[range];
    let mut counted = 0;
    for (offset, c) in line_text.char_indices() {
        if counted == character {
            return Some(start + offset);
        }
        counted += match encoding {
            Encoding::Utf16 => c.len_utf16(),
            Encoding::Utf8 => c.len_utf8(),
        };
        if counted > character {
            return None;
        }
    }
    (counted == character).then_some(start + line_text.len())
}

/// The byte range of an exact LSP range, start not after end.
fn byte_range(text: &str, range: &Value, encoding: Encoding) -> Option<std::ops::Range<usize>> {
    let start = byte_offset(text, &range["start"], encoding)?;
    let end = byte_offset(text, &range["end"], encoding)?;
    (start <= end).then_some(start..end)
}

/// Every LSP range in `value` (any object with `start` and `end` positions)
/// is exact in `text`.
fn check_ranges(method: &str, value: &Value, text: &str, encoding: Encoding) {
    match value {
        Value::Object(object) => {
            let is_position =
                |v: Option<&Value>| v.is_some_and(|p| p.get("line").is_some() && p.get("character").is_some());
            if is_position(object.get("start")) && is_position(object.get("end")) {
                let line = value["start"]["line"].as_u64().unwrap_or(0) as usize;
                assert!(
                    byte_range(text, value, encoding).is_some(),
                    "{method}: range {value} is not in the text ({encoding:?}; line {line}: {:?})",
                    lsp_lines(text).get(line).map(|(range, _)| &text[range.clone()])
                );
            }
            object.values().for_each(|v| check_ranges(method, v, text, encoding));
        }
        Value::Array(items) => items.iter().for_each(|v| check_ranges(method, v, text, encoding)),
        _ => {}
    }
}

/// Document symbols: each selection range lies in its symbol's range.
fn check_symbols(value: &Value, text: &str, encoding: Encoding) {
    for symbol in value.as_array().into_iter().flatten() {
        let range = byte_range(text, &symbol["range"], encoding);
        let selection = byte_range(text, &symbol["selectionRange"], encoding);
        assert!(
            range
                .zip(selection)
                .is_some_and(|(r, s)| r.start <= s.start && s.end <= r.end),
            "symbol {}: selection range not in its range",
            symbol["name"]
        );
        check_symbols(&symbol["children"], text, encoding);
    }
}

/// Semantic tokens: each on one line of the text, within it, after the one
/// before.
fn check_tokens(value: &Value, text: &str, encoding: Encoding) {
    let Some(data) = value["data"].as_array() else { return };
    assert_eq!(data.len() % 5, 0, "semantic tokens come in fives");
    let lines: Vec<&str> = lsp_lines(text).into_iter().map(|(range, _)| &text[range]).collect();
    let (mut line, mut start, mut previous_end) = (0usize, 0usize, 0usize);
    for token in data.chunks(5) {
        let field = |i: usize| token[i].as_u64().expect("a token field is a number") as usize;
        if field(0) > 0 {
            line += field(0);
            start = field(1);
            previous_end = 0;
        } else {
            start += field(1);
        }
        let length = field(2);
        assert!(
            start >= previous_end,
            "semantic token at {line}:{start} overlaps the one before"
        );
        let Some(line_text) = lines.get(line) else {
            panic!("semantic token on line {line}, past the text's {} lines", lines.len());
        };
        assert!(
            start + length <= units(line_text, encoding) && length > 0,
            "semantic token {line}:{start}+{length} is not within its line"
        );
        previous_end = start + length;
    }
}

/// Applies LSP text edits (exact, not overlapping) to `text`.
fn apply(text: &str, edits: &[Value], encoding: Encoding, what: &str) -> String {
    let mut ranges: Vec<(std::ops::Range<usize>, &str)> = edits
        .iter()
        .map(|edit| {
            let Some(range) = byte_range(text, &edit["range"], encoding) else {
                let line = edit["range"]["start"]["line"].as_u64().unwrap_or(0) as usize;
                panic!(
                    "{what}: edit range {} is not in the text (line {line}: {:?})",
                    edit["range"],
                    lsp_lines(text).get(line).map(|(range, _)| &text[range.clone()])
                );
            };
            (range, edit["newText"].as_str().unwrap_or_default())
        })
        .collect();
    ranges.sort_by_key(|(range, _)| (range.start, range.end));
    for pair in ranges.windows(2) {
        assert!(
            pair[0].0.end <= pair[1].0.start,
            "{what}: edits {:?} and {:?} overlap",
            pair[0].0,
            pair[1].0
        );
    }
    let mut out = text.to_string();
    for (range, new_text) in ranges.into_iter().rev() {
        out.replace_range(range, new_text);
    }
    out
}
