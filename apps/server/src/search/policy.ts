import { isAdmin } from '../users/policy.js';

/** People (names and emails) are found by admins only: everyone else's search has no people in it. */
export const canSearchPeople = isAdmin;

/**
 * Admins find discussions of every class; everyone else only those of the classes they belong to
 * (as learner or as mentor), as the discussions list shows them.
 */
export const searchesEveryDiscussion = isAdmin;
