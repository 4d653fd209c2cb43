import { demoNickname } from '../world/world.seed.ts';
import { SALT, streamFor } from './population.ts';

/** The name of run player `index`, the same wherever it is needed (its own events, friends' chat). */
export function roleNameOf(seed: number, index: number): string {
  return demoNickname(streamFor(seed, index, SALT.name));
}
