// The contract's answer schemas (and zod with them) load when an answer needs checking, not with the
// landing page, which a signed-out visitor opens without any API answer to check; nor before a
// signed-in page's first paint (see AuthProvider). The forms' rules (requests.ts) are not among them.
export const loadSchemas = () => import('@mentora/contract/responses');
