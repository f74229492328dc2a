import type { SQL } from 'drizzle-orm';
import { searchVector } from '../db/search.js';

export interface SearchableClass {
  title: string;
  description: string;
  tags: readonly string[];
}

/** What classes.search holds: title, then tags, then description (service and test factories alike). */
export function classSearchVector(fields: SearchableClass): SQL {
  return searchVector(fields.title, fields.tags.join(' '), fields.description);
}
