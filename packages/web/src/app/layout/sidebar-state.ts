import { MOBILE_BREAKPOINT_PX } from '@gm/contract/constants.ts';

/**
 * The sidebar state of spec sections 2 and 4: open or collapsed, remembered in the
 * `sidebarStatus` cookie ('1' open, '0' collapsed, open when unset); desktop or mobile, with
 * mobile below 992 px where the sidebar collapses on its own.
 */
export function sidebarOpenedFromCookie(value: string | undefined): boolean {
  return value !== '0';
}

export function sidebarCookieValue(opened: boolean): '1' | '0' {
  return opened ? '1' : '0';
}

export type Device = 'desktop' | 'mobile';

export function deviceForWidth(width: number): Device {
  return width < MOBILE_BREAKPOINT_PX ? 'mobile' : 'desktop';
}

export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
