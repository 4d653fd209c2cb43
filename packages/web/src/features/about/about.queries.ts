/**
 * The about page reads only shared queries (`GET /api/health`) and the static protocol config;
 * this key factory keeps the feature's shape for the day it fetches more.
 */
export { healthQueryOptions, systemKeys as aboutKeys } from '../../shared/system.queries.ts';
