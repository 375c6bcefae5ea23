export * from './files.js';
export * from './folders.js';
export * from './enterprise.js';
