// How the build splits the web app into files. A page opened cold on a slow phone waits for every file
// it needs before its first paint, over HTTP/1.1's few connections per server: each file costs a request
// (and its headers), so a page should need few files, and no bytes it does not use. The files:
// - react: React and the router, apart: they change less often than the app, so they stay cached.
// - charts: the chart library and its own dependencies, only for the screens that draw (Moderation tab, class insight).
// - boot: the boot script's few modules (src/boot.ts runs before the rest has arrived).
// - zod, schemas and requests: zod itself, the contract's answer schemas (responses.ts) and the forms'
//   rules (requests.ts), never loaded before a page's first paint; the answer schemas where an answer is
//   checked, the rules with the forms. Three files, because evaluating zod and building its schemas is
//   main-thread work: the profile check after a page has loaded need not build every form's rules as
//   well, and evaluates zod in one task and builds the answer schemas in the next
//   (packages/ui/src/auth/loadSchemas.ts), where one file would make them one long task.
// - app: the rest of what the app's entry loads (the shell, the api client, the landing page).
// - shared: what the signed-in pages share with one another or with the signed-in shell's deferred
//   parts (components, queries, icons, TanStack Query's hooks), in one file instead of a dozen tiny ones.
// - auth: what the pages for signed-out visitors share (sign-in, sign-up, password reset).
// - common: the few small components both kinds of page use (alerts, form fields), so that neither
//   needs the other's file.
// Each page's own code is then one more file, which the boot script starts early (pages/pageModules.ts).
// A module that needs the schemas goes in none of shared, auth or common: it stays with its users.
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

export const BOOT = 'src/boot.ts';

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/** The contract's schemas: schemas.ts re-exports the other two. */
const SCHEMAS = /[\\/]packages[\\/]contract[\\/]src[\\/](schemas|responses|requests)\.ts$/;
const REQUESTS = /[\\/]packages[\\/]contract[\\/]src[\\/]requests\.ts$/;
/** The answer schemas, with schemas.ts (which re-exports them and the requests'): the schemas group. */
const RESPONSES = /[\\/]packages[\\/]contract[\\/]src[\\/](schemas|responses)\.ts$/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]contract[\\/]src[\\/]zod\.ts$/;
const CONTRACT_INDEX = /[\\/]packages[\\/]contract[\\/]src[\\/]index\.ts$/;
/** The UI's own code. */
const UI = /[\\/]packages[\\/]ui[\\/]src[\\/]/;
/** The pages for signed-out visitors (sign-in, sign-up, password reset): packages/ui/src/pages/auth. */
const SIGNED_OUT_PAGES = /[\\/]packages[\\/]ui[\\/]src[\\/]pages[\\/]auth[\\/]/;
/** The one chart library and what only it uses (DESIGN.md): a chunk of its own, loaded by the screens that draw. */
const CHARTS =
  /[\\/]node_modules[\\/](recharts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|@reduxjs|redux|redux-thunk|reselect|immer|react-redux|use-sync-external-store|eventemitter3|tiny-invariant|es-toolkit)[\\/]/;
/** Libraries of which lazily loaded code uses more than the entry does: icons and TanStack Query's hooks. */
const PAGE_LIBRARIES = /[\\/]node_modules[\\/](lucide-react|@tanstack)[\\/]/;

/** The modules the groups capture by name, found once the module graph is known (before chunking). */
interface Plan {
  boot: Set<string>;
  shared: Set<string>;
  auth: Set<string>;
  common: Set<string>;
}

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;

/** `from` and every module it imports statically, transitively, short of those `stop` refuses. */
function staticClosure(info: ModuleInfoOf, from: string[], stop: (id: string) => boolean = () => false): Set<string> {
  const found = new Set<string>();
  const visit = (id: string) => {
    const module = info(id);
    if (found.has(id) || !module || stop(id)) return;
    found.add(id);
    for (const imported of module.importedIds) visit(imported);
  };
  for (const id of from) visit(id);
  return found;
}

