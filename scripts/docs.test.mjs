// The docs check, run by `pnpm test` (node --test): the README's map names every doc and each exists,
// every relative link in the docs reaches a file (and a heading, when it names one), and every
// `pnpm <script>` a doc tells the reader to run is a script of the package it runs in. Docs rot
// quietly when files move or scripts are renamed; this makes it loud.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const root = path.resolve(import.meta.dirname, '..');
const mdIn = (dir) =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir))
        .filter((f) => f.endsWith('.md'))
        .map((f) => path.posix.join(dir, f))
    : [];
/** The docs a reader is sent to from the README's map. */
const mapped = [...mdIn('docs'), 'bench/README.md', 'apps/desktop/README.md'];
/** Every doc checked: the README, the mapped ones and the benchmark results. */
const docs = ['README.md', ...mapped, ...mdIn('bench/results')];
const read = (file) => readFileSync(path.join(root, file), 'utf8');

/** Fenced blocks and inline code spans: where commands are written. */
function codeOf(text) {
  const fenced = [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]);
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '');
  const inline = [...prose.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return [...fenced, ...inline];
}

/** Markdown links and images outside code, as [target, anchor]. */
function linksOf(text) {
  const prose = text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (text) =>
  new Set(
    text
      .replace(/^```[^\n]*\n[\s\S]*?^```/gm, '')
      .split('\n')
      .filter((l) => /^#{1,6} /.test(l))
      .map((l) => slug(l.replace(/^#+ /, ''))),
  );

test("the README's map links every doc, and each exists", () => {
  const linked = new Set(
    linksOf(read('README.md'))
      .filter((l) => !/^[a-z]+:/i.test(l) && !l.startsWith('#'))
      .map((l) => path.posix.normalize(l.split('#')[0] ?? '')),
  );
  for (const file of linked)
    assert.ok(existsSync(path.join(root, file)), `README.md links to ${file}, which is missing`);
  for (const doc of mapped) assert.ok(linked.has(doc), `README.md does not link to ${doc}`);
});

test('every relative link in the docs reaches a file, and the heading it names', () => {
  const broken = [];
  for (const doc of docs) {
    for (const link of linksOf(read(doc))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // http:, https:, mailto:
      const [target = '', anchor] = link.split('#');
      const file = target ? path.posix.join(path.posix.dirname(doc), target) : doc;
      const full = path.join(root, file);
      if (!existsSync(full)) broken.push(`${doc}: ${link} (no ${file})`);
      else if (anchor && statSync(full).isFile() && file.endsWith('.md') && !anchorsOf(read(file)).has(anchor))
        broken.push(`${doc}: ${link} (no heading #${anchor} in ${file})`);
    }
  }
  assert.deepEqual(broken, []);
});

/** Scripts of the root package and of each workspace package, by package name. */
function scriptsByPackage() {
  const list = read('pnpm-workspace.yaml').match(/^packages:\s*\[([^\]]*)\]/m);
  assert.ok(list, 'pnpm-workspace.yaml: expected "packages: [...]" on one line');
  const dirs = list[1].split(',').flatMap((g) => {
    const glob = g.trim().replace(/^["']|["']$/g, '');
    if (!glob.endsWith('/*')) return [glob];
    const parent = glob.slice(0, -2);
    return readdirSync(path.join(root, parent)).map((d) => path.posix.join(parent, d));
  });
  const byName = new Map();
  for (const dir of ['.', ...dirs]) {
    const file = path.join(root, dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    byName.set(dir === '.' ? '.' : pkg.name, pkg.scripts ?? {});
  }
  return byName;
}

/** pnpm's own commands the docs use; anything else after `pnpm` must be a script. */
const BUILTIN = new Set(['install', 'i', 'add', 'audit', 'exec', 'dlx']);

test('every pnpm command the docs name is a script of its package', () => {
  const scripts = scriptsByPackage();
  const missing = [];
  let seen = 0;
  for (const doc of docs) {
    for (const code of codeOf(read(doc))) {
      for (const m of code.matchAll(/(?<![\w@/.-])pnpm((?:[ \t]+(?!pnpm\b)[^\s;&|#`]+)*)/g)) {
        const words = (m[1] ?? '').trim().split(/\s+/).filter(Boolean);
        let pkg = '.';
        let command;
        for (let i = 0; i < words.length && command === undefined; i++) {
          const w = words[i] ?? '';
          if (w === '--filter' || w === '-F') pkg = words[++i] ?? '';
          else if (w.startsWith('--filter=')) pkg = w.slice('--filter='.length);
          else if (w.startsWith('-')) continue;
          else command = w === 'run' ? words[++i] : w;
        }
        if (command === undefined || command.startsWith('<') || BUILTIN.has(command)) continue; // <script>: a placeholder
        seen++;
        const own = scripts.get(pkg);
        if (!own) missing.push(`${doc}: \`pnpm ${words.join(' ')}\`: no package ${pkg}`);
        else if (!Object.hasOwn(own, command))
          missing.push(
            `${doc}: \`pnpm ${words.join(' ')}\`: no script "${command}" in ${pkg === '.' ? 'the root' : pkg}`,
          );
      }
    }
  }
  assert.ok(seen > 10, `only ${seen} pnpm commands found in the docs: is the parsing broken?`);
  assert.deepEqual(missing, []);
});
