// Every table, one file per domain under ./schema/. Import tables from here; drizzle-kit
// (drizzle.config.ts) and the database client (client.ts) read the whole schema through this file.
export * from './schema/users.ts';
export * from './schema/auth.ts';
export * from './schema/email.ts';
export * from './schema/vocabulary.ts';
export * from './schema/lists.ts';
export * from './schema/premium.ts';
export * from './schema/records.ts';
export * from './schema/events.ts';
export * from './schema/study.ts';
export * from './schema/classrooms.ts';
export * from './schema/feedback.ts';
export * from './schema/analytics.ts';
