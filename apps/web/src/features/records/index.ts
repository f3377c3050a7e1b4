export type { RecordSet } from '@vocagarden/contract';
export { useRecordChange, useRecordIds } from './api.ts';
export { useLearnerData } from './learner-data.ts';
export { knownAmount, progressPercent } from './progress.ts';
