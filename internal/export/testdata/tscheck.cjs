// Parses and transpiles a TypeScript program the way tsc reads it, and
// fails on any syntax diagnostic. The export tests run it on every
// TypeScript export, then run the JavaScript it writes against a stand-in
// openai package.
//
//   TOOLTUI_TYPESCRIPT=DIR node tscheck.cjs PROGRAM.ts OUT.mjs
//
// DIR is a folder holding node_modules/typescript, e.g. made with
// npm install --prefix DIR typescript@5 (.ci/run does this).
"use strict";
const fs = require("fs");
const path = require("path");

const dir = process.env.TOOLTUI_TYPESCRIPT;
if (!dir) {
  console.error("TOOLTUI_TYPESCRIPT is not set");
  process.exit(2);
}
const ts = require(path.join(path.resolve(dir), "node_modules", "typescript"));
const [file, out] = process.argv.slice(2);
const text = fs.readFileSync(file, "utf8");

const options = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext };
const source = ts.createSourceFile(file, text, options.target, true, ts.ScriptKind.TS);
const result = ts.transpileModule(text, { fileName: file, reportDiagnostics: true, compilerOptions: options });
const diagnostics = [...(source.parseDiagnostics || []), ...(result.diagnostics || [])];
for (const d of diagnostics) {
  const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : null;
  const at = where ? `${where.line + 1}:${where.character + 1}` : "?";
  console.error(`${file}:${at}: TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}
if (diagnostics.length > 0) {
  process.exit(1);
}
fs.writeFileSync(out, result.outputText);
console.log(`typescript ${ts.version}: no diagnostics`);
