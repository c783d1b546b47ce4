// The TextMate grammars, tokenized with vscode-textmate and vscode-oniguruma (the engine VS
// Code uses), with plain node: PTX files, and PTX inside CUDA asm() strings.
"use strict";

const test = require("node:test");
const assert = require("node:assert");
const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const root = path.join(__dirname, "..");
const grammars = {
  "source.ptx": path.join(root, "syntaxes", "ptx.tmLanguage.json"),
  "source.ptx.asm-injection": path.join(root, "syntaxes", "ptx-asm-injection.tmLanguage.json"),
};
// A stand-in for VS Code's CUDA C++ grammar: what the injection is injected into.
const hostCuda = { scopeName: "source.cuda-cpp", patterns: [{ name: "string.quoted.double.cpp", begin: '"', end: '"' }] };

async function registry() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  return new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName === "source.cuda-cpp") return vsctm.parseRawGrammar(JSON.stringify(hostCuda), "host.json");
      const file = grammars[scopeName];
      return file ? vsctm.parseRawGrammar(fs.readFileSync(file, "utf8"), file) : null;
    },
    getInjections: (scopeName) => (scopeName === "source.cuda-cpp" ? ["source.ptx.asm-injection"] : []),
  });
}

/** Each token's text with its innermost scope, for the lines of `text`. */
function tokens(grammar, text) {
  let stack = vsctm.INITIAL;
  const out = [];
  for (const line of text.split("\n")) {
    const result = grammar.tokenizeLine(line, stack);
    for (const t of result.tokens) out.push([line.slice(t.startIndex, t.endIndex), t.scopes]);
    stack = result.ruleStack;
  }
  return out;
}

function scopeOf(list, text) {
  const found = list.find(([t]) => t === text);
  assert.ok(found, `no token '${text}' in ${JSON.stringify(list.map(([t]) => t))}`);
  return found[1][found[1].length - 1];
}

const PTX = `// saxpy
.version 7.8
.target sm_80
.address_size 64

.visible .entry saxpy(.param .u64 saxpy_param_0)
{
    .reg .pred %p<2>;
    .reg .b32 %r<4>;
    mov.u32 %r1, %tid.x;
    setp.ge.s32 %p1, %r1, 1024;
    @%p1 bra $L__BB0_2;
    ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];
    mov.b32 %f5, 0f3F800000;
$L__BB0_2:
    ret;
}`;

test("PTX: directives, types, opcodes, registers, labels, numbers, comments", async () => {
  const grammar = await (await registry()).loadGrammar("source.ptx");
  const list = tokens(grammar, PTX);
  assert.strictEqual(scopeOf(list, "// saxpy"), "comment.line.double-slash.ptx");
  assert.strictEqual(scopeOf(list, ".version"), "keyword.control.directive.ptx");
  assert.strictEqual(scopeOf(list, ".visible"), "storage.modifier.linkage.ptx");
  assert.strictEqual(scopeOf(list, ".entry"), "storage.type.function.ptx");
  assert.strictEqual(scopeOf(list, "saxpy"), "entity.name.function.ptx");
  assert.strictEqual(scopeOf(list, ".reg"), "storage.modifier.state-space.ptx");
  assert.strictEqual(scopeOf(list, ".b32"), "storage.type.ptx");
  assert.strictEqual(scopeOf(list, "mov"), "keyword.other.opcode.ptx");
  assert.strictEqual(scopeOf(list, ".u32"), "keyword.other.modifier.ptx");
  assert.strictEqual(scopeOf(list, ".ge.s32"), "keyword.other.modifier.ptx");
  assert.strictEqual(scopeOf(list, ".global.nc.v4.f32"), "keyword.other.modifier.ptx");
  assert.strictEqual(scopeOf(list, "%r1"), "variable.other.register.ptx");
  assert.strictEqual(scopeOf(list, "%tid"), "variable.language.special-register.ptx");
  assert.strictEqual(scopeOf(list, "@"), "keyword.operator.guard.ptx");
  assert.strictEqual(scopeOf(list, "bra"), "keyword.other.opcode.ptx");
  assert.strictEqual(scopeOf(list, "ret"), "keyword.other.opcode.ptx");
  assert.strictEqual(scopeOf(list, "$L__BB0_2"), "entity.name.label.ptx");
  assert.strictEqual(scopeOf(list, "1024"), "constant.numeric.integer.decimal.ptx");
  assert.strictEqual(scopeOf(list, "0f3F800000"), "constant.numeric.float.ptx");
  assert.strictEqual(scopeOf(list, "16"), "constant.numeric.integer.decimal.ptx");
});

test("every example kernel tokenizes with every opcode scoped", async () => {
  const grammar = await (await registry()).loadGrammar("source.ptx");
  const examples = path.join(root, "..", "..", "examples");
  for (const dir of fs.readdirSync(examples)) {
    for (const file of fs.readdirSync(path.join(examples, dir)).filter((f) => f.endsWith(".ptx"))) {
      const text = fs.readFileSync(path.join(examples, dir, file), "utf8");
      const list = tokens(grammar, text);
      const opcodes = list.filter(([, scopes]) => scopes.includes("keyword.other.opcode.ptx")).length;
      const statements = text.split("\n").filter((l) => /^\s+[a-z@][^;]*;/.test(l) && !/^\s*\./.test(l)).length;
      assert.ok(opcodes >= statements, `${dir}/${file}: ${opcodes} opcodes for ${statements} instruction lines`);
    }
  }
});

test("CUDA: the asm() template is PTX, operands and constraints are not", async () => {
  const grammar = await (await registry()).loadGrammar("source.cuda-cpp");
  const cuda = [
    "int x = 1; const char* s = \"add.s32 not asm\";",
    'asm volatile("{\\n\\t.reg .pred p;\\n\\tsetp.ne.b32 p, %1, 0;\\n\\tselp.b32 %0, 1, 0, p;\\n\\t}"',
    '    : "=r"(d) : "r"(f(p[0])));',
    'asm("mov.u32 %0, %%laneid;" : "=r"(lane));',
  ].join("\n");
  const list = tokens(grammar, cuda);
  const opcodeTexts = list.filter(([, s]) => s.includes("keyword.other.opcode.ptx")).map(([t]) => t);
  assert.deepStrictEqual(opcodeTexts, ["setp", "selp", "mov"]);
  assert.strictEqual(scopeOf(list, ".reg"), "storage.modifier.state-space.ptx");
  assert.strictEqual(scopeOf(list, "%1"), "variable.parameter.asm-operand.ptx");
  assert.strictEqual(scopeOf(list, "%%laneid"), "variable.other.register.ptx");
  assert.strictEqual(scopeOf(list, '"=r"'.slice(1, 3)), "string.quoted.double.cpp");
  // The plain string of the first line is not PTX.
  assert.ok(!list.some(([t, s]) => t === "add" && s.includes("keyword.other.opcode.ptx")));
});
