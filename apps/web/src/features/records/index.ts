export type { RecordSet } from '@vocagarden/contract';
export { provenQueryKey, useProvenIds, useRecordChange, useRecordIds } from './api.ts';
export { useLearnerData } from './learner-data.ts';
export { progressPercent } from './progress.ts';
export { WordProgress } from './word-progress.tsx';
