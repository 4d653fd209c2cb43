/**
 * A currency event for export tests: five roles, three currency types, two events per second
 * back from `end` (the newest at `end - 1`), every column of the catalogue filled.
 */
export function currencyEvent(i: number, end: number, overrides: Record<string, unknown> = {}) {
  return {
    b_log_id: `evt-${String(i).padStart(6, '0')}`,
    b_device_id: `device-${i % 5}`,
    b_uid: `u-${i % 5}`,
    b_account_id: `a-${i % 5}`,
    b_is_guest: i % 7 === 0,
    b_role_id: `role-${i % 5}`,
    b_timestamp: end - 1 - Math.floor(i / 2) * 1000,
    b_datetime: '',
    b_game_id: 'demo',
    b_platform: 'ios',
    b_zone_id: 1001,
    b_channel_id: 'appstore',
    b_version: '1.0',
    b_event_name: 'gold_flow',
    b_level: 10 + (i % 50),
    act_type: 1 + (i % 2),
    gold_id: 'crystal',
    gold_name: 'Crystal',
    gold_type: 1 + (i % 3),
    gold_num: 10 + i,
    before_count: 0,
    after_count: 10 + i,
    reason: i % 2 === 0 ? 'shop_buy' : 'stage_clear',
    subreason: '',
    related_order: '',
    ...overrides,
  };
}
