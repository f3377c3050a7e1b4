import 'overlayscrollbars/overlayscrollbars.css';
import './custom-scrollbar.css';
import { OverlayScrollbars } from 'overlayscrollbars';

/**
 * The page's custom scrollbar on desktop browsers (spec §9): it shows while the page scrolls or the
 * pointer moves and hides 175 ms after both stop. Scrolling itself stays the browser's own (keyboard,
 * wheel, window.scrollTo), so nothing else in the app changes.
 */
export function installCustomScrollbar() {
  OverlayScrollbars(document.body, { scrollbars: { autoHide: 'move', autoHideDelay: 175 } });
}
