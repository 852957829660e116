export * from './account.js';
export * from './content.js';
export * from './courses.js';
export * from './membership.js';
export * from './auth.js';
export * from './files.js';
export * from './portal.js';
export * from './releases.js';
