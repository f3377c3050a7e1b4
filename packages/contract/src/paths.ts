/** The API's base path and every route under it (paths end with a slash, DRF style). */
export const API_BASE = '/cyberapi';

export const apiPaths = {
  health: '/health/',
  docs: '/docs/',
  signup: '/auth/signup/',
  login: '/auth/login/',
  logout: '/auth/logout/',
  profile: '/profile/',
  user: '/user/',
  passwordReset: '/auth/password-reset/',
  passwordResetConfirm: '/auth/password-reset/confirm/',
  loginCode: '/auth/code/',
  loginCodeVerify: '/auth/code/verify/',
  providers: '/auth/providers/',
  oidcStart: '/auth/oidc/:provider/start/',
  oidcCallback: '/auth/oidc/:provider/callback/',
  emailPreferences: '/user/email-preferences/',
  devOutbox: '/dev/outbox/',
  levels: '/vocalevels/',
  categories: '/vocacategories/',
  category: '/vocacategories/:id/',
  bulletins: '/vocabulletins/',
  bulletin: '/vocabulletins/:id/',
  vocas: '/vocas/',
  vocaSearch: '/vocas/search/',
  premiumSubscriptions: '/vocapremiumsubscription/',
  records: '/vocarecords/',
  record: '/vocarecords/:vocaId/',
  hardRecords: '/vocahardrecords/',
  hardRecord: '/vocahardrecords/:vocaId/',
  event: '/event-call/:event/',
  reviews: '/reviews/',
  dueReviews: '/reviews/due/',
  studySessions: '/study-sessions/',
  home: '/home/',
  devClock: '/dev/clock/',
} as const;

/** The key under which the browser keeps the API token (spec §4). */
export const TOKEN_STORAGE_KEY = 'jwtToken';
