#!/usr/bin/env node
// Checks the collection in tests/real-schemas/: every example against the definition its
// examples/index.json names, with ajv, and says whether the verdict is the expected one.
//
//   node tests/real-schemas/check-examples.mjs [--formats] [--json] [name ...]
//
// The data it reads are all under tests/real-schemas/ (schemas and examples; nothing is fetched).
// The ajv class follows each schema's "$schema": draft-04 -> ajv-draft-04, draft-06/07 -> ajv,
// 2019-09 -> ajv/dist/2019, 2020-12 -> ajv/dist/2020. ajv-draft-04 is not a dependency of this
// repository: set AJV_DRAFT_04 to the folder of that package installed elsewhere (see README.md;
// if the variable is unset, a copy that node can resolve from here is used, else the draft-04
// schemas are reported as skipped). ajv runs with strict: false (the schemas use annotation keywords
// ajv does not know) and allErrors: true.
// Formats are annotations by default (validateFormats: false). With --formats they are asserted
// with ajv-formats (set AJV_FORMATS to its package folder the same way; it is not a dependency).
// An example whose index entry has "mismatch" (the reason ajv disagrees with what the source
// says of it) is expected to get the other verdict; it counts as a recorded mismatch.
// Exit code: 0 when every verdict is the expected one or a recorded mismatch, 1 otherwise
// (a new disagreement, or a recorded one that no longer happens).

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const assertFormats = args.includes('--formats');
const asJson = args.includes('--json');
const only = args.filter((a) => !a.startsWith('--'));

const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));

async function loadOptional(envVar, what) {
  const dir = process.env[envVar];
  if (!dir) {
    try {
      const mod = require(what);
      return mod.default ?? mod;
    } catch {
      return null;
    }
  }
  const pkg = readJson(join(dir, 'package.json'));
  const main = join(dir, pkg.main ?? 'index.js');
  const mod = await import(pathToFileURL(main).href);
  const v = mod.default?.default ?? mod.default ?? mod;
  if (typeof v !== 'function') throw new Error(`${envVar}: ${what} did not load`);
  return v;
}

const Ajv07 = require('ajv').default;
const Ajv2019 = require('ajv/dist/2019').default;
const Ajv2020 = require('ajv/dist/2020').default;
const AjvDraft04 = await loadOptional('AJV_DRAFT_04', 'ajv-draft-04');
const addFormats = assertFormats ? await loadOptional('AJV_FORMATS', 'ajv-formats') : null;
if (assertFormats && !addFormats) {
  console.error('--formats needs AJV_FORMATS=<path to the ajv-formats package folder>');
  process.exit(2);
}

function draftOf(schema) {
  const s = schema.$schema ?? '';
  if (s.includes('draft-04')) return 'draft-04';
  if (s.includes('draft-06')) return 'draft-06';
  if (s.includes('draft-07')) return 'draft-07';
  if (s.includes('2019-09')) return '2019-09';
  if (s.includes('2020-12') || s === '') return '2020-12';
  throw new Error(`unknown $schema ${s}`);
}

function makeAjv(draft) {
  const opts = { strict: false, allErrors: true, validateFormats: assertFormats };
  let ajv;
  if (draft === 'draft-04') {
    if (!AjvDraft04) return null;
    ajv = new AjvDraft04(opts);
  } else if (draft === 'draft-06') {
    ajv = new Ajv07(opts);
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  } else if (draft === 'draft-07') ajv = new Ajv07(opts);
  else if (draft === '2019-09') ajv = new Ajv2019(opts);
  else ajv = new Ajv2020(opts);
  if (addFormats) addFormats(ajv);
  return ajv;
}

function atPointer(doc, ptr) {
  if (!ptr) return doc;
  let v = doc;
  for (const raw of ptr.split('/').slice(1)) {
    const k = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object' || !(k in v)) throw new Error(`no value at ${ptr}`);
    v = v[k];
  }
  return v;
}

function briefErrors(errors) {
  const seen = new Set();
  const out = [];
  for (const e of errors ?? []) {
    const s = `${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`;
    if (!seen.has(s)) {
      seen.add(s);
      out.push(s);
    }
  }
  return out;
}

const names = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'examples', 'index.json')))
  .map((d) => d.name)
  .filter((n) => only.length === 0 || only.includes(n))
  .sort();

const report = [];
let expected = 0;
let recorded = 0;
let unexpected = 0;
let skipped = 0;

