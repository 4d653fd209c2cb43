import type { FastifyInstance } from 'fastify';
import { AUDIT_ACTIONS } from '@gm/contract/audit.contract.ts';

/**
 * The GM log names a route's action in words from AUDIT_ACTIONS; one missing there would read as
 * its raw key (`configTables.upload`). So a route declaring an unnamed action is refused when it
 * is registered, as a route declaring no permission is (auth.plugin.ts).
 */
export function requireNamedAuditActions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const action = route.config?.action;
    if (action !== undefined && !Object.hasOwn(AUDIT_ACTIONS, action)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares the action "${action}", which AUDIT_ACTIONS does not name.`);
    }
  });
}
