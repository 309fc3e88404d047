// The codegen command. Reads the config (or the default layout) and the schemas, writes or checks the
// generated files. All other stages are pure.
import { relative } from "node:path";
import { findConfigRoot, loadLayout } from "./config";
import { SchemaError, SchemaErrors } from "./errors";
import { generate, type OutputFiles } from "./generate";
import type { Protocol } from "./next/ir/types";
import { CONFIG_FILE, LayoutError, type Layout } from "./layout";
import { loadLayoutProtocols } from "./load";
import { applyPlan, compareOutputs, planWrite, withManifest, type WritePlan } from "./outdir";
import { packageVersion } from "./package";

const COMMON = `  --root DIR          the repository root (default: the nearest folder at or above the current
                      one that holds ${CONFIG_FILE}, else the current folder)
  --config FILE       the config file (default: ROOT/${CONFIG_FILE}; without one, the default
                      layout: schema/<p>/ -> out/ts/<p>/generated.ts, out/go/<p>/, out/docs/<p>.md)
  -h, --help          show this help`;

export const USAGE = `usage: codegen <command> [options]
commands:
  init                write a starting ${CONFIG_FILE} and an example schema (refuses to overwrite)
  generate [--watch]  write every configured output (and delete outputs it generated that are gone)
  check               exit 1 with a diff when a generated file is stale, missing or orphaned
  diff --base REF|DIR [--head REF|DIR]
                      list schema changes by breaking-change rule; exit 1 when one breaks
                      old readers or writers and the protocol version did not change
  conformance --vectors FILE... [--protocol NAME]
                      run vector files through the TypeScript and the Go code; exit 1 on any disagreement or failure
options:
${COMMON}
  -V, --version       print the version
Run \`codegen <command> --help\` for a command's options. Exit status: 0 ok, 1 a problem found
(schema, config, stale output, breaking change), 2 usage.`;

const COMMAND_USAGE: Record<string, string> = {
  init: `usage: codegen init [--root DIR]
  Writes ${CONFIG_FILE} (with a Go package when a go.mod is found) and schema/example/example.json
  into ROOT (default: the current folder). Refuses to overwrite a file that exists.
options:
${COMMON}`,
  generate: `usage: codegen generate [--watch] [--root DIR] [--config FILE]
  Writes every output of every protocol, and the manifest of generated files. Deletes only files
  the manifest lists that still start with the generated-code header; never overwrites a file
  without it. Writes nothing when a schema or the config has a problem.
options:
  --watch             regenerate whenever a schema file or the config is saved (Ctrl-C stops)
${COMMON}`,
  check: `usage: codegen check [--format text|github] [--root DIR] [--config FILE]
  Exit 1 with a unified diff of every stale, missing or orphaned generated file (and of files in
  the way of an output); exit 0 when every output is what generate would write.
options:
  --format FORMAT     text (default) or github (GitHub Actions annotations as well)
${COMMON}`,
};

export interface Options {
  root?: string;
  config?: string;
  format?: string;
  watch: boolean;
  help: boolean;
  version: boolean;
  rest: string[];
}

class UsageError extends Error {}

/** Options every command takes; the other arguments are left for the command. */
export function parseOptions(args: string[]): Options {
  const opts: Options = { watch: false, help: false, version: false, rest: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.indexOf("=");
    const [flag, inline] = a.startsWith("--") && eq > 0 ? [a.slice(0, eq), a.slice(eq + 1)] : [a, undefined];
    const value = (): string => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--root") opts.root = value();
    else if (flag === "--config") opts.config = value();
    else if (flag === "--format") opts.format = value();
    else if (a === "--watch") opts.watch = true;
    else if (a === "--help" || a === "-h") opts.help = true;
    else if (a === "--version" || a === "-V") opts.version = true;
    else opts.rest.push(a);
  }
  return opts;
}

/** The layout of the run: --root, else the folder holding the nearest wire-codegen.json, else the current folder. */
export function resolveLayout(opts: Pick<Options, "root" | "config">): Layout {
  const root =
    opts.root ?? (opts.config !== undefined ? process.cwd() : (findConfigRoot(process.cwd()) ?? process.cwd()));
  const { resolve } = require("node:path") as typeof import("node:path");
  return loadLayout(resolve(root), opts.config === undefined ? undefined : resolve(opts.config));
}

