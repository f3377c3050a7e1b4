/**
 * The first script of the loading screen (PRERENDERED_SHELL), from which every signed-in page starts:
 * a classic script of its own, fetched with the HTML, which sends the profile request before the
 * app's entry has arrived (lib/early-profile.ts, decision 042).
 */
import { sendEarlyProfileRequest } from './lib/early-profile.ts';

sendEarlyProfileRequest();
