import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create (0013: search), which PGlite must be given when it
 * starts: every `PGlite.create` / `new PGlite` of a Mentora database passes this, or opening one whose
 * indexes use them fails.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, fuzzystrmatch };
