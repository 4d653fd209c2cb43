import type { z } from 'zod';
import { explorePositionBody } from '@gm/contract/players.contract.ts';
import { readUrlQuery } from '../../shared/url-filters.ts';

/** The role and map the editor shows (`?roleId=&mapId=`), each as the API reads it in `explorePositionBody`; either may be absent. */
const exploreUrlQuery = explorePositionBody.pick({ roleId: true, mapId: true }).partial();
export type ExploreFilters = z.output<typeof exploreUrlQuery>;

/** /explore/pos_setting: a refused value is dropped alone (a map the role has not unlocked is the page's check). */
export const readExploreFilters = (params: URLSearchParams): ExploreFilters => readUrlQuery(exploreUrlQuery, params);

/** The role lookup form: the role id as the URL holds it. */
export type ExploreLookupValues = Pick<ExploreFilters, 'roleId'>;
