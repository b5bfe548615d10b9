export * from './constants.js';
export * from './schemas.js';
export * from './format.js';
export * from './social.js';
export * from './studio.js';
export * from './site.js';
export * from './releases.js';
