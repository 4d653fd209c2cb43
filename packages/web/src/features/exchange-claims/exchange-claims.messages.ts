/** The `exchangeClaims` namespace: redeem-code claim details. */
export const en = {
  title: 'Redeem code claims',
  description: 'Who redeemed which code, when, and what it gave, as the game recorded it.',
  fields: {
    code: 'Code',
    batch: 'Code batch',
    roleId: 'Role ID',
    roleName: 'Role name',
    userId: 'User ID',
    area: 'Region',
    rewards: 'Rewards',
    claimedAt: 'Claimed',
    time: 'Claimed between',
  },
  exact: 'Exact value',
  any: 'Any',
};
