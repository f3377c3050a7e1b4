export * from './account.ts';
export * from './auth.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './languages.ts';
export * from './paths.ts';
export * from './user.ts';
export * from './vocabulary.ts';
