export * from './constants.js';
export * from './fileNames.js';
export * from './liveSession.js';
export * from './messages.js';
export * from './schemas.js';
export * from './text.js';
