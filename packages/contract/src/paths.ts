/** The API's base path; every endpoint's path (see the `*Endpoints` objects) is under it. */
export const API_BASE = '/cyberapi';

/** Where the OpenAPI document is served (Swagger UI), under API_BASE. */
export const API_DOCS_PATH = '/docs/';

/** The key under which the browser keeps the API token (spec §4). */
export const TOKEN_STORAGE_KEY = 'jwtToken';
