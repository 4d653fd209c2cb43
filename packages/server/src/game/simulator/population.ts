/**
 * The population model: who signs up when, where from (platform, channel, device, account
 * type), in which region, how long they keep playing, and whether they pay. Every player is a
 * pure function of (run seed, index), so a run replays exactly however it is split into chunks.
 *
 * Players are numbered in sign-up order: index i signs up at the ((i + u) / N) quantile of the
 * sign-up curve, so an earlier index always signed up earlier (friends and second roles pick
 * earlier players, who exist by then).
 */
import { createRandom, type Random } from '../world/world.seed.ts';
import { DAY_MS, HOUR_MS, hourWeights, type DisplayClock } from './display-time.ts';
import { ANDROID_CHANNELS, CLIENT_RELEASES, DEVICE_MODELS, OS_VERSIONS, PLATFORM_WEIGHTS, type Platform } from './game-content.ts';

// ---------------------------------------------------------------------------------------------
// Numbers the model uses (docs/simulator.md lists them).
// ---------------------------------------------------------------------------------------------

/** Share of players who keep playing nearly every day (no churn). */
export const LOYAL_CORE_SHARE = 0.04;
/** Chance a non-core player who has not churned yet plays on a given day. */
export const REGULAR_DAILY_CHANCE = 0.72;
export const CORE_DAILY_CHANCE = 0.92;
/**
 * Survival of non-core players: the share still playing after k days (log-linear in between).
 * With the daily chances above (and engaged spenders) this gives D1 ~43 %, D7 ~15 %, D30 ~5 %.
 */
export const SURVIVAL: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 0.55],
  [2, 0.43],
  [3, 0.33],
  [7, 0.14],
  [14, 0.075],
  [30, 0.018],
  [60, 0.006],
  [120, 0.0015],
  [100_000, 0.0000001],
];
/** Payer tiers as shares of all players: about 4.2 % pay at least once. */
export const PAYER_SHARES = { whale: 0.004, dolphin: 0.01, minnow: 0.028 } as const;
export const CHEATER_SHARE = 0.012;
export const TOXIC_SHARE = 0.03;
export const INSIDER_SHARE = 0.005;
export const STREAMER_SHARE = 0.003;
/** Share of roles that are a second role of an earlier player's account. */
export const SECOND_ROLE_SHARE = 0.08;

/** No sign-ups in the last minutes before now. */
export const SIGNUP_MARGIN_MS = 10 * 60_000;

export type PayerTier = 'none' | 'minnow' | 'dolphin' | 'whale';

// ---------------------------------------------------------------------------------------------
// Seeded streams.
// ---------------------------------------------------------------------------------------------

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 1, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** An independent generator for (seed, index, purpose). */
export function streamFor(seed: number, index: number, salt: number): Random {
  return createRandom(mix(mix(seed, index), salt));
}

export const SALT = { account: 1, role: 2, life: 3, region: 5, owner: 6, friends: 7, name: 8, identity: 9, reports: 10, codes: 11 } as const;

const frac = (x: number) => x - Math.floor(x);
/** A low-discrepancy draw: shares come out right even for a few hundred players. */
const spread = (index: number, step: number, offset: number) => frac(offset + index * step);
const PHI = 0.618_033_988_749_895;
const SQRT2 = 0.414_213_562_373_095;
const SQRT3 = 0.732_050_807_568_877;
const SQRT5 = 0.236_067_977_499_79;
const SQRT7 = 0.645_751_311_064_591;
const SQRT11 = 0.316_624_790_355_4;

// ---------------------------------------------------------------------------------------------
// Regions and the sign-up curve.
// ---------------------------------------------------------------------------------------------

export interface SimRegion {
  id: string;
  /** As `b_zone_id` / `areaId`. */
  zoneId: number;
  weight: number;
  /** Only insiders (identity mark 1) play here (a hidden test server with GM-only login). */
  insidersOnly: boolean;
  /** From this time nobody but insiders gets in (maintenance, GM-only or blocked login); null if open. */
  closedSince: number | null;
  heat: string;
  /** A region of the global group: Android players there come from Google Play. */
  global: boolean;
}

