/** The `dashboard` namespace. */
export const en = {
  title: 'Dashboard',
  greeting: {
    morning: 'Good morning, {{name}}',
    afternoon: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
  },
  signedInAs: 'Signed in as {{account}}',
  noRole: 'No role',
  twoFactorOn: 'Two-factor on',
  twoFactorOff: 'Two-factor off',
  stats: {
    signedIn: 'Signed-in operators',
    myOperations: 'My recent operations',
    system: 'System',
    uptime: 'Server uptime',
  },
  sessions: {
    title: 'Who is signed in',
    operator: 'Operator',
    since: 'Signed in',
    lastSeen: 'Last active',
    ip: 'IP',
    agent: 'Browser',
    you: 'You',
    empty: 'Nobody else is signed in.',
  },
  operations: {
    title: 'My recent operations',
    viewAll: 'View all',
    empty: 'You have not done anything yet.',
  },
  game: {
    title: 'The game today',
    updated: 'as of {{time}}, refreshed every minute',
    onlineNow: 'Online now',
    last24h: 'Players online over the last 24 hours',
    newPlayers: 'New players today',
    activePlayers: 'Active players today',
    revenue: 'Revenue today',
    yesterday: 'Yesterday by this hour: {{value}}',
  },
};
