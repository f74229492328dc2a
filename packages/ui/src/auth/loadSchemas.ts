// The contract's schemas (and zod with them) load when an answer needs checking, not with the landing
// page, which a signed-out visitor opens without any API answer to check; nor before a signed-in page's
// first paint (see AuthProvider).
export const loadSchemas = () => import('@mentora/contract/schemas');
