import { useCallback, useEffect, useState } from 'react';
import Cookies from 'js-cookie';
import { SIDEBAR_COOKIE } from '@gm/contract/constants.ts';
import { MOBILE_MEDIA_QUERY, sidebarCookieValue, sidebarOpenedFromCookie, type Device } from './sidebar-state.ts';

function currentDevice(): Device {
  return typeof window !== 'undefined' && window.matchMedia(MOBILE_MEDIA_QUERY).matches ? 'mobile' : 'desktop';
}

/** Desktop: a collapsible sider remembered in the cookie. Mobile: a drawer, closed by default. */
export function useSidebar() {
  const [opened, setOpened] = useState(() => sidebarOpenedFromCookie(Cookies.get(SIDEBAR_COOKIE)));
  const [device, setDevice] = useState<Device>(currentDevice);
  const [mobileOpen, setMobileOpen] = useState(false);

  useEffect(() => {
    const media = window.matchMedia(MOBILE_MEDIA_QUERY);
    const onChange = () => {
      setDevice(media.matches ? 'mobile' : 'desktop');
      setMobileOpen(false);
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  const toggle = useCallback(() => {
    if (device === 'mobile') {
      setMobileOpen((open) => !open);
      return;
    }
    setOpened((open) => {
      Cookies.set(SIDEBAR_COOKIE, sidebarCookieValue(!open), { expires: 365, sameSite: 'Lax' });
      return !open;
    });
  }, [device]);

  return {
    device,
    isMobile: device === 'mobile',
    collapsed: device === 'mobile' ? true : !opened,
    mobileOpen,
    closeMobile: () => setMobileOpen(false),
    toggle,
  };
}
