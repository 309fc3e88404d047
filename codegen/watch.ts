// `codegen generate --watch`: generate, then again whenever a schema file or the config is saved.
// Changes are debounced (editors write a file in several steps); every file is written through a
// temporary file and a rename (outdir.ts), so no reader ever sees half a file.
import { watch as fsWatch, type FSWatcher } from "node:fs";
import { basename, dirname, join } from "node:path";
import { SchemaError, SchemaErrors } from "./errors";
import { CONFIG_FILE, LayoutError, type Layout } from "./layout";

export const DEBOUNCE_MS = 150;

/** The folders to watch (each with the file names in it that matter, or undefined: every *.json). */
function watchList(layout: Layout): Map<string, Set<string> | undefined> {
  const dirs = new Map<string, Set<string> | undefined>();
  const file = (dir: string, name: string): void => {
    if (dirs.has(dir) && dirs.get(dir) === undefined) return;
    const names = dirs.get(dir) ?? new Set<string>();
    names.add(name);
    dirs.set(dir, names);
  };
  file(layout.root, basename(layout.config ?? CONFIG_FILE));
  if (layout.config !== undefined) file(dirname(join(layout.root, layout.config)), basename(layout.config));
  for (const p of layout.protocols) {
    for (const s of p.schema) {
      const abs = join(layout.root, s);
      if (s.endsWith(".json")) file(dirname(abs), basename(abs));
      else dirs.set(abs, undefined);
    }
  }
  return dirs;
}

export async function watch(
  root: string,
  load: () => Layout,
  report: (e: SchemaError | SchemaErrors) => void,
): Promise<number> {
  const { runGenerate } = require("./cli") as typeof import("./cli");
  let watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let layout: Layout | undefined;
  let fatal = false;

  const rewatch = (l: Layout): void => {
    for (const w of watchers) w.close();
    watchers = [];
    for (const [dir, names] of watchList(l)) {
      try {
        watchers.push(
          fsWatch(dir, (_event, name) => {
            const n = name === null ? undefined : String(name);
            if (n !== undefined && (names !== undefined ? !names.has(n) : !n.endsWith(".json"))) return;
            schedule();
          }),
        );
      } catch (e) {
        // a folder that does not exist (yet): the next successful run watches it
        if ((e as { code?: string }).code !== "ENOENT")
          console.error(`codegen: cannot watch ${dir}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  };

  const once = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      try {
        layout = load();
      } catch (e) {
        // a config that does not decode: watch it until it does
        if (!(e instanceof LayoutError)) rewatch({ root, protocols: [], goModules: [], manifest: "" });
        throw e;
      }
      rewatch(layout);
      await runGenerate(layout, true);
    } catch (e) {
      if (e instanceof SchemaError || e instanceof SchemaErrors) report(e);
      else if (e instanceof LayoutError) {
        console.error(`codegen: ${e.message}`);
        fatal = true;
        return;
      } else console.error(`codegen: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      console.error("codegen: nothing written; waiting for the next save");
    } finally {
      running = false;
    }
    if (fatal) return;
    if (again) {
      again = false;
      schedule();
    }
  };

  const schedule = (): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void once();
    }, DEBOUNCE_MS);
  };

  await once();
  if (fatal) return 1; // neither a config nor a schema folder: nothing to watch
  console.log("codegen: watching the schema files and the config for changes (Ctrl-C stops)");
  return new Promise<number>((resolve) => {
    const stop = (): void => {
      for (const w of watchers) w.close();
      if (timer !== undefined) clearTimeout(timer);
      resolve(0);
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
