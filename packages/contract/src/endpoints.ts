import { accountEndpoints } from './account.ts';
import { authEndpoints } from './auth.ts';
import { classroomsEndpoints } from './classrooms.ts';
import type { EndpointDefinition } from './endpoint.ts';
import { platformEndpoints } from './health.ts';
import { listsEndpoints } from './lists.ts';
import { eventEndpoint, recordsEndpoints } from './records.ts';
import { studyEndpoints } from './study.ts';
import { premiumEndpoints } from './premium.ts';
import { vocabularyEndpoints } from './vocabulary.ts';

/** Every endpoint of the API, for checks that walk them all (each route is registered from one of these). */
export const allEndpoints: EndpointDefinition[] = [
  ...Object.values(platformEndpoints),
  ...Object.values(authEndpoints),
  ...Object.values(accountEndpoints),
  ...Object.values(vocabularyEndpoints),
  ...Object.values(premiumEndpoints),
  ...Object.values(listsEndpoints),
  ...Object.values(recordsEndpoints).flatMap((set) => Object.values(set)),
  eventEndpoint,
  ...Object.values(studyEndpoints),
  ...Object.values(classroomsEndpoints),
];
