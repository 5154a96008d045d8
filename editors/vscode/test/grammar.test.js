// Tokenizes every sample record (and any file given on the command line) with
// the TextMate grammar, through vscode-textmate and the Oniguruma engine VS Code
// itself uses: no "invalid" scope anywhere, and the key tokens get their scopes.
// Run: npm install && npm test   (tests/test_editor_vscode.py runs it when node
// and the packages are there).
"use strict";

const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const here = path.resolve(__dirname, "..");
const wasm = fs.readFileSync(path.join(here, "node_modules/vscode-oniguruma/release/onig.wasm")).buffer;

function samples(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...samples(full));
    else if (entry.name.endsWith(".hrn")) out.push(full);
  }
  return out.sort();
}

async function main() {
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async () => {
      const file = path.join(here, "syntaxes/hrn.tmLanguage.json");
      return vsctm.parseRawGrammar(fs.readFileSync(file, "utf8"), file);
    },
  });
  const grammar = await registry.loadGrammar("source.hrn");
  const files = process.argv.length > 2 ? process.argv.slice(2) : samples(path.join(here, "../../samples"));
  const problems = [];
  const seen = {};
  for (const file of files) {
    let rule = vsctm.INITIAL;
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      const r = grammar.tokenizeLine(line, rule);
      for (const t of r.tokens) {
        const text = line.slice(t.startIndex, t.endIndex);
        const scope = t.scopes[t.scopes.length - 1];
        if (t.scopes.some((s) => s.startsWith("invalid"))) {
          problems.push(`${path.basename(file)}:${i + 1}:${t.startIndex + 1}: ${text} ${scope}`);
        }
        if (!(scope in seen)) seen[scope] = new Set();
        if (seen[scope].size < 5000) seen[scope].add(text.trim());
      }
      rule = r.ruleStack;
    });
  }
  const expect = {
    "keyword.control.hrn": ["deal", "pass", "score", "total", "result", "donne", "passe", "marque"],
    "entity.name.tag.hrn": ["Event", "Rules", "Événement"],
    "constant.language.hrn": ["left", "gauche"],
    "constant.other.card.hrn": ["2C", "QS", "D♠"],
    "keyword.operator.mark.hrn": ["!", "?!"],
    "variable.other.seat.hrn": ["N", "O"],
    "entity.name.section.trick.hrn": ["1.", "13."],
    "comment.line.semicolon.hrn": [],
    "comment.block.brace.hrn": [],
    "constant.other.hand.pbn.hrn": [],
    "constant.other.hand.suit.hrn": [],
  };
  for (const [scope, texts] of Object.entries(expect)) {
    if (!seen[scope]) {
      problems.push(`no token has the scope ${scope}`);
      continue;
    }
    for (const text of texts) {
      if (!seen[scope].has(text)) problems.push(`${JSON.stringify(text)} is not ${scope}`);
    }
  }
  console.log(JSON.stringify({ files: files.length, problems }, null, 1));
  process.exit(problems.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
