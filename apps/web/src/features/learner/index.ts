export { sendEvent } from './events.ts';
export { useLearnerData } from './learner-data.ts';
export { useIsPremium } from './premium.ts';
export { knownAmount, progressPercent, useRecordChange, useRecordIds, type RecordSet } from './records.ts';
