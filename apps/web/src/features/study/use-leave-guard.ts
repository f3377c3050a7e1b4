import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useConfirm } from '../../components/confirm-provider.tsx';

/**
 * While `active`, leaving the page (the close button, the browser's Back, any link, another mode)
 * asks first; staying keeps the session as it is. A finished session leaves without asking.
 */
export function useLeaveGuard(active: boolean) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      active && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({
      title: t('study.leaveTitle'),
      message: t('study.leaveText'),
      confirmText: t('study.leave'),
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, confirm, t]);
}
