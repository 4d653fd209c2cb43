import type { ReactNode } from 'react';
import {
  AppstoreOutlined,
  BarChartOutlined,
  BugOutlined,
  CloudServerOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  GiftOutlined,
  NotificationOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  TransactionOutlined,
} from '@ant-design/icons';
import type { NavIcon } from '../navigation.ts';

export const MENU_ICONS: Record<NavIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  basic: <CloudServerOutlined />,
  database: <DatabaseOutlined />,
  players: <TeamOutlined />,
  rebate: <GiftOutlined />,
  develop: <BugOutlined />,
  info: <NotificationOutlined />,
  orders: <ShoppingCartOutlined />,
  statistics: <BarChartOutlined />,
  flow: <TransactionOutlined />,
  sysinfo: <FileSearchOutlined />,
  settings: <SettingOutlined />,
  sdk: <AppstoreOutlined />,
};