function planChunks(ids: string[], info: ModuleInfoOf, bootEntry: string): Plan {
  const importedOnDemand = (id: string) => (info(id)?.dynamicImporters.length ?? 0) > 0;
  // The boot script's modules. The contract's schemas keep their own chunks (the boot script reaches
  // them only through the contract's index, for its constants), and so does a module also imported on
  // demand.
  const boot = staticClosure(info, [bootEntry], (id) => SCHEMAS.test(id) || importedOnDemand(id));
  // Everything the entries load statically (through a library's re-exports, more than they use: only
  // the UI's own modules are looked up here).
  const initial = staticClosure(
    info,
    ids.filter((id) => info(id)?.isEntry),
  );

  // A module "needs the schemas" when it imports one of their exports (through the contract's index,
  // which re-exports them: named by a whole word, where a false match only keeps a module where it is)
  // or imports a module that does.
  const schemaNames = new Set(ids.filter((id) => SCHEMAS.test(id)).flatMap((id) => info(id)?.exports ?? []));
  const namesASchema = (code: string | null) => (code?.match(/\b\w+Schema\b/g) ?? []).some((w) => schemaNames.has(w));
  const needs = new Map<string, boolean>();
  const needsSchemas = (id: string): boolean => {
    const known = needs.get(id);
    if (known !== undefined) return known;
    needs.set(id, false); // an import cycle ends here
    const module = info(id);
    const result =
      !!module &&
      module.importedIds.some(
        (imported) =>
          SCHEMAS.test(imported) ||
          (CONTRACT_INDEX.test(imported) && namesASchema(module.code)) ||
          (UI.test(imported) && !initial.has(imported) && !importedOnDemand(imported) && needsSchemas(imported)),
      );
    needs.set(id, result);
    return result;
  };

  // Which lazily loaded parts of the UI (pages, and the signed-in shell's deferred parts) reach each of
  // its other lazily loaded modules statically.
  const parts = ids.filter((id) => UI.test(id) && !initial.has(id) && importedOnDemand(id));
  const reachedBy = new Map<string, string[]>();
  for (const part of parts) {
    const reached = staticClosure(
      info,
      [part],
      (id) => initial.has(id) || !UI.test(id) || (id !== part && importedOnDemand(id)),
    );
    for (const id of reached) if (id !== part) reachedBy.set(id, [...(reachedBy.get(id) ?? []), part]);
  }
  const plan: Plan = { boot, shared: new Set(), auth: new Set(), common: new Set() };
  for (const [id, users] of reachedBy) {
    if (users.length < 2 || needsSchemas(id)) continue;
    const signedOut = users.filter((user) => SIGNED_OUT_PAGES.test(user)).length;
    const group = signedOut === 0 ? plan.shared : signedOut === users.length ? plan.auth : plan.common;
    group.add(id);
  }
  return plan;
}

/** The build's chunk groups (output.codeSplitting.groups) and the plugin that finds what they capture. */
export function chunking(): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  let plan: Plan = { boot: new Set(), shared: new Set(), auth: new Set(), common: new Set() };
  const plugin: Plugin = {
    name: 'mentora-chunking',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      plan = planChunks(ids, (id) => this.getModuleInfo(id), path.resolve(import.meta.dirname, BOOT));
    },
  };
  const groups: Rolldown.CodeSplittingGroup[] = [
    { name: 'react', test: REACT, priority: 20 },
    // Above `shared`: the chart library's modules are not the signed-in pages' common code.
    { name: 'charts', test: CHARTS, priority: 16 },
    { name: 'boot', test: (id) => plan.boot.has(id), priority: 15 },
    // zod on its own: loadSchemas evaluates it in one task and builds the answer schemas in the next.
    { name: 'zod', test: ZOD, priority: 14 },
    { name: 'schemas', test: RESPONSES, priority: 13 },
    { name: 'requests', test: REQUESTS, priority: 12 },
    // Without this, every module the entry shares with a page (which the boot script may load first)
    // would be a file of its own.
    { name: 'app', tags: ['$initial'], priority: 10 },
    { name: 'common', test: (id) => plan.common.has(id), priority: 7 },
    // Before `shared`: the icons the signed-out pages' shared modules import go with them.
    { name: 'auth', test: (id) => plan.auth.has(id), priority: 6 },
    {
      name: 'shared',
      test: (id) => plan.shared.has(id) || PAGE_LIBRARIES.test(id),
      // For the libraries' modules (a page's own icon stays with the page).
      minShareCount: 2,
      priority: 5,
    },
  ];
  return { plugin, groups };
}
