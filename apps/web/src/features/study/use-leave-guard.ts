import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useConfirm } from '../../components/confirm-provider.tsx';
import { guardPopState } from '../../lib/history-guard.ts';

/** React Router's browser history numbers its entries (`history.state.idx`): how far Back or Forward went. */
const entryIndex = (): number | undefined => (window.history.state as { idx?: number } | null)?.idx;

/**
 * While `active`, leaving the page (the close button, the browser's Back, any link, another mode)
 * asks first; staying keeps the session as it is. A finished session leaves without asking.
 *
 * The app's router is React Router's declarative one, which has no blocker (decision 036), so the
 * guard stands in front of it: a link's click is caught before React sees it, and a Back or
 * Forward before the router hears of it (lib/history-guard.ts), and is undone with `history.go`
 * until the learner chooses to leave, as React Router's own blocker does.
 */
export function useLeaveGuard(active: boolean) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (!active) return;
    let asking = false;
    /** Set while this guard's own `history.go` is under way: its popstate is not the learner's. */
    let moving: 'undo' | 'leave' | null = null;
    const here = entryIndex();

    const ask = (leave: () => void) => {
      if (asking) return;
      asking = true;
      void confirm({
        title: t('study.leaveTitle'),
        message: t('study.leaveText'),
        confirmText: t('study.leave'),
      }).then((confirmed) => {
        asking = false;
        if (confirmed) leave();
      });
    };

    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (
        !(link instanceof HTMLAnchorElement) ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return;
      const to = new URL(link.href);
      if (to.origin !== window.location.origin || (to.pathname === pathname && to.search === search)) return;
      event.preventDefault();
      event.stopPropagation();
      ask(() => void navigate(to.pathname + to.search + to.hash));
    };

    const onPopState = (event: PopStateEvent) => {
      if (moving === 'leave') return;
      if (moving === 'undo') {
        moving = null;
        event.stopImmediatePropagation();
        return;
      }
      const there = entryIndex();
      if (here === undefined || there === undefined || there === here) return;
      event.stopImmediatePropagation();
      moving = 'undo';
      window.history.go(here - there);
      ask(() => {
        moving = 'leave';
        window.history.go(there - here);
      });
    };

    document.addEventListener('click', onClick, true);
    const stopGuarding = guardPopState(onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      stopGuarding();
    };
  }, [active, confirm, navigate, pathname, search, t]);
}
