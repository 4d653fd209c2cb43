/** The `rankings` namespace: the game's leaderboards (/info/develop/redis_rank). */
export const en = {
  title: 'Rankings',
  description: "The game's leaderboards as players see them, best first. Take a cheater's entry off a board (the player keeps their figures; the board leaves them out) and put it back later.",
  boards: { level: 'Level', mainStory: 'Main story', arena: 'Arena' },
  values: { level: 'Level', mainStory: 'Main story progress', arena: 'Arena score' },
  tabs: { board: 'Leaderboard', removed: 'Taken off' },
  fields: { rank: 'Rank', roleId: 'Role ID', roleName: 'Role name', areaId: 'Region', level: 'Level', board: 'Board', reason: 'Reason', removedBy: 'Taken off by', removedAt: 'Taken off at' },
  filters: { area: 'Region', allAreas: 'All regions', board: 'Board', anyBoard: 'Any board' },
  actions: { remove: 'Take off the board', restore: 'Put back' },
  remove: {
    title: 'Take entries off the {{board}} board ({{count}})',
    names: 'Roles: {{names}}',
    reason: 'Reason',
    reasonRequired: 'Please enter the reason.',
    done: 'Taken off: {{count}}.',
  },
  restore: { title: 'Put {{name}} back on the {{board}} board?', done: 'Put back: {{count}}.' },
  none: 'No roles on this board.',
  noneRemoved: 'No entries have been taken off.',
};