for (const name of names) {
  const dir = join(here, name);
  const index = readJson(join(dir, 'examples', 'index.json'));
  const main = readJson(join(dir, index.schema));
  const draft = draftOf(main);
  const ajv = makeAjv(draft);
  const entry = { name, draft, examples: [] };
  report.push(entry);
  if (!ajv) {
    entry.skipped = `${draft}: set AJV_DRAFT_04 to run it`;
    skipped += index.examples.length;
    continue;
  }
  // Every schema file of the collection, under its own $id/id when it has one, else under a
  // file: URI of its place here; cross-file $refs resolve through those ids (see SOURCE.md).
  const keyOf = {};
  for (const f of [index.schema, ...(index.schemaFiles ?? [])]) {
    const s = readJson(join(dir, f));
    const id = s.$id ?? s.id;
    const key = id ?? `file:///real-schemas/${name}/${f}`;
    keyOf[f] = key.replace(/#$/, '');
    ajv.addSchema(s, id ? undefined : keyOf[f]);
  }
  const mainKey = keyOf[index.schema];
  const defsKey = main.$defs ? '$defs' : 'definitions';
  const validators = new Map();
  const validatorFor = (def) => {
    if (!validators.has(def)) {
      const ref = def === '(root)' ? mainKey : `${mainKey}#/${defsKey}/${def}`;
      if (def !== '(root)' && !(main[defsKey] && def in main[defsKey])) throw new Error(`${name}: no definition ${def}`);
      validators.set(def, ajv.compile({ $ref: ref }));
    }
    return validators.get(def);
  };
  for (const ex of index.examples) {
    const doc = readJson(join(dir, 'examples', ex.file));
    const r = { file: ex.file, definition: ex.definition, pointer: ex.pointer, expect: ex.expect };
    if (ex.definition == null) {
      r.verdict = 'no definition';
      r.ok = null;
      skipped++;
      entry.examples.push(r);
      continue;
    }
    const value = atPointer(doc, ex.pointer);
    const values = ex.each ? value : [value];
    const check = (def) => {
      const v = validatorFor(def);
      const errs = [];
      let valid = true;
      values.forEach((val, i) => {
        if (!v(val)) {
          valid = false;
          errs.push(...briefErrors(v.errors).map((e) => (ex.each ? `[${i}]${e}` : e)));
        }
      });
      return { valid, errors: errs };
    };
    const main_ = check(ex.definition);
    r.verdict = main_.valid ? 'valid' : 'invalid';
    r.errors = main_.errors.slice(0, 8);
    r.errorCount = main_.errors.length;
    r.matchesSource = r.verdict === ex.expect;
    if (ex.mismatch) r.mismatch = ex.mismatch;
    r.ok = ex.mismatch ? !r.matchesSource : r.matchesSource;
    r.also = {};
    for (const a of ex.also ?? []) {
      if (a === ex.definition) continue;
      r.also[a] = check(a).valid ? 'valid' : 'invalid';
    }
    if (!r.ok) unexpected++;
    else if (ex.mismatch) recorded++;
    else expected++;
    entry.examples.push(r);
  }
}

if (asJson) {
  console.log(JSON.stringify({ formats: assertFormats ? 'asserted' : 'annotation', expected, recorded, unexpected, skipped, report }, null, 1));
} else {
  for (const e of report) {
    console.log(`# ${e.name} (${e.draft})${e.skipped ? ` skipped: ${e.skipped}` : ''}`);
    for (const r of e.examples) {
      const mark = r.ok === null ? '-' : !r.ok ? 'UNEXPECTED' : r.mismatch ? 'recorded' : 'ok';
      const also = Object.entries(r.also ?? {}).map(([k, v]) => ` ${k}:${v}`).join('');
      console.log(`  ${mark.padEnd(10)} ${r.file} as ${r.definition}${r.pointer ? ` at ${r.pointer}` : ''}: ${r.verdict} (expected ${r.expect})${also}`);
      if (r.mismatch) console.log(`             recorded: ${r.mismatch}`);
      if (!r.ok && r.errors?.length) for (const er of r.errors) console.log(`             ${er}`);
    }
  }
  console.log(`${expected} as the source says, ${recorded} recorded mismatches, ${unexpected} not as expected, ${skipped} skipped (formats ${assertFormats ? 'asserted' : 'as annotations'})`);
}
process.exit(unexpected ? 1 : 0);
