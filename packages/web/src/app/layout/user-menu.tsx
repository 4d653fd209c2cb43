import { Avatar, Dropdown, Flex, Typography, type MenuProps } from 'antd';
import { HistoryOutlined, HomeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { clearToken } from '../../shared/session.ts';
import { endCurrentSession, useUserContext } from '../../shared/user-context.tsx';
import { paths } from '../../shared/paths.ts';

/** The user dropdown: home, my account, the operation log, log out. */
export function UserMenu({ onOpenLog, compact }: { onOpenLog: () => void; compact: boolean }) {
  const { t } = useTranslation('common');
  const user = useUserContext();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const name = user?.userName || user?.account || '';

  /** Ends the session; the guard then sends the operator to /login?redirect=<this page>. */
  const logout = async () => {
    await endCurrentSession();
    clearToken();
    queryClient.clear();
  };

  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: t('layout.userMenu.home'), onClick: () => void navigate(paths.dashboard) },
    { key: 'profile', icon: <UserOutlined />, label: t('layout.userMenu.profile'), onClick: () => void navigate(paths.profile) },
    { key: 'log', icon: <HistoryOutlined />, label: t('layout.userMenu.log'), onClick: onOpenLog },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('layout.userMenu.logout'), danger: true, onClick: () => void logout() },
  ];

  return (
    <Dropdown menu={{ items }} placement="bottomRight" trigger={['click']}>
      <Flex align="center" gap={8} className="gm-header-action" role="button" tabIndex={0} aria-label={name} data-testid="user-menu">
        <Avatar size="small" style={{ background: '#1677ff' }}>
          {name.slice(0, 1).toUpperCase()}
        </Avatar>
        {compact ? null : <Typography.Text className="gm-user-name">{name}</Typography.Text>}
      </Flex>
    </Dropdown>
  );
}
