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
} as const;

/** The key under which the browser keeps the API token (spec §4). */
export const TOKEN_STORAGE_KEY = 'jwtToken';
