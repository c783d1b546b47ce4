// The extension's server, started as the extension starts it (server.js), speaking LSP over
// stdio with vscode-jsonrpc (the transport of vscode-languageclient): initialize, open a
// document, diagnostics, formatting, shutdown. Plain node: `node --test test/`.
//
// The server: $PTXLS, else what resolveServer finds (the bundled server/ptxls, else ptxls on
// PATH). None found: skipped with the reason, or a failure when PTXKIT_REQUIRE_SERVER=1 (CI).
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const path = require("path");
const { spawn } = require("child_process");
const rpc = require("vscode-jsonrpc/node");
const { resolveServer } = require("../server");

const found = process.env.PTXLS
  ? { command: process.env.PTXLS, args: [], source: "$PTXLS" }
  : resolveServer({ extensionDir: path.join(__dirname, "..") });

const MESSY = ".version 7.8\n.target sm_80\n.entry k()\n{\n.reg .b32 %r<2>;\nmov.u32 %r1,%q;\nret;\n}\n";
const FORMATTED = ".version 7.8\n.target sm_80\n\n.entry k()\n{\n    .reg .b32 %r<2>;\n    mov.u32 %r1, %q;\n    ret;\n}\n";

/** `text` with LSP text edits applied (ASCII text: UTF-16 columns are byte columns). */
function applyEdits(text, edits) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const offset = (p) => starts[p.line] + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  for (const e of sorted) text = text.slice(0, offset(e.range.start)) + e.newText + text.slice(offset(e.range.end));
  return text;
}

test("ptxls: initialize, diagnostics, formatting, shutdown", { timeout: 60000 }, async (t) => {
  if (found.error) {
    if (process.env.PTXKIT_REQUIRE_SERVER === "1") assert.fail(found.error);
    t.skip(`NO SERVER, LSP test NOT RUN: ${found.error}`);
    return;
  }
  const child = spawn(found.command, found.args, { stdio: ["pipe", "pipe", "inherit"] });
  const connection = rpc.createMessageConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin)
  );
  const diagnostics = new Promise((resolve) =>
    connection.onNotification("textDocument/publishDiagnostics", (params) => resolve(params))
  );
  connection.listen();
  const init = await connection.sendRequest("initialize", { processId: process.pid, rootUri: null, capabilities: {} });
  assert.ok(init.capabilities.documentFormattingProvider, "formatting offered");
  assert.ok(init.capabilities.hoverProvider, "hover offered");
  await connection.sendNotification("initialized", {});
  const uri = "file:///tmp/ptxkit-vscode-test/k.ptx";
  await connection.sendNotification("textDocument/didOpen", {
    textDocument: { uri, languageId: "ptx", version: 1, text: MESSY },
  });
  const published = await diagnostics;
  assert.strictEqual(published.uri, uri);
  const rules = published.diagnostics.map((d) => d.message);
  assert.ok(rules.some((m) => m.includes("%q")), JSON.stringify(published.diagnostics));
  const edits = await connection.sendRequest("textDocument/formatting", {
    textDocument: { uri },
    options: { tabSize: 4, insertSpaces: true },
  });
  assert.ok(edits.length > 0);
  assert.strictEqual(applyEdits(MESSY, edits), FORMATTED);
  await connection.sendRequest("shutdown");
  await connection.sendNotification("exit");
  const code = await new Promise((resolve) => child.on("exit", resolve));
  connection.dispose();
  assert.strictEqual(code, 0);
});
