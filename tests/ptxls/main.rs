//! `ptxls` end to end: the built binary driven over stdio as an editor
//! drives it (initialize, didOpen, didChange, hover, definition, references,
//! documentHighlight, documentSymbol, formatting, shutdown, exit), with
//! snapshots of the responses; and the protocol's bad inputs (requests before
//! initialize, unknown methods, invalid params, closed documents, positions
//! past the end, a huge document, deep nesting, a client that disconnects) answered with
//! errors, never a panic or a hang.

mod client;

use std::path::Path;

use client::{Client, apply_edits};
use serde_json::{Value, json};

const KERNEL: &str = "\
.version 8.0
.target sm_90
.address_size 64

.global .align 4 .u32 counter;
.tex .u32 oldtex;

.func (.reg .b32 r) add_one(.reg .b32 x)
{
add.s32 r,x,1;
ret;
}

.visible .entry k(.param .u64 out)
{
.reg .b32 %r<4>;
.reg .b64 %rd<2>;
.reg .pred %p;
ld.param.u64 %rd1, [out];
mov.u32 %r1, %tid.x;
setp.eq.u32 %p, %r1, 0;
@%p bra DONE;
st.global.u32 [%rd1],%r1;
add.s32 %r2, %r9, 1;
DONE:
ret;
}
";

/// The `file:` URI of `name` in `dir`.
fn uri(dir: &Path, name: &str) -> String {
    format!("file://{}", dir.join(name).display())
}

/// A value with the temporary directory's URI replaced, for snapshots.
fn redact(value: &Value, dir: &Path) -> Value {
    let text = value
        .to_string()
        .replace(&format!("file://{}", dir.display()), "file:///WORKSPACE");
    serde_json::from_str(&text).unwrap()
}

/// `initialize` + `initialized`; returns the `initialize` result.
fn initialize(client: &mut Client, dir: &Path, encodings: &[&str]) -> Value {
    let result = client.result(
        "initialize",
        json!({
            "processId": null,
            "rootUri": format!("file://{}", dir.display()),
            "capabilities": {"general": {"positionEncodings": encodings}},
        }),
    );
    client.notify("initialized", json!({}));
    result
}

fn open(client: &mut Client, uri: &str, text: &str) {
    client.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "ptx", "version": 1, "text": text}}),
    );
}

/// The diagnostics published for `uri` at `version`.
fn diagnostics(client: &mut Client, uri: &str, version: i64) -> Value {
    client.notification("textDocument/publishDiagnostics", |p| {
        p["uri"] == uri && p["version"] == version
    })
}

fn at(uri: &str, line: u32, character: u32) -> Value {
    json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
}

/// The 0-based line and character of the `nth` occurrence of `needle` in `text`.
fn find(text: &str, needle: &str, nth: usize) -> (u32, u32) {
    let offset = text.match_indices(needle).nth(nth).expect("needle present").0;
    let line = text[..offset].matches('\n').count();
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    (line as u32, (offset - start) as u32)
}

