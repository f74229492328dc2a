// Every schema of the contract: request bodies and queries (requests.ts) and the answers and live
// events (responses.ts), each type inferred from its schema.
export * from './requests.js';
export * from './responses.js';
