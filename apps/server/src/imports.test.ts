import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's modules import one another without a circle, type imports included: in a circle, a
// change anywhere is a change to all of it, and which module's top level runs first depends on who is
// imported first. The graph is read from the sources' import and export statements (Biome keeps them
// at the start of a line). madge and dependency-cruiser would read them through TypeScript's compiler
// API, which TypeScript 7 no longer has.

const SRC = dirname(fileURLToPath(import.meta.url));
const IMPORT = /^(?:import|export)\s(?:[^;]*?\sfrom\s)?'(\.{1,2}\/[^']+)'/gm;

/** Every module of the server (tests aside), by its path under src, with the modules it imports. */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.(ts|js)$/.test(file) && !/\.test\.ts$|(^|\/)testing\//.test(file),
  );
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(join(SRC, file), 'utf8');
    const imports = [...source.matchAll(IMPORT)].map(([, specifier = '']) => {
      const target = join(dirname(join(SRC, file)), specifier);
      const ts = target.replace(/\.js$/, '.ts');
      return relative(SRC, existsSync(ts) ? ts : target);
    });
    graph.set(file, imports);
  }
  return graph;
}

/** Each circle of a graph (Tarjan's strongly connected components of more than one module, or one importing itself). */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('circlesOf', () => {
  it('finds a circle and a module importing itself, and nothing in a tree', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(circlesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});

it('the server imports no module circle', () => {
  const graph = importGraph();
  expect(graph.size).toBeGreaterThan(150);
  expect(graph.get('start.ts')).toContain('buildContext.ts');
  expect(circlesOf(graph)).toEqual([]);
});
