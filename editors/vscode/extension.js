// The VS Code extension: starts ptxls (see server.js for which one) for PTX files, and
// restarts it on demand (command "PTX: Restart the language server") or when its settings
// change. Diagnostics, formatting (on save: see package.json's
// configurationDefaults), hover, navigation, completion and the rest come from ptxls.
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");
const { resolveServer } = require("./server");

let client;
let output;

async function start(context) {
  const config = vscode.workspace.getConfiguration("ptxkit");
  const server = resolveServer({
    configured: config.get("server.path"),
    args: config.get("server.args") || [],
    extensionDir: context.extensionPath,
  });
  if (server.error) {
    output.appendLine(server.error);
    vscode.window.showErrorMessage(server.error);
    return;
  }
  output.appendLine(`starting ${server.command} (${server.source})`);
  const executable = { command: server.command, args: server.args, transport: TransportKind.stdio };
  client = new LanguageClient(
    "ptxkit",
    "PTX language server",
    { run: executable, debug: executable },
    {
      documentSelector: [
        { scheme: "file", language: "ptx" },
        { scheme: "untitled", language: "ptx" },
      ],
      outputChannel: output,
      synchronize: {
        fileEvents: vscode.workspace.createFileSystemWatcher("**/{ptxlint,ptxfmt}.toml"),
      },
    }
  );
  await client.start();
}

async function stop() {
  if (client) {
    const running = client;
    client = undefined;
    await running.stop();
  }
}

async function activate(context) {
  output = vscode.window.createOutputChannel("PTX language server");
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.commands.registerCommand("ptxkit.restartServer", async () => {
      await stop();
      await start(context);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration("ptxkit.server")) {
        await stop();
        await start(context);
      }
    })
  );
  await start(context);
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
