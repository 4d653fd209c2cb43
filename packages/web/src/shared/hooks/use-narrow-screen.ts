import { Grid } from 'antd';

/**
 * True while the window is narrower than antd's breakpoint `below` (sm 576 px: a phone; md 768
 * px: a phone or a small tablet). False on the first render before antd has measured, as on a
 * wide screen: the wide layout is the default and a phone switches after one frame.
 */
export function useNarrowScreen(below: 'sm' | 'md'): boolean {
  return Grid.useBreakpoint()[below] === false;
}
