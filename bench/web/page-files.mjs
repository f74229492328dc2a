// The JavaScript files, and their gzip size, that the landing page and a few pages load before their first
// paint: index.html's scripts, the page's chunk, and everything they import statically.
// Run from the repository root after `pnpm build`: node bench/web/page-files.mjs [dist folder]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..', '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps', 'web', 'dist'));
const assets = path.join(dist, 'assets');
const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
const code = Object.fromEntries(files.map((f) => [f, readFileSync(path.join(assets, f), 'utf8')]));
const gz = (f) => gzipSync(Buffer.from(code[f])).length;
const staticImports = (f) => {
  const out = new Set();
  // static: import ... from "./x.js" or import "./x.js" ; skip import("./x.js")
  for (const m of code[f].matchAll(
    /(?:^|[;}\s])(?:import|export)\s*(?:[\w${},*\s]*?from\s*)?["']\.\/([^"']+\.js)["']/g,
  ))
    out.add(m[1]);
  return [...out];
};
const closure = (roots) => {
  const seen = new Set();
  const visit = (f) => {
    if (seen.has(f) || !code[f]) return;
    seen.add(f);
    staticImports(f).forEach(visit);
  };
  roots.forEach(visit);
  return seen;
};
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const show = (name, set) => {
  const kb = [...set].reduce((a, f) => a + gz(f), 0) / 1024;
  console.log(`${name.padEnd(22)} ${String(set.size).padStart(3)} files ${kb.toFixed(1).padStart(7)} KB gz`);
};
console.log(`${files.length} JS files; index.html names: ${entries.join(', ')}`);
show('landing', closure(entries));
for (const page of [
  'ClassesPage',
  'ClassDetailPage',
  'CommunityPage',
  'DiscussionsPage',
  'DashboardPage',
  'LoginPage',
  'RegisterPage',
  'AdminPage',
  'Assistant',
]) {
  const f = files.find((x) => x.startsWith(`${page}-`));
  if (f) show(page, closure([...entries, f]));
}
