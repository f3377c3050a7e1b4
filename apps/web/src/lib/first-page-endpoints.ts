// Zod's configuration comes first, as for every chunk that builds schemas (see zod-jitless.ts).
import './zod-jitless.ts';

/**
 * The endpoints the landing and sign-in pages call, which the first page does not download: their
 * schemas (and Zod) arrive with the first call, through `firstPageEndpoints()` (decision 027).
 * Pages that load later import their endpoints from the contract as usual.
 */
export { accountEndpoints, authEndpoints, premiumEndpoints } from '@vocagarden/contract';
