/**
 * Redeem codes. The operators run a few code campaigns over the period: the launch code for the
 * first two weeks, a Weibo gift for a week from the marketing campaign, a live-stream code in
 * the last ten days (partner streamers always use it), and one-off support compensation codes
 * all along. Whether a role gets a campaign's code is decided when the role is made; while the
 * campaign runs, the role redeems it at a sign-in, once. The rewards arrive as currency and
 * item events (reason `redeem_code`, sub-reason the batch id) and the claim, with the same
 * rewards, is reported through `/api/ingest/redeem-claims`.
 */
import { oneOffCode, REDEEM_BATCHES } from '../world/reports.seed.ts';
import { DAY_MS, HOUR_MS, type DisplayClock } from './display-time.ts';
import type { PlayerSim } from './player-state.ts';
import { campaignStartDay } from './population.ts';
import type { HeldCode, RedeemCampaign } from './redeem-campaigns.ts';

/** Each session a role with an unredeemed code of a running campaign redeems it with this chance. */
const REDEEM_CHANCE = 0.6;

/** The code campaigns of the period, each within the window. */
export function redeemCampaignsOf(clock: DisplayClock, windowStart: number, now: number, days: number): RedeemCampaign[] {
  const dayStart = (day: number) => clock.dayStart(windowStart + day * DAY_MS + 12 * HOUR_MS);
  const campaignDay = campaignStartDay(days);
  const campaigns: RedeemCampaign[] = [
    { batch: REDEEM_BATCHES.launch, startsAt: windowStart, endsAt: Math.min(now, dayStart(14)), reach: 0.1 },
    { batch: REDEEM_BATCHES.weibo, startsAt: dayStart(campaignDay), endsAt: Math.min(now, dayStart(campaignDay + 7)), reach: 0.15 },
    { batch: REDEEM_BATCHES.stream, startsAt: Math.max(windowStart, now - 10 * DAY_MS), endsAt: now, reach: 0.08 },
    { batch: REDEEM_BATCHES.support, startsAt: windowStart, endsAt: now, reach: 0.015 },
  ];
  return campaigns.filter((c) => c.startsAt < c.endsAt);
}

/** The codes a new role will get: of campaigns that run while it exists, by their reach. */
export function codesFor(p: Pick<PlayerSim, 'run' | 'profile' | 'codeRng'>): HeldCode[] {
  const held: HeldCode[] = [];
  for (const campaign of p.run.redeemCampaigns) {
    // One draw per campaign whatever the outcome, so each campaign's draws stay the same.
    const roll = p.codeRng.next();
    const streamer = p.profile.identityMark === 2 && campaign.batch === REDEEM_BATCHES.stream;
    if (campaign.endsAt <= p.profile.signupAt || (!streamer && roll >= campaign.reach)) continue;
    held.push({ campaign, code: campaign.batch.sharedCode ?? oneOffCode(p.codeRng) });
  }
  return held;
}

/** At sign-in: redeems the codes of running campaigns (each once per role) and reports the claims. */
export function redeemCodes(p: PlayerSim): void {
  for (const held of [...p.codes]) {
    const { campaign, code } = held;
    if (p.sink.t < campaign.startsAt || p.sink.t >= campaign.endsAt || !p.codeRng.chance(REDEEM_CHANCE)) continue;
    p.codes.splice(p.codes.indexOf(held), 1);
    p.sink.advance(p.codeRng.int(10, 40) * 1000);
    const { batch } = campaign;
    p.run.redeemClaims.push({
      claim_id: `RC-${p.roleId}-${batch.id}`,
      code,
      batch_id: batch.id,
      batch_name: batch.name,
      role_id: p.roleId,
      role_name: p.roleName,
      user_id: p.userId,
      area_id: String(p.profile.region.zoneId),
      rewards: JSON.stringify(batch.rewards),
      claimed_at: p.sink.t,
    });
    p.ledger.grant(batch.rewards, 'redeem_code', batch.id);
  }
}
