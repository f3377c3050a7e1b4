import { analyticsEndpoints } from '@vocagarden/contract';
import { download } from '../../lib/api-client.ts';

/** GET analytics/token/: the plain-text token, quotes stripped (spec §7). Throws like download(). */
export async function fetchViewAsToken(userId: number): Promise<string> {
  const file = await download(analyticsEndpoints.token, { query: { user_id: userId } });
  return (await file.text()).trim().replace(/^"(.*)"$/, '$1');
}

/** A user id from the address (`/xanalytics/12`), or null if it is not one. */
export function parseUserId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2 ** 31 - 1 ? id : null;
}
