import { describe, expect, it } from 'vitest';
import type { UserContext } from '@gm/contract/auth.contract.ts';
import { sessionProblem } from './session-check.ts';

const context: UserContext = {
  resourceIds: [10011, 25001],
  roleId: 'r1',
  userName: 'Admin',
  buttons: [],
  account: 'admin',
  operatorId: 'o1',
  roleName: 'Administrator',
  totpEnabled: false,
  mustEnrollTotp: false,
};

describe('session check after sign-in', () => {
  it('waits while the context loads', () => {
    expect(sessionProblem({ status: 'pending' })).toBeNull();
  });

  it('treats 10002 as logged out and other errors as retryable', () => {
    expect(sessionProblem({ status: 'error', errorCode: 10002 })).toBe('loggedOut');
    expect(sessionProblem({ status: 'error', errorCode: -1 })).toBeNull();
  });

  it('raises the missing-context error when there is no user context', () => {
    expect(sessionProblem({ status: 'success', data: null })).toBe('missingContext');
  });

  it('raises the no-permission error for an empty permission list', () => {
    expect(sessionProblem({ status: 'success', data: { ...context, resourceIds: [] } })).toBe('noPermission');
  });

  it('lets an operator who must enrol in two-factor through, to the profile page', () => {
    expect(sessionProblem({ status: 'success', data: { ...context, resourceIds: [], mustEnrollTotp: true } })).toBeNull();
    expect(sessionProblem({ status: 'success', data: context })).toBeNull();
  });
});
