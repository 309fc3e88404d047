// `codegen init`: a starting wire-codegen.json and a small example schema, in an empty repository.
// Refuses to overwrite anything.
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { CONFIG_FILE, findImportPath } from "./layout";
import { writeAtomic } from "./outdir";

export const EXAMPLE_SCHEMA = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Example protocol",
  "description": "A small example: two kinds of message on one newline-delimited JSON stream. Edit it, or replace it with your own protocol.",
  "$defs": {
    "ProtocolVersion": {
      "description": "Raise it with every change that breaks old readers or writers (codegen diff tells which do).",
      "const": 1,
      "x-constant": "protocol-version"
    },
    "Hello": {
      "description": "The first message: who is speaking.",
      "type": "object",
      "properties": {
        "type": { "const": "hello" },
        "name": { "description": "The sender's name.", "type": "string", "minLength": 1 }
      },
      "required": ["type", "name"],
      "additionalProperties": false
    },
    "Note": {
      "description": "Some text, with an optional priority.",
      "type": "object",
      "properties": {
        "type": { "const": "note" },
        "text": { "description": "The note.", "type": "string" },
        "priority": { "description": "1 (highest) to 5.", "type": "integer", "minimum": 1, "maximum": 5 }
      },
      "required": ["type", "text"],
      "additionalProperties": false
    },
    "Message": {
      "description": "One line of the stream.",
      "oneOf": [{ "$ref": "#/$defs/Hello" }, { "$ref": "#/$defs/Note" }],
      "x-discriminator": ["type"],
      "x-frame": true
    }
  }
}
`;

/** The starting config: TypeScript and docs always, Go when the folder is inside a Go module. */
export function initialConfig(root: string): { text: string; go: string | undefined } {
  const found = findImportPath(root, "internal/example", []);
  const protocol: Record<string, unknown> = {
    name: "example",
    schema: ["schema/example"],
    typescript: ["src/generated/example.ts"],
  };
  if (found !== undefined) protocol.go = { dir: "internal/example" };
  protocol.docs = "docs/example.md";
  const config = { $schema: "./node_modules/wire-codegen/schema/config/config.json", protocols: [protocol] };
  return { text: `${JSON.stringify(config, null, 2)}\n`, go: found?.importPath };
}

export function runInit(root: string): number {
  const config = initialConfig(root);
  const files: [string, string][] = [
    [CONFIG_FILE, config.text],
    ["schema/example/example.json", EXAMPLE_SCHEMA],
  ];
  const existing = files.map(([p]) => p).filter((p) => existsSync(join(root, p)));
  if (existing.length > 0) {
    console.error(
      `codegen init: nothing written: ${existing.join(" and ")} already exist${existing.length === 1 ? "s" : ""} in ${root}`,
    );
    return 1;
  }
  for (const [path, text] of files) writeAtomic(join(root, path), text);
  const where = relative(process.cwd(), root) || ".";
  console.log(`codegen init: wrote ${files.map(([p]) => p).join(" and ")} in ${where}`);
  console.log(
    config.go !== undefined
      ? `  outputs: src/generated/example.ts, internal/example/ (Go package ${config.go}), docs/example.md`
      : '  outputs: src/generated/example.ts and docs/example.md; no go.mod found, so no Go package yet (after `go mod init`, add "go": {"dir": "internal/example"})',
  );
  console.log("  next: edit the schema, then run `npx codegen generate`");
  return 0;
}
