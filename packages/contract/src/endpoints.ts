import { accountEndpoints } from './account.ts';
import { analyticsEndpoints } from './analytics.ts';
import { authEndpoints } from './auth.ts';
import { classroomsEndpoints } from './classrooms.ts';
import { campaignEndpoints } from './campaigns.ts';
import { emailEndpoints } from './email.ts';
import type { EndpointDefinition } from './endpoint.ts';
import { feedbackEndpoints } from './feedback.ts';
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
  ...Object.values(analyticsEndpoints),
  ...Object.values(feedbackEndpoints),
  ...Object.values(emailEndpoints),
  ...Object.values(campaignEndpoints),
];

/**
 * What a staff member viewing the app as a learner (an impersonation token, decision 015) may not
 * do as them: change how they sign in, sign their devices out, delete the account, change their
 * email consent or spend money in their name. These answer 403 `permission_denied`, as every
 * `staff` endpoint does for such a token.
 */
export const impersonationRefused: ReadonlySet<EndpointDefinition> = new Set<EndpointDefinition>([
  authEndpoints.passwordChange,
  authEndpoints.revokeSession,
  authEndpoints.revokeAllSessions,
  accountEndpoints.deleteAccount,
  accountEndpoints.updateEmailPreferences,
  premiumEndpoints.checkout,
  premiumEndpoints.sandboxOutcome,
  // Staff viewing as a learner must not speak in the learner's name.
  analyticsEndpoints.contactMessage,
  analyticsEndpoints.issueReport,
]);
