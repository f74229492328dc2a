import { isAdmin } from '../users/policy.js';

/** People (names and emails) are found by admins only: everyone else's search has no people in it. */
export const canSearchPeople = isAdmin;
