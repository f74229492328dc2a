// Test factories: build users, admins and content in one line. One file per area.
export * from './classes.js';
export * from './community.js';
export * from './discussions.js';
export * from './materials.js';
export * from './pictures.js';
export * from './users.js';