/** Every protocol of the default layout of root (schema/<p>/). */
export function loadProtocols(root: string): Protocol[] {
  return loadLayoutProtocols(loadLayout(root));
}

/** Everything `generate` writes for a layout, formatted, the manifest included. */
export async function generateLayout(layout: Layout): Promise<OutputFiles> {
  // Loaded on use, as are the other commands: start-up time is most of a run.
  const { formatOutput } = require("./format") as typeof import("./format");
  const protocols = loadLayoutProtocols(layout);
  const outputs = new Map(layout.protocols.map((p) => [p.name, p]));
  return withManifest(
    await formatOutput(generate(protocols, { outputs, goModules: layout.goModules })),
    layout.manifest,
  );
}

/** What `generate` writes for the default layout of root (or its config), formatted. */
export async function generateAll(root: string): Promise<OutputFiles> {
  return generateLayout(loadLayout(root));
}

function conflictError(layout: Layout, plan: WritePlan): string {
  return [
    `codegen: nothing written: ${plan.conflicts.length} output${plan.conflicts.length === 1 ? " is" : "s are"} in the way of files codegen did not generate:`,
    ...plan.conflicts.map((c) => `  ${c.path}: ${c.problem}`),
    `  what to do: move the file away (or restore its first line, if it is a generated file you edited), or ${layout.config !== undefined ? `change the output path in ${layout.config}` : `choose other output paths in a ${CONFIG_FILE}`}`,
  ].join("\n");
}

/** One generate run: returns the exit status and prints one summary line. */
export async function runGenerate(layout: Layout, quiet = false): Promise<number> {
  const files = await generateLayout(layout);
  const plan = planWrite(layout.root, files, layout.manifest);
  if (plan.conflicts.length > 0) {
    console.error(conflictError(layout, plan));
    return 1;
  }
  applyPlan(layout.root, plan);
  if (!quiet || plan.write.size + plan.remove.length > 0) {
    const where = relative(process.cwd(), layout.root) || ".";
    const parts = [`${plan.write.size} written`, `${plan.unchanged} unchanged`];
    if (plan.remove.length > 0) parts.push(`${plan.remove.length} deleted (${plan.remove.join(", ")})`);
    console.log(
      `codegen: ${layout.protocols.length} protocol${layout.protocols.length === 1 ? "" : "s"} in ${where}: ${files.size} generated files, ${parts.join(", ")}`,
    );
  }
  return 0;
}

async function runCheck(layout: Layout, format: string): Promise<number> {
  const drifts = compareOutputs(layout.root, await generateLayout(layout), layout.manifest);
  if (drifts.length === 0) {
    console.log("codegen: every generated file is up to date");
    return 0;
  }
  const what = {
    stale: "stale",
    missing: "missing",
    orphaned: "orphaned (no longer generated; generate deletes it)",
    conflict: "in the way: a file codegen did not generate, where it writes",
  };
  for (const d of drifts) {
    if (format === "github")
      console.log(
        `::error file=${d.path}::${d.path} is ${what[d.kind]}: run 'npx codegen generate' and commit the result`,
      );
    process.stdout.write(d.diff);
  }
  console.error(
    `codegen: generated files are not up to date (${drifts.map((d) => `${d.kind} ${d.path}`).join(", ")}): run 'npx codegen generate' (in this repository: make generate) and commit the result`,
  );
  return 1;
}

function reportErrors(e: SchemaError | SchemaErrors): void {
  const errors = e instanceof SchemaErrors ? e.errors : [e];
  if (errors.length === 1) console.error(`codegen: ${errors[0]!.message}`);
  else console.error(`codegen: ${errors.length} problems:\n${errors.map((x) => x.message).join("\n")}`);
}

function usageFail(problem: string, usage = USAGE): number {
  console.error(`codegen: ${problem}\n${usage}`);
  return 2;
}

