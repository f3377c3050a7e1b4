export * from './parse.ts';
export * from './schema.ts';
export * from './targets.ts';
export * from './validate.ts';
export { bundledContentDir, bundledContentFiles, loadContentFiles } from './files.ts';