export interface SignupCurve {
  slotStart: Float64Array;
  slotLength: Float64Array;
  cumulative: Float64Array;
}

/** The day of the window (from 0) the three-day marketing campaign starts. */
export function campaignStartDay(days: number): number {
  return Math.floor(days * 0.6);
}

/**
 * Hourly sign-up weights from the window start to now: a launch wave that settles, a marketing
 * campaign of three days around 60 % of the window, weekends a quarter busier, and the hour of
 * day by the day curve.
 */
export function signupCurve(clock: DisplayClock, windowStart: number, now: number, days: number): SignupCurve {
  const slots = Math.ceil((now - windowStart) / HOUR_MS);
  const slotStart = new Float64Array(slots);
  const slotLength = new Float64Array(slots);
  const cumulative = new Float64Array(slots);
  const campaignFrom = campaignStartDay(days);
  let total = 0;
  for (let s = 0; s < slots; s += 1) {
    const start = windowStart + s * HOUR_MS;
    const length = Math.min(HOUR_MS, now - start);
    const day = Math.floor((start - windowStart) / DAY_MS);
    const weekday = clock.weekday(start);
    let weight = 1 + 0.8 * Math.exp(-day / 5);
    if (day >= campaignFrom && day < campaignFrom + 3) weight *= 1.6;
    if (weekday === 0 || weekday === 6) weight *= 1.25;
    weight *= (hourWeights(weekday)[clock.hour(start)] as number) * (length / HOUR_MS);
    total += weight;
    slotStart[s] = start;
    slotLength[s] = length;
    cumulative[s] = total;
  }
  for (let s = 0; s < slots; s += 1) cumulative[s] = (cumulative[s] as number) / total;
  return { slotStart, slotLength, cumulative };
}

/** The time at quantile q of the curve (monotone in q). */
export function signupAt(curve: SignupCurve, q: number): number {
  const { cumulative } = curve;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] as number) < q) lo = mid + 1;
    else hi = mid;
  }
  const before = lo === 0 ? 0 : (cumulative[lo - 1] as number);
  const share = (cumulative[lo] as number) - before;
  const within = share > 0 ? Math.min(0.999_999, Math.max(0, (q - before) / share)) : 0;
  return Math.floor((curve.slotStart[lo] as number) + within * (curve.slotLength[lo] as number));
}

// ---------------------------------------------------------------------------------------------
// Profiles.
// ---------------------------------------------------------------------------------------------

export interface AccountProfile {
  /** Run-relative index of the player who created the account. */
  ownerIndex: number;
  platform: Platform;
  channel: string;
  deviceModel: string;
  osVersion: string;
  /** `b_device_id` and the account's create-device number. */
  deviceId: string;
  type: 'guest' | 'phone' | 'email' | 'thirdParty';
  /** The first octets of the addresses it plays from. */
  ipPrefix: string;
  /** A fresh stream for the account's names and codes: the same draws every time it is asked. */
  identityStream(): Random;
}

export interface PlayerProfile {
  index: number;
  signupAt: number;
  region: SimRegion;
  account: AccountProfile;
  core: boolean;
  /** Days until the player stops coming back (Infinity for the loyal core). */
  lifetimeDays: number;
  dailyChance: number;
  payer: PayerTier;
  cheater: boolean;
  toxic: boolean;
  /** 0 common, 1 insider (QA), 2 external (partner streamer). */
  identityMark: 0 | 1 | 2;
  /** Hours after a release before this player runs it. */
  updateDelayHours: number;
  /** Earlier players in the same region this one talks to. */
  friends: number[];
}

export interface PopulationOptions {
  seed: number;
  players: number;
  clock: DisplayClock;
  now: number;
  windowStart: number;
  days: number;
  regions: readonly SimRegion[];
}

