// The HRN extension: starts `hearts lsp` (the language server of hearts-notation)
// for .hrn files. Highlighting and snippets need nothing else; the server needs
// `pip install 'hearts-notation[lsp]'` (docs/editors.md).
"use strict";

const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

async function activate(context) {
  const config = vscode.workspace.getConfiguration("hrn");
  const command = config.get("server.command", ["hearts", "lsp"]);
  if (!Array.isArray(command) || command.length === 0) {
    return;
  }
  const rules = config.get("server.rules", "");
  const serverOptions = {
    command: command[0],
    args: command.slice(1),
    transport: TransportKind.stdio,
  };
  const clientOptions = {
    documentSelector: [{ language: "hrn" }],
    initializationOptions: rules ? { rules } : {},
  };
  client = new LanguageClient("hrn", "HRN (hearts lsp)", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (err) {
    vscode.window.showWarningMessage(
      `HRN: could not start "${command.join(" ")}" (${err.message}). ` +
        "Install it with: pip install 'hearts-notation[lsp]'"
    );
  }
  context.subscriptions.push({ dispose: () => client && client.stop() });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
