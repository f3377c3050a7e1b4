export { sendEvent } from './send-event.ts';