#[test]
fn an_editor_session_over_stdio() {
    let dir = tempfile::tempdir().unwrap();
    let uri = uri(dir.path(), "k.ptx");
    let mut client = Client::start(dir.path());
    let init = initialize(&mut client, dir.path(), &["utf-16"]);
    assert_eq!(init["serverInfo"]["name"], "ptxls");
    insta::assert_json_snapshot!("initialize", init["capabilities"]);

    open(&mut client, &uri, KERNEL);
    let published = diagnostics(&mut client, &uri, 1);
    insta::assert_json_snapshot!("diagnostics_on_open", redact(&published, dir.path()));

    let hover = |client: &mut Client, needle: &str, nth: usize, shift: u32| {
        let (line, character) = find(KERNEL, needle, nth);
        client.result("textDocument/hover", at(&uri, line, character + shift))
    };
    insta::assert_json_snapshot!("hover_opcode_chain", hover(&mut client, "ld.param.u64", 0, 4));
    insta::assert_json_snapshot!("hover_range_register", hover(&mut client, "%r1", 1, 2));
    insta::assert_json_snapshot!("hover_label", hover(&mut client, "DONE", 0, 0));
    insta::assert_json_snapshot!("hover_parameter", hover(&mut client, "[out]", 0, 1));
    insta::assert_json_snapshot!("hover_function", hover(&mut client, "add_one", 0, 0));
    insta::assert_json_snapshot!("hover_module_variable", hover(&mut client, "counter", 0, 0));
    insta::assert_json_snapshot!("hover_special_register", hover(&mut client, "%tid.x", 0, 1));
    // On `.version`: the release that introduced it, and why no toolkit takes the file
    // (its `.tex` variable).
    insta::assert_json_snapshot!("hover_version", hover(&mut client, ".version 8.0", 0, 3));
    // Between instructions there is nothing to say.
    assert_eq!(hover(&mut client, "\n\n.func", 0, 1), Value::Null);

    let (line, character) = find(KERNEL, "DONE", 0);
    let definition = client.result("textDocument/definition", at(&uri, line, character + 2));
    let (decl_line, _) = find(KERNEL, "DONE:", 0);
    assert_eq!(definition["range"]["start"]["line"], decl_line);
    insta::assert_json_snapshot!("definition_of_label", redact(&definition, dir.path()));

    let (line, character) = find(KERNEL, "%r1", 2);
    let mut params = at(&uri, line, character);
    params["context"] = json!({"includeDeclaration": true});
    let references = client.result("textDocument/references", params);
    insta::assert_json_snapshot!("references_of_range_member", redact(&references, dir.path()));
    let highlight = client.result("textDocument/documentHighlight", at(&uri, line, character));
    insta::assert_json_snapshot!("highlight_of_range_member", highlight);

    let symbols = client.result("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
    insta::assert_json_snapshot!("document_symbols", symbols);

    // Rename: a range renames every member; a member, a special register, a name the
    // grammar refuses and a name that collides are refused with a reason.
    let rename = |client: &mut Client, needle: &str, nth: usize, new_name: &str| {
        let (line, character) = find(KERNEL, needle, nth);
        let mut params = at(&uri, line, character + 1);
        params["newName"] = json!(new_name);
        client.request("textDocument/rename", params)
    };
    let (line, character) = find(KERNEL, "%r<4>", 0);
    let prepared = client.result("textDocument/prepareRename", at(&uri, line, character + 1));
    assert_eq!(prepared["end"]["character"], character + 2, "{prepared}");
    let renamed = rename(&mut client, "%r<4>", 0, "%v");
    let edits = &renamed["result"]["changes"][&uri];
    insta::assert_snapshot!("rename_range", apply_edits(KERNEL, edits));
    let renamed = rename(&mut client, "DONE", 1, "EXIT");
    let applied = apply_edits(KERNEL, &renamed["result"]["changes"][&uri]);
    assert!(
        applied.contains("@%p bra EXIT;\n") && applied.contains("\nEXIT:\n"),
        "{applied}"
    );
    for (needle, nth, new_name, reason) in [
        ("%r1", 1, "%v1", "one register of `%r<4>`"),
        ("%p;", 0, "%rd1", "collides"),
        ("DONE", 1, "1 2", "not a valid PTX name"),
    ] {
        let refused = rename(&mut client, needle, nth, new_name);
        assert_eq!(refused["error"]["code"], -32803, "{needle} → {new_name}: {refused}");
        let message = refused["error"]["message"].as_str().unwrap();
        assert!(message.contains(reason), "{needle} → {new_name}: {message}");
    }
    let (line, character) = find(KERNEL, "%tid", 0);
    let special = client.request("textDocument/prepareRename", at(&uri, line, character + 1));
    assert!(
        special["error"]["message"]
            .as_str()
            .unwrap()
            .contains("special register"),
        "{special}"
    );

    let options = json!({"tabSize": 4, "insertSpaces": true});
    let edits = client.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": options}),
    );
    insta::assert_json_snapshot!("formatting", edits);
    let formatted = ptxkit_fmt::format_text(KERNEL, &ptxkit_fmt::Options::default()).unwrap();
    assert_eq!(apply_edits(KERNEL, &edits), formatted, "the edits make ptxfmt's output");

    // Range formatting of the function `add_one` only.
    let (first, _) = find(KERNEL, "add.s32 r,x,1;", 0);
    let range = json!({"start": {"line": first, "character": 0}, "end": {"line": first, "character": 3}});
    let edits = client.result(
        "textDocument/rangeFormatting",
        json!({"textDocument": {"uri": uri}, "range": range, "options": options}),
    );
    insta::assert_json_snapshot!("range_formatting", edits);
    let ranged = apply_edits(KERNEL, &edits);
    assert!(ranged.contains("    add.s32 r, x, 1;\nret;"), "{ranged}");

    // Completion: the next modifier after `ld.param.`, and the names in scope in operands.
    let labels = |value: &Value| -> Vec<String> {
        let mut labels: Vec<String> = value
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect();
        labels.sort();
        labels
    };
    let (line, character) = find(KERNEL, "ld.param.u64", 0);
    let modifiers = client.result("textDocument/completion", at(&uri, line, character + 9));
    let modifiers = labels(&modifiers);
    assert!(
        modifiers.contains(&".u64".to_string()) && modifiers.contains(&".v2".to_string()),
        "{modifiers:?}"
    );
    assert!(
        !modifiers.contains(&".global".to_string()),
        "a second state space: {modifiers:?}"
    );
    let (line, character) = find(KERNEL, "%r9", 0);
    let names = labels(&client.result("textDocument/completion", at(&uri, line, character + 1)));
    for name in [
        "%r", "%rd", "%p", "out", "DONE", "counter", "add_one", "%tid", "%laneid",
    ] {
        assert!(names.contains(&name.to_string()), "{name}: {names:?}");
    }
    assert!(
        !names.contains(&"x".to_string()),
        "add_one's parameter is not in scope: {names:?}"
    );

    // Signature help in `st.global.u32 [%rd1],|%r1`: the second operand.
    let (line, character) = find(KERNEL, "%r1;\nadd.s32", 0);
    let help = client.result("textDocument/signatureHelp", at(&uri, line, character));
    assert_eq!(help["activeParameter"], 1, "{help}");
    insta::assert_snapshot!("signature_help_st", help["signatures"][0]["label"].as_str().unwrap());

    // Code actions on the `.tex` line: its safe fix (preferred) and a suppression.
    let (line, _) = find(KERNEL, ".tex .u32 oldtex;", 0);
    let range = json!({"start": {"line": line, "character": 0}, "end": {"line": line, "character": 3}});
    let actions = client.result(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": range, "context": {"diagnostics": []}}),
    );
    let titles: Vec<&str> = actions
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    insta::assert_json_snapshot!("code_actions_tex", titles);
    let fixed = apply_edits(KERNEL, &actions[0]["edit"]["changes"][&uri]);
    assert!(!fixed.contains(".tex .u32"), "{fixed}");
    assert_eq!(actions[0]["isPreferred"], true);
    let suppressed = apply_edits(KERNEL, &actions[1]["edit"]["changes"][&uri]);
    assert!(
        suppressed.contains("// ptxlint: allow(deprecated-tex-state-space)\n.tex .u32 oldtex;"),
        "{suppressed}"
    );
    let fix_all = client.result(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": range,
               "context": {"diagnostics": [], "only": ["source.fixAll"]}}),
    );
    assert_eq!(fix_all.as_array().unwrap().len(), 1, "{fix_all}");
    assert!(fix_all[0]["title"].as_str().unwrap().starts_with("Apply "), "{fix_all}");

    // Folding ranges and semantic tokens.
    let folds = client.result("textDocument/foldingRange", json!({"textDocument": {"uri": uri}}));
    insta::assert_json_snapshot!("folding_ranges", folds);
    let tokens = client.result(
        "textDocument/semanticTokens/full",
        json!({"textDocument": {"uri": uri}}),
    );
    let data = tokens["data"].as_array().unwrap();
    assert_eq!(data.len() % 5, 0);
    assert!(data.len() / 5 > 60, "{} tokens", data.len() / 5);

    // The rewrite command: the edit comes back and the server asks the client to apply
    // it; words ptxrewrite does not take are refused with a reason (refusals of constructs
    // without an equivalent are unit-tested in crates/server/src/rewrite.rs).
    let moved = client.result(
        "workspace/executeCommand",
        json!({"command": "ptxls.rewrite", "arguments": [uri, "--to 7.0"]}),
    );
    let rewritten = apply_edits(KERNEL, &moved["changes"][&uri]);
    assert!(rewritten.starts_with(".version 7.0\n.target sm_80\n"), "{rewritten}");
    let apply = client.take_pending("workspace/applyEdit");
    assert_eq!(apply.len(), 1, "{apply:?}");
    assert_eq!(apply[0]["edit"], moved);
    let refused = client.request(
        "workspace/executeCommand",
        json!({"command": "ptxls.rewrite", "arguments": [uri, "--to 99.0"]}),
    );
    assert_eq!(refused["error"]["code"], -32803, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .contains("cannot understand"),
        "{refused}"
    );
    let unknown = client.request("workspace/executeCommand", json!({"command": "nope", "arguments": []}));
    assert_eq!(unknown["error"]["code"], -32602, "{unknown}");

    // An incremental edit fixes `%r9`; a second in the same message breaks `ret;`.
    let (line, character) = find(KERNEL, "%r9", 0);
    let (ret_line, _) = find(KERNEL, "ret;\n}\n", 1);
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [
                {"range": {"start": {"line": line, "character": character + 2},
                           "end": {"line": line, "character": character + 3}}, "text": "3"},
                {"range": {"start": {"line": ret_line, "character": 0},
                           "end": {"line": ret_line, "character": 3}}, "text": "rett"},
            ],
        }),
    );
    let published = diagnostics(&mut client, &uri, 2);
    insta::assert_json_snapshot!("diagnostics_after_incremental_change", redact(&published, dir.path()));

    // A full-text change, then formatting around the syntax error it keeps.
    let broken = KERNEL
        .replace("DONE:\nret;", "DONE:\nret")
        .replace("add.s32 r,x,1;", "add.s32 r,x,   1;");
    client.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 3}, "contentChanges": [{"text": broken}]}),
    );
    let published = diagnostics(&mut client, &uri, 3);
    assert!(
        published["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["data"]["rule"] == "syntax-error"),
        "{published}"
    );
    let edits = client.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": options}),
    );
    let around = apply_edits(&broken, &edits);
    assert!(
        around.contains("    add.s32 r, x, 1;"),
        "the clean function is formatted:\n{around}"
    );
    assert!(
        around.contains("add.s32 %r2, %r9, 1;\nDONE:\nret\n}"),
        "the broken one is kept:\n{around}"
    );

    client.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}}));
    let cleared = client.notification("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(cleared["diagnostics"], json!([]));

    assert_eq!(client.result("shutdown", Value::Null), Value::Null);
    client.notify("exit", Value::Null);
    let (code, stderr) = client.finish();
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn bad_requests_get_protocol_errors_not_panics() {
    let dir = tempfile::tempdir().unwrap();
    let uri = uri(dir.path(), "k.ptx");
    let mut client = Client::start(dir.path());

    let early = client.request("textDocument/hover", at(&uri, 0, 0));
    assert_eq!(early["error"]["code"], -32002, "{early}");
    initialize(&mut client, dir.path(), &["utf-16"]);
    let again = client.request("initialize", json!({"capabilities": {}}));
    assert_eq!(again["error"]["code"], -32600, "{again}");

    let unknown = client.request("textDocument/teleport", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let invalid = client.request("textDocument/hover", json!({"textDocument": 3}));
    assert_eq!(invalid["error"]["code"], -32602, "{invalid}");
    let closed = client.request("textDocument/hover", at(&uri, 0, 0));
    assert_eq!(closed["error"]["code"], -32602, "{closed}");
    assert!(
        closed["error"]["message"].as_str().unwrap().contains("is not open"),
        "{closed}"
    );
    let closed = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(closed["error"]["code"], -32602, "{closed}");

    // Positions past the end of a line, of the text, and at u32::MAX.
    open(&mut client, &uri, KERNEL);
    diagnostics(&mut client, &uri, 1);
    for (line, character) in [(2, 500), (500, 0), (u32::MAX, u32::MAX)] {
        for method in [
            "textDocument/hover",
            "textDocument/definition",
            "textDocument/documentHighlight",
        ] {
            let response = client.request(method, at(&uri, line, character));
            assert!(
                response.get("error").is_none(),
                "{method} {line}:{character}: {response}"
            );
        }
    }
    // An edit whose range is past the end appends; a reversed range inserts at its start.
    client.notify(
        "textDocument/didChange",
        json!({
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [
                {"range": {"start": {"line": 900, "character": 9}, "end": {"line": 999, "character": 0}},
                 "text": "// tail\n"},
                {"range": {"start": {"line": 1, "character": 99}, "end": {"line": 0, "character": 0}},
                 "text": " // sm"},
            ],
        }),
    );
    diagnostics(&mut client, &uri, 2);
    let symbols = client.result("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
    assert_eq!(symbols.as_array().unwrap().len(), 4, "{symbols}");

    // Non-ASCII text and a NUL character (valid in a JSON string): positions in UTF-16.
    let odd_uri = format!("{uri}.odd.ptx");
    let odd = ".version 8.0\n.target sm_90\n// 😀 é\n.entry k()\n{\n.reg .b32 %r<2>;\n/*😀*/ mov.u32 %r1, 0;\n\u{0}\nret;\n}\n";
    open(&mut client, &odd_uri, odd);
    diagnostics(&mut client, &odd_uri, 1);
    // `/*😀*/ ` is 7 UTF-16 code units (9 bytes): `mov` starts at character 7.
    let hover = client.result("textDocument/hover", at(&odd_uri, 6, 8));
    assert!(
        hover["contents"]["value"].as_str().unwrap().contains("mov.u32"),
        "{hover}"
    );
    assert_eq!(hover["range"]["start"], json!({"line": 6, "character": 7}), "{hover}");

    // A huge document (about 4 MB): diagnostics arrive, requests answer.
    let body = ".reg .b32 %r<4>;\nmov.u32 %r1, 1;\nadd.s32 %r2, %r1, %r1;\n";
    let mut huge = String::from(".version 8.0\n.target sm_90\n.address_size 64\n");
    let mut n = 0;
    while huge.len() < 4_000_000 {
        huge.push_str(&format!(".entry k{n}()\n{{\n{body}ret;\n}}\n"));
        n += 1;
    }
    let huge_uri = format!("{uri}.huge.ptx");
    open(&mut client, &huge_uri, &huge);
    let published = diagnostics(&mut client, &huge_uri, 1);
    assert_eq!(published["diagnostics"], json!([]), "the generated kernels are clean");
    let symbols = client.result(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": huge_uri}}),
    );
    assert_eq!(symbols.as_array().unwrap().len(), n);

    // 100,000 nested blocks and 10,000 parentheses: analysed; the formatter refuses with its reason.
    let deep = format!(
        ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{}\n.reg .b32 %r1;\nmov.u32 %r1, 1;\n{}\n.global .u32 a = {}1{};\n",
        "{".repeat(100_000),
        "}".repeat(100_000),
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    let deep_uri = format!("{uri}.deep.ptx");
    open(&mut client, &deep_uri, &deep);
    diagnostics(&mut client, &deep_uri, 1);
    let (line, character) = find(&deep, "mov.u32 %r1", 0);
    let hover = client.result("textDocument/hover", at(&deep_uri, line, character + 10));
    assert!(hover["contents"]["value"].as_str().unwrap().contains(".b32"), "{hover}");
    // On the deepest declaration's type, in no instruction and on no name: every request
    // answers at once (climbing from there to the root would cost the square of the depth).
    let (line, character) = find(&deep, ".reg .b32 %r1", 0);
    let position = at(&deep_uri, line, character + 6);
    for method in [
        "textDocument/hover",
        "textDocument/signatureHelp",
        "textDocument/completion",
        "textDocument/definition",
        "textDocument/documentHighlight",
        "textDocument/prepareRename",
    ] {
        let answer = client.request(method, position.clone());
        assert!(
            answer.get("result").is_some() || answer.get("error").is_some(),
            "{method}: {answer}"
        );
    }
    let symbols = client.result(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": deep_uri}}),
    );
    assert_eq!(symbols.as_array().unwrap().len(), 2, "{symbols}");
    let refused = client.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": deep_uri}, "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(refused["error"]["code"], -32803, "{refused}");
    assert!(
        refused["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("nested too deeply"),
        "{refused}"
    );

    // Closing clears the diagnostics; the document is then unknown.
    client.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}}));
    let cleared = client.notification("textDocument/publishDiagnostics", |p| p["uri"] == uri);
    assert_eq!(cleared["diagnostics"], json!([]));
    let gone = client.request("textDocument/documentSymbol", json!({"textDocument": {"uri": uri}}));
    assert_eq!(gone["error"]["code"], -32602, "{gone}");

    // After shutdown, requests are refused; exit then ends with 0.
    assert_eq!(client.result("shutdown", Value::Null), Value::Null);
    let late = client.request("textDocument/hover", at(&huge_uri, 0, 0));
    assert_eq!(late["error"]["code"], -32600, "{late}");
    client.notify("exit", Value::Null);
    let (code, stderr) = client.finish();
    assert_eq!(code, 0, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn exit_without_shutdown_and_disconnects_end_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let mut client = Client::start(dir.path());
    initialize(&mut client, dir.path(), &[]);
    client.notify("exit", Value::Null);
    let (code, stderr) = client.finish();
    assert_eq!(code, 1, "exit without shutdown: {stderr}");

    let mut client = Client::start(dir.path());
    initialize(&mut client, dir.path(), &[]);
    open(&mut client, &uri(dir.path(), "k.ptx"), KERNEL);
    client.close_input();
    let (code, stderr) = client.finish();
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stderr.trim(), "ptxls: the client closed the connection without `exit`");

    // A malformed message: the server reports it and stops, without a panic.
    let mut client = Client::start(dir.path());
    client.send_raw("{not json");
    let (code, stderr) = client.finish();
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(
        stderr.starts_with("ptxls: ") && !stderr.contains("panicked"),
        "{stderr}"
    );
}

#[test]
fn configuration_files_apply_per_document() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("quiet")).unwrap();
    std::fs::write(dir.path().join("quiet/ptxlint.toml"), "ignore = [\"PTX201\"]\n").unwrap();
    std::fs::write(dir.path().join("quiet/ptxfmt.toml"), "indent_width = 2\n").unwrap();
    std::fs::create_dir(dir.path().join("broken")).unwrap();
    std::fs::write(dir.path().join("broken/ptxlint.toml"), "selectt = [\"ALL\"]\n").unwrap();
    let mut client = Client::start(dir.path());
    // A client that offers UTF-8 positions gets them.
    let init = initialize(&mut client, dir.path(), &["utf-8", "utf-16"]);
    assert_eq!(init["capabilities"]["positionEncoding"], "utf-8");

    let codes = |published: &Value| -> Vec<String> {
        published["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["code"].as_str().unwrap().to_string())
            .collect()
    };
    let plain = uri(dir.path(), "k.ptx");
    open(&mut client, &plain, KERNEL);
    assert_eq!(codes(&diagnostics(&mut client, &plain, 1)), ["PTX201", "PTX404"]);
    let quiet = uri(dir.path(), "quiet/k.ptx");
    open(&mut client, &quiet, KERNEL);
    assert_eq!(codes(&diagnostics(&mut client, &quiet, 1)), ["PTX404"]);
    let edits = client.result(
        "textDocument/formatting",
        json!({"textDocument": {"uri": quiet}, "options": {"tabSize": 8, "insertSpaces": false}}),
    );
    assert!(
        apply_edits(KERNEL, &edits).contains("\n  add.s32 r, x, 1;\n"),
        "ptxfmt.toml's indent"
    );

    // A suppression comment in the text: as ptxlint, and an unused one is tagged unnecessary.
    let suppressed = KERNEL
        .replace(
            ".tex .u32 oldtex;",
            ".tex .u32 oldtex; // ptxlint: allow(PTX201) legacy",
        )
        .replace(
            ".reg .pred %p;",
            ".reg .pred %p; // ptxlint: allow(PTX101) nothing here",
        );
    let with_comments = uri(dir.path(), "suppressed.ptx");
    open(&mut client, &with_comments, &suppressed);
    let published = diagnostics(&mut client, &with_comments, 1);
    assert_eq!(codes(&published), ["PTX901", "PTX404"], "{published}");
    assert_eq!(published["diagnostics"][0]["tags"], json!([1]), "{published}");

    // A bad configuration: one message naming it, then the defaults.
    let broken = uri(dir.path(), "broken/k.ptx");
    open(&mut client, &broken, KERNEL);
    assert_eq!(codes(&diagnostics(&mut client, &broken, 1)), ["PTX201", "PTX404"]);
    let shown = client.notification("window/showMessage", |_| true);
    let message = shown["message"].as_str().unwrap();
    assert!(message.contains("broken/ptxlint.toml"), "{message}");
    assert!(client.take_pending("window/showMessage").is_empty(), "shown once");

    assert_eq!(client.result("shutdown", Value::Null), Value::Null);
    client.notify("exit", Value::Null);
    assert_eq!(client.finish().0, 0);
}

