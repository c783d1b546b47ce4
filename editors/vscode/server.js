// Which ptxls the extension starts: no VS Code API here, so that plain node tests it
// (test/server.test.js).
"use strict";

const fs = require("fs");
const path = require("path");

/** The executable name of the server on this platform. */
function executableName(platform = process.platform) {
  return platform === "win32" ? "ptxls.exe" : "ptxls";
}

/** Whether `file` exists and is a file this process may execute. */
function isExecutable(file) {
  try {
    if (!fs.statSync(file).isFile()) return false;
    if (process.platform !== "win32") fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first `name` in the directories of `pathVariable`, or undefined. */
function findOnPath(name, pathVariable = process.env.PATH || "") {
  for (const dir of pathVariable.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The server to start: `{ command, args, source }`, or `{ error }` saying what was looked for.
 * In order: the `ptxkit.server.path` setting (`configured`, a path; `~` is the home
 * directory), the binary bundled in the extension (`<extensionDir>/server/ptxls`), then
 * `ptxls` on PATH (from `pip install ptxkit` or `cargo install`).
 */
function resolveServer({ configured, args = [], extensionDir, pathVariable, platform, home } = {}) {
  const name = executableName(platform);
  if (configured && configured.trim() !== "") {
    let file = configured.trim();
    if (file === "~" || file.startsWith("~/")) file = path.join(home || require("os").homedir(), file.slice(1));
    if (!isExecutable(file)) {
      return { error: `ptxkit.server.path is set to '${configured}', which is not an executable file` };
    }
    return { command: file, args, source: "setting ptxkit.server.path" };
  }
  if (extensionDir) {
    const bundled = path.join(extensionDir, "server", name);
    if (isExecutable(bundled)) return { command: bundled, args, source: "bundled with the extension" };
  }
  const onPath = findOnPath(name, pathVariable);
  if (onPath) return { command: onPath, args, source: "PATH" };
  return {
    error:
      "ptxls was not found: this extension has no bundled server for this platform and there is no " +
      "ptxls on PATH. Install it (`pip install ptxkit` or `cargo install ptx-toolkit`) or set ptxkit.server.path.",
  };
}

module.exports = { executableName, findOnPath, isExecutable, resolveServer };
