import { Drawer } from 'antd';
import { SIDEBAR_WIDTH_PX } from '@gm/contract/constants.ts';
import { SideNav } from './side-nav.tsx';

/** Under 992 px the sidebar is a drawer opened from the top bar (loaded when first opened). */
export function MobileNav({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} size={SIDEBAR_WIDTH_PX} closable={false} styles={{ body: { padding: 0, background: '#001529' } }}>
      <SideNav onNavigate={onClose} />
    </Drawer>
  );
}