#[test]
fn references_include_the_declaration_exactly_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let uri = uri(dir.path(), "k.ptx");
    let mut client = Client::start(dir.path());
    initialize(&mut client, dir.path(), &["utf-16"]);
    open(&mut client, &uri, KERNEL);
    diagnostics(&mut client, &uri, 1);

    // The text of each location, for one line each.
    let texts = |locations: &Value| -> Vec<String> {
        locations
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                let (start, end) = (&l["range"]["start"], &l["range"]["end"]);
                assert_eq!(start["line"], end["line"], "{l}");
                let line = KERNEL.lines().nth(start["line"].as_u64().unwrap() as usize).unwrap();
                let (from, to) = (start["character"].as_u64().unwrap(), end["character"].as_u64().unwrap());
                format!("{}:{}", start["line"], &line[from as usize..to as usize])
            })
            .collect()
    };
    // (a use to ask at, the declaration as a location shows it, how many uses besides it)
    for (needle, nth, declared, uses) in [
        ("%r1", 2, "15:%r<4>", 3), // a range member: declared by the `%r<4>` declarator
        ("%rd1", 1, "16:%rd<2>", 2),
        ("%p,", 0, "17:%p", 2),         // a register declared alone
        ("DONE", 0, "24:DONE", 1),      // a label
        ("[out]", 0, "13:out", 1),      // a kernel parameter
        ("x,1", 0, "7:x", 1),           // a function parameter
        ("counter", 0, "4:counter", 0), // asked at the declaration itself
        ("add_one", 0, "7:add_one", 0),
    ] {
        let (line, character) = find(KERNEL, needle, nth);
        let shift = u32::from(needle.starts_with('['));
        let ask = |include: bool, client: &mut Client| {
            let mut params = at(&uri, line, character + shift);
            params["context"] = json!({"includeDeclaration": include});
            texts(&client.result("textDocument/references", params))
        };
        let with = ask(true, &mut client);
        let without = ask(false, &mut client);
        assert!(with.contains(&declared.to_string()), "{needle}: {with:?}");
        assert!(!without.contains(&declared.to_string()), "{needle}: {without:?}");
        assert_eq!(with.len(), without.len() + 1, "{needle}: {with:?} / {without:?}");
        assert_eq!(without.len(), uses, "{needle}: {without:?}");
        let mut sorted = with.clone();
        sorted.sort_by_key(|t| t.split(':').next().unwrap().parse::<u32>().unwrap());
        assert_eq!(with, sorted, "{needle}: in source order");
        // Go to definition lands on the same declaration.
        let definition = client.result("textDocument/definition", at(&uri, line, character + shift));
        assert_eq!(texts(&json!([definition])), [declared], "{needle}");
    }

    assert_eq!(client.result("shutdown", Value::Null), Value::Null);
    client.notify("exit", Value::Null);
    assert_eq!(client.finish().0, 0);
}

