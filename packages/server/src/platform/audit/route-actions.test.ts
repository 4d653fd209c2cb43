import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireNamedAuditActions } from './route-actions.ts';

describe('requireNamedAuditActions', () => {
  const appWith = (action: string) => {
    const app = Fastify();
    requireNamedAuditActions(app);
    return app.register(async (routes) => {
      routes.post('/api/thing', { config: { permission: 'session', action } }, async () => ({}));
    });
  };

  it('refuses a route whose action the GM log cannot name', async () => {
    await expect(appWith('things.frobnicate').ready()).rejects.toThrow('declares the action "things.frobnicate", which AUDIT_ACTIONS does not name');
  });

  it('takes a named one', async () => {
    const app = appWith('areas.update');
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();
  });
});
