/**
 * Players' reports of each other. Now and then a player reports someone of its region it has
 * come across (a player who signed up before it and still plays). A toxic chatter or a cheater
 * is far more likely to be the one, for a reason that fits (cheating for a cheater, abuse and
 * spam for a toxic player), with the texts players write. Reports change nothing in the game;
 * they go to the console through `/api/ingest/reports`.
 */
import type { ReportReason } from '@gm/contract/players.contract.ts';
import { REPORT_TEXTS } from '../world/reports.seed.ts';
import { roleIdOf } from '../world/world.seed.ts';
import { DAY_MS } from './display-time.ts';
import type { PlayerSim } from './player-state.ts';
import { weighted, type PlayerProfile } from './population.ts';
import { roleNameOf } from './role-names.ts';

/** Per session of a role of this level or more. */
const REPORT_CHANCE = 0.016;
const MIN_LEVEL = 5;
/**
 * Players a reporter has come across: up to MET of the last NEIGHBOURHOOD sign-ups that share its
 * region and still play, found in at most LOOKS draws (most sign-ups have left by then).
 */
const MET = 12;
const NEIGHBOURHOOD = 800;
const LOOKS = 200;
/** How much likelier a toxic chatter or a cheater is to be reported than anyone else. */
const TOXIC_WEIGHT = 40;
const CHEATER_WEIGHT = 30;

type Reputation = 'cheater' | 'toxic' | 'ordinary';

const REASONS: Readonly<Record<Reputation, readonly (readonly [ReportReason, number])[]>> = {
  cheater: [['cheating', 70], ['abuse', 5], ['spam', 5], ['inappropriateName', 5], ['fraud', 5], ['other', 10]],
  toxic: [['abuse', 45], ['spam', 25], ['inappropriateName', 10], ['fraud', 8], ['cheating', 4], ['other', 8]],
  // Ordinary players are reported too: suspected of cheating after a lost fight, for a name, or out of spite.
  ordinary: [['cheating', 25], ['abuse', 10], ['spam', 8], ['inappropriateName', 12], ['fraud', 10], ['other', 35]],
};

function reputation(profile: PlayerProfile): Reputation {
  return profile.cheater ? 'cheater' : profile.toxic ? 'toxic' : 'ordinary';
}

/** Who the player has come across, with how likely each is to be reported. */
function metPlayers(p: PlayerSim): (readonly [PlayerProfile, number])[] {
  const { population } = p.run;
  const { index, region } = p.profile;
  const met: (readonly [PlayerProfile, number])[] = [];
  for (let look = 0; look < LOOKS && met.length < MET; look += 1) {
    const other = index - 1 - Math.floor(p.reportRng.next() * Math.min(index, NEIGHBOURHOOD));
    if (other < 0 || population.regionOf(other).id !== region.id) continue;
    const profile = population.profile(other);
    if (profile.signupAt + profile.lifetimeDays * DAY_MS < p.sink.t) continue;
    met.push([profile, profile.cheater ? CHEATER_WEIGHT : profile.toxic ? TOXIC_WEIGHT : 1]);
  }
  return met;
}

/** Near the end of a session, the player may report someone. */
export function fileReport(p: PlayerSim): void {
  if (p.level < MIN_LEVEL || !p.reportRng.chance(REPORT_CHANCE)) return;
  const met = metPlayers(p);
  if (met.length === 0) return;
  const target = weighted(p.reportRng, met);
  const reason = weighted(p.reportRng, REASONS[reputation(target)]);
  p.reportsFiled += 1;
  p.run.reports.push({
    report_id: `RP-${p.roleId}-${p.reportsFiled}`,
    role_id: roleIdOf(p.run.firstIndex + target.index),
    role_name: roleNameOf(p.run.population.options.seed, target.index),
    area_id: String(target.region.zoneId),
    reporter_role_id: p.roleId,
    reason,
    content: p.reportRng.pick(REPORT_TEXTS[reason]),
    reported_at: p.sink.t,
  });
}