#[test]
fn hover_on_version_names_the_oldest_toolkit_and_driver() {
    let dir = tempfile::tempdir().unwrap();
    let uri = uri(dir.path(), "v.ptx");
    let mut client = Client::start(dir.path());
    initialize(&mut client, dir.path(), &["utf-16"]);
    let text = ".version 8.1\n.target sm_90\n.address_size 64\n\n.visible .entry k()\n{\n    ret;\n}\n";
    open(&mut client, &uri, text);
    diagnostics(&mut client, &uri, 1);
    for character in [0, 4, 9, 11] {
        let hover = client.result("textDocument/hover", at(&uri, 0, character));
        let shown = hover["contents"]["value"].as_str().unwrap_or_default();
        assert!(
            shown.starts_with("PTX ISA 8.1: first in CUDA 12.1 (driver R530)"),
            "{character}: {hover}"
        );
        assert!(
            shown.contains(
                "as written (.version 8.1, .target sm_90): assembled by ptxas of CUDA 12.1 or newer, \
                 JIT-compiled by driver R530 or newer"
            ),
            "{shown}"
        );
        assert!(
            shown.contains(
                "lowered (.version 7.8, .target sm_90; ptxrewrite --to 7.8): assembled by ptxas of CUDA 11.8"
            ),
            "{shown}"
        );
        assert_eq!(hover["range"]["end"]["character"], 12, "{hover}");
    }
    // Off the directive: no version hover.
    let other = client.result("textDocument/hover", at(&uri, 1, 2));
    assert!(!other.to_string().contains("PTX ISA 8.1"), "{other}");

    assert_eq!(client.result("shutdown", Value::Null), Value::Null);
    client.notify("exit", Value::Null);
    assert_eq!(client.finish().0, 0);
}
