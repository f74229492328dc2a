// Gzip size of the JavaScript the landing page loads: the entry and what index.html preloads with it
// (route chunks load later, on their routes). Target (issue #5): at most 150 KB gzipped.
// Run from the repository root after `pnpm build`: pnpm bench:landing-size [dist folder]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..', '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps', 'web', 'dist'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...new Set([...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]))];

let total = 0;
for (const file of files) {
  const bytes = readFileSync(path.join(dist, file));
  const gz = gzipSync(bytes).length;
  total += gz;
  console.log(
    `${file.padEnd(40)} ${(bytes.length / 1024).toFixed(1).padStart(7)} KB  ${(gz / 1024).toFixed(1).padStart(6)} KB gzipped`,
  );
}
console.log(`landing page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (target: at most 150 KB)`);
