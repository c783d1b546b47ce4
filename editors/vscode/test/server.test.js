// Which ptxls the extension starts (server.js), with plain node: `node --test test/`.
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { resolveServer } = require("../server");

function scratch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ptxkit-vscode-"));
  const exe = (file) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, "#!/bin/sh\n");
    fs.chmodSync(file, 0o755);
    return file;
  };
  return { dir, exe };
}

test("the setting wins over the bundled server and PATH", () => {
  const { dir, exe } = scratch();
  const mine = exe(path.join(dir, "custom", "ptxls"));
  exe(path.join(dir, "ext", "server", "ptxls"));
  exe(path.join(dir, "bin", "ptxls"));
  const got = resolveServer({ configured: mine, args: ["--stdio"], extensionDir: path.join(dir, "ext"), pathVariable: path.join(dir, "bin") });
  assert.deepStrictEqual(got, { command: mine, args: ["--stdio"], source: "setting ptxkit.server.path" });
});

test("a setting naming no executable is an error, not a fallback", () => {
  const { dir, exe } = scratch();
  exe(path.join(dir, "bin", "ptxls"));
  const got = resolveServer({ configured: path.join(dir, "missing"), pathVariable: path.join(dir, "bin") });
  assert.match(got.error, /not an executable file/);
  const notExecutable = path.join(dir, "plain");
  fs.writeFileSync(notExecutable, "");
  assert.match(resolveServer({ configured: notExecutable }).error, /not an executable/);
});

test("~ in the setting is the home directory", () => {
  const { dir, exe } = scratch();
  exe(path.join(dir, "tools", "ptxls"));
  const got = resolveServer({ configured: "~/tools/ptxls", home: dir });
  assert.strictEqual(got.command, path.join(dir, "tools", "ptxls"));
});

test("the bundled server comes before PATH", () => {
  const { dir, exe } = scratch();
  const bundled = exe(path.join(dir, "ext", "server", "ptxls"));
  exe(path.join(dir, "bin", "ptxls"));
  const got = resolveServer({ configured: "  ", extensionDir: path.join(dir, "ext"), pathVariable: path.join(dir, "bin") });
  assert.deepStrictEqual([got.command, got.source], [bundled, "bundled with the extension"]);
});

test("PATH is searched in order, skipping non-executables", () => {
  const { dir, exe } = scratch();
  fs.mkdirSync(path.join(dir, "a"));
  fs.writeFileSync(path.join(dir, "a", "ptxls"), "");
  const second = exe(path.join(dir, "b", "ptxls"));
  exe(path.join(dir, "c", "ptxls"));
  const pathVariable = ["", path.join(dir, "a"), path.join(dir, "b"), path.join(dir, "c")].join(path.delimiter);
  const got = resolveServer({ extensionDir: path.join(dir, "ext"), pathVariable });
  assert.deepStrictEqual([got.command, got.source], [second, "PATH"]);
});

test("nothing found says how to install", () => {
  const { dir } = scratch();
  const got = resolveServer({ extensionDir: dir, pathVariable: dir });
  assert.match(got.error, /pip install ptxkit/);
});

test("on Windows the executable is ptxls.exe", () => {
  assert.strictEqual(require("../server").executableName("win32"), "ptxls.exe");
});