function survivalDays(u: number): number {
  // Inverse of the survival table: the k where S(k) = u, log-linear between points.
  for (let p = 1; p < SURVIVAL.length; p += 1) {
    const [k1, s1] = SURVIVAL[p] as readonly [number, number];
    if (u >= s1) {
      const [k0, s0] = SURVIVAL[p - 1] as readonly [number, number];
      const t = (Math.log(u) - Math.log(s0)) / (Math.log(s1) - Math.log(s0));
      return k0 + t * (k1 - k0);
    }
  }
  return Infinity;
}

export function weighted<T>(rng: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let roll = rng.next() * total;
  for (const [item, w] of items) {
    if ((roll -= w) < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

const HEX = '0123456789abcdef';
const hex = (rng: Random, n: number) => {
  let out = '';
  for (let i = 0; i < n; i += 1) out += HEX.charAt(rng.int(0, 15));
  return out;
};

export interface Population {
  readonly options: PopulationOptions;
  readonly curve: SignupCurve;
  profile(index: number): PlayerProfile;
  /** The region of player `index` (cheap; used to pick friends). */
  regionOf(index: number): SimRegion;
  /** Which player's account `index` plays on (itself, or an earlier player). */
  ownerOf(index: number): number;
  /** The client version player `index` runs at `at`. */
  versionAt(profile: PlayerProfile, at: number): string;
}

export function createPopulation(options: PopulationOptions): Population {
  const { seed, players, regions, clock, now, windowStart, days } = options;
  // Sign-ups end a little before now, so every new role has time for its first session.
  const curve = signupCurve(clock, windowStart, now - SIGNUP_MARGIN_MS, days);
  const publicRegions = regions.filter((r) => !r.insidersOnly);
  const testRegions = regions.filter((r) => r.insidersOnly);
  if (publicRegions.length === 0) throw new Error('the simulator needs at least one region players may enter');
  const owners = new Map<number, number>();
  const regionCache = new Map<number, SimRegion>();
  const releases = CLIENT_RELEASES.map((r) => ({ version: r.version, at: windowStart + r.at * (now - windowStart) }));

  const isInsider = (index: number) => spread(index, SQRT7, (seed % 977) / 977) < INSIDER_SHARE;

  function ownerOf(index: number): number {
    const cached = owners.get(index);
    if (cached !== undefined) return cached;
    const rng = streamFor(seed, index, SALT.owner);
    let owner = index;
    if (index > 0 && rng.chance(SECOND_ROLE_SHARE)) {
      const earlier = index - 1 - Math.floor(rng.next() * Math.min(index, 400));
      owner = ownerOf(earlier);
    }
    owners.set(index, owner);
    return owner;
  }

  /** When player `index` signs up: the first draw of its role stream places it on the curve. */
  function signupOf(index: number): number {
    const u = streamFor(seed, index, SALT.role).next();
    return signupAt(curve, Math.min(0.999_999_999, (index + u) / players));
  }

  function regionOf(index: number): SimRegion {
    const cached = regionCache.get(index);
    if (cached) return cached;
    const rng = streamFor(seed, index, SALT.region);
    // Nobody makes a role in a region that has closed its doors by then.
    const at = signupOf(index);
    const enterable = publicRegions.filter((r) => r.closedSince === null || at < r.closedSince - 15 * 60_000);
    const choices = enterable.length > 0 ? enterable : publicRegions;
    let region: SimRegion;
    if (isInsider(index) && testRegions.length > 0 && rng.chance(0.6)) {
      region = rng.pick(testRegions);
    } else {
      region = weighted(rng, choices.map((r) => [r, r.weight] as const));
      const owner = ownerOf(index);
      // A second role goes to another region than the account's first role.
      if (owner !== index && choices.length > 1 && regionOf(owner).id === region.id) {
        region = choices[(choices.indexOf(region) + 1) % choices.length] as SimRegion;
      }
    }
    regionCache.set(index, region);
    return region;
  }

  function accountProfile(ownerIndex: number): AccountProfile {
    const rng = streamFor(seed, ownerIndex, SALT.account);
    const platform = weighted(rng, PLATFORM_WEIGHTS);
    const android = regionOf(ownerIndex).global ? 'googleplay' : weighted(rng, ANDROID_CHANNELS);
    const channel = platform === 'ios' ? 'appstore' : platform === 'pc' ? 'pc_official' : android;
    const type = weighted(rng, [
      ['guest', 20],
      ['phone', 45],
      ['email', 10],
      ['thirdParty', 25],
    ] as const);
    return {
      ownerIndex,
      platform,
      channel,
      deviceModel: rng.pick(DEVICE_MODELS[platform]),
      osVersion: rng.pick(OS_VERSIONS[platform]),
      deviceId: hex(rng, 32),
      type,
      ipPrefix: `${rng.int(36, 223)}.${rng.int(0, 255)}`,
      identityStream: () => streamFor(seed, ownerIndex, SALT.identity),
    };
  }

  function profile(index: number): PlayerProfile {
    const rng = streamFor(seed, index, SALT.role);
    rng.next(); // the draw signupOf reads
    const at = signupOf(index);
    const region = regionOf(index);
    const owner = ownerOf(index);
    const account = accountProfile(owner);

    const offset = (seed % 1009) / 1009;
    const core = spread(index, SQRT2, offset) < LOYAL_CORE_SHARE;
    const tierRoll = spread(index, PHI, offset);
    const payer: PayerTier =
      tierRoll < PAYER_SHARES.whale
        ? 'whale'
        : tierRoll < PAYER_SHARES.whale + PAYER_SHARES.dolphin
          ? 'dolphin'
          : tierRoll < PAYER_SHARES.whale + PAYER_SHARES.dolphin + PAYER_SHARES.minnow
            ? 'minnow'
            : 'none';
    const streamer = spread(index, SQRT11, offset) < STREAMER_SHARE;
    const insider = isInsider(index);
    let lifetimeDays = core || streamer || insider ? Infinity : survivalDays(1 - rng.next());
    let dailyChance = core || streamer ? CORE_DAILY_CHANCE : REGULAR_DAILY_CHANCE;
    // Spenders are engaged: whales and dolphins stay for weeks, minnows for a few days at least.
    if (payer === 'whale' || payer === 'dolphin') {
      lifetimeDays = Math.max(lifetimeDays, 20 + rng.next() * 40);
      dailyChance = Math.max(dailyChance, 0.88);
    } else if (payer === 'minnow') {
      lifetimeDays = Math.max(lifetimeDays, 2 + rng.next() * 10);
    }

    const friendsRng = streamFor(seed, index, SALT.friends);
    const friends: number[] = [];
    const wanted = index === 0 ? 0 : friendsRng.int(1, core ? 5 : 3);
    for (let attempt = 0; attempt < wanted * 4 && friends.length < wanted; attempt += 1) {
      const candidate = index - 1 - Math.floor(friendsRng.next() * Math.min(index, 300));
      if (candidate !== owner && !friends.includes(candidate) && regionOf(candidate).id === region.id) friends.push(candidate);
    }

    return {
      index,
      signupAt: at,
      region,
      account,
      core: core || streamer,
      lifetimeDays,
      dailyChance,
      payer: insider ? 'none' : payer,
      cheater: !insider && !streamer && payer === 'none' && spread(index, SQRT3, offset) < CHEATER_SHARE,
      toxic: spread(index, SQRT5, offset) < TOXIC_SHARE,
      identityMark: insider ? 1 : streamer ? 2 : 0,
      updateDelayHours: 2 + rng.next() * 46,
      friends,
    };
  }

  return {
    options,
    curve,
    profile,
    regionOf,
    ownerOf,
    versionAt(p, at) {
      let version = releases[0]?.version ?? '1.0.0';
      for (const release of releases) {
        // Whoever signs up after a release installs it at once; others update after a delay.
        const from = p.signupAt >= release.at ? release.at : release.at + p.updateDelayHours * HOUR_MS;
        if (at >= from) version = release.version;
      }
      return version;
    },
  };
}
