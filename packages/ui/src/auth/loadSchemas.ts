// The contract's answer schemas (and zod with them) load when an answer needs checking, not with the
// landing page, which a signed-out visitor opens without any API answer to check; nor before a
// signed-in page's first paint (see AuthProvider). The forms' rules (requests.ts) are not among them.
// zod first, then, in a task of its own, the schemas: together they would be one long main-thread task
// after a signed-in page's load, and two halves leave room for input between them. A load that failed
// (the network) is tried again by the next caller.
let loading: Promise<typeof import('@mentora/contract/responses')> | undefined;

export const loadSchemas = () => {
  loading ??= import('@mentora/contract/zod')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('@mentora/contract/responses'))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
};