async function run(opts: Options): Promise<number> {
  const [command, ...args] = opts.rest;
  if (command === undefined) {
    if (opts.version) {
      console.log(packageVersion());
      return 0;
    }
    if (opts.help) {
      console.log(USAGE);
      return 0;
    }
    return usageFail("no command given");
  }
  if (command.startsWith("-")) return usageFail(`unknown option ${command}`);
  if (command === "help") {
    console.log(args[0] !== undefined && COMMAND_USAGE[args[0]] !== undefined ? COMMAND_USAGE[args[0]] : USAGE);
    return 0;
  }
  switch (command) {
    case "diff": {
      const diff = require("./next/diff/command") as typeof import("./next/diff/command");
      if (opts.help) {
        console.log(diff.DIFF_USAGE);
        return 0;
      }
      const { resolve, join } = require("node:path") as typeof import("node:path");
      const { existsSync } = require("node:fs") as typeof import("node:fs");
      const root = resolve(opts.root ?? findConfigRoot(process.cwd()) ?? process.cwd());
      const layout =
        opts.config !== undefined || existsSync(join(root, CONFIG_FILE))
          ? loadLayout(root, opts.config === undefined ? undefined : resolve(opts.config))
          : undefined;
      return diff.runDiff(args, root, opts.format ?? "text", undefined, layout);
    }
    case "conformance": {
      // Not part of the npm package (it drives the repository's own Go tool): required by a computed
      // name, so that the package build does not compile it.
      let conf: { CONFORMANCE_USAGE: string; runConformance(args: string[], root: string): Promise<number> };
      try {
        conf = require(["./next", "conformance", "command"].join("/")) as typeof conf;
      } catch (e) {
        if ((e as { code?: string }).code !== "MODULE_NOT_FOUND") throw e;
        console.error(
          "codegen conformance: runs only in a checkout of the wire-codegen repository (it builds the repository's Go tool, tests/go/cmd/conformance)",
        );
        return 2;
      }
      if (opts.help) {
        console.log(conf.CONFORMANCE_USAGE);
        return 0;
      }
      return conf.runConformance(args, require("node:path").resolve(opts.root ?? process.cwd()));
    }
    case "init":
    case "generate":
    case "check":
      break;
    default:
      return usageFail(`unknown command ${JSON.stringify(command)}`);
  }
  const usage = COMMAND_USAGE[command]!;
  if (opts.help) {
    console.log(usage);
    return 0;
  }
  const unknown = args.find((a) => a.startsWith("-"));
  if (unknown !== undefined) return usageFail(`unknown option ${unknown}`, usage);
  if (args.length > 0) return usageFail(`unexpected argument ${JSON.stringify(args[0])}`, usage);
  if (opts.watch && command !== "generate") return usageFail("--watch is an option of generate", usage);
  if (opts.format !== undefined && command !== "check")
    return usageFail("--format is an option of check and diff", usage);
  if (command === "check" && opts.format !== undefined && opts.format !== "text" && opts.format !== "github")
    return usageFail(`unknown format ${JSON.stringify(opts.format)} (use text or github)`, usage);
  if (command === "init") {
    const { runInit } = require("./init") as typeof import("./init");
    return runInit(require("node:path").resolve(opts.root ?? process.cwd()));
  }
  if (command === "generate" && opts.watch) {
    const { watch } = require("./watch") as typeof import("./watch");
    const { resolve } = require("node:path") as typeof import("node:path");
    const root = resolve(opts.root ?? findConfigRoot(process.cwd()) ?? process.cwd());
    return watch(root, () => resolveLayout(opts), reportErrors);
  }
  const layout = resolveLayout(opts);
  return command === "generate" ? runGenerate(layout) : runCheck(layout, opts.format ?? "text");
}

export async function main(args: string[]): Promise<number> {
  let opts: Options;
  try {
    opts = parseOptions(args);
  } catch (e) {
    if (e instanceof UsageError) return usageFail(e.message);
    throw e;
  }
  try {
    return await run(opts);
  } catch (e) {
    if (e instanceof SchemaError || e instanceof SchemaErrors) {
      reportErrors(e);
      return 1;
    }
    if (e instanceof LayoutError) {
      console.error(`codegen: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
