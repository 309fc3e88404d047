// How a checkout of the repository runs the CLI from its TypeScript sources: bundled by esbuild into
// one file under node_modules/.cache/wire-codegen-cli/, rebuilt whenever a bundled source changes, and
// loaded with plain node. Loading ~100 modules one by one through tsx took longer than the whole
// generate step; one bundle loads in a fraction of that. tsx stays the fallback (and the way for
// `codegen conformance`, whose modules the bundle leaves out); CODEGEN_NO_BUNDLE=1 forces it.
const { createHash } = require("node:crypto");
const { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } = require("node:fs");
const { dirname, extname, join, relative } = require("node:path");

const root = join(__dirname, "..");
const entry = join(root, "codegen", "cli.ts");
const cacheDir = join(root, "node_modules", ".cache", "wire-codegen-cli");
const manifestPath = join(cacheDir, "inputs.json");

/** The CLI module: from the bundle when it can be had, else through tsx. */
async function loadCli(args) {
  if (process.env.CODEGEN_NO_BUNDLE !== "1" && args[0] !== "conformance") {
    const bundle = await freshBundle().catch(() => undefined); // esbuild missing, read-only cache: tsx
    if (bundle !== undefined) return require(bundle);
  }
  require("tsx/cjs");
  return require(entry);
}

/** A bundle made from the sources as they are now: the cached one if its inputs are unchanged. */
async function freshBundle() {
  const listed = readJson(manifestPath) ?? [];
  const inputs = listed.flatMap((p) => (existsSync(join(root, p)) ? [[p, readFileSync(join(root, p), "utf8")]] : []));
  if (inputs.length === listed.length && inputs.length > 0) {
    const cached = bundlePath(keyOf(inputs));
    if (existsSync(cached)) return cached;
  }
  return build();
}

async function build() {
  const loaded = new Map();
  const result = await require("esbuild").build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    packages: "external",
    write: false,
    outfile: join(cacheDir, "cli.cjs"),
    logLevel: "silent",
    plugins: [
      { name: "sources-in-place", setup: (b) => b.onLoad({ filter: /\.(ts|json|js)$/ }, (a) => load(a.path, loaded)) },
    ],
  });
  const inputs = [...loaded].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const path = bundlePath(keyOf(inputs));
  mkdirSync(cacheDir, { recursive: true });
  for (const name of readdirSync(cacheDir)) {
    if (/^cli-\w+\.cjs$/.test(name) && join(cacheDir, name) !== path) rmSync(join(cacheDir, name), { force: true });
  }
  writeAtomically(path, result.outputFiles[0].text);
  writeAtomically(manifestPath, JSON.stringify(inputs.map(([p]) => p)));
  return path;
}

// Each module keeps the folder it was written in, so that what it reads beside itself (the runtimes
// it copies, the meta-schemas required by a computed name) is found where it is, not beside the bundle.
function load(path, loaded) {
  const text = readFileSync(path, "utf8");
  loaded.set(relative(root, path), text);
  const ext = extname(path).slice(1);
  if (ext === "json") return { contents: text, loader: "json" };
  const dir = JSON.stringify(dirname(path));
  let contents = text.replace(/require\(`\.\//g, `require(\`${dirname(path)}/`);
  if (contents.includes("__dirname")) contents = `const __dirname = ${dir};\n${contents}`;
  return { contents, loader: ext };
}

// What a bundle depends on beyond its inputs: this file (the transform above), esbuild, the folder
// (baked into the bundle as each module's __dirname).
function keyOf(inputs) {
  const h = createHash("sha256").update(
    [readFileSync(__filename, "utf8"), require("esbuild/package.json").version, root].join("\0"),
  );
  for (const [path, text] of inputs) h.update(`\0${path}\0${text}`);
  return h.digest("hex").slice(0, 16);
}

function bundlePath(key) {
  return join(cacheDir, `cli-${key}.cjs`);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

// Several processes may build at once (tests run the CLI in parallel): each writes whole files.
function writeAtomically(path, text) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

module.exports = { loadCli };
