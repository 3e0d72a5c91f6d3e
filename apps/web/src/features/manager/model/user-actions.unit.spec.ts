import { describe, expect, it } from 'vitest';
import { userActions } from './user-actions';

describe('what a manager may do to a user (issue 14)', () => {
  it('a pre-registered user: invite, deactivate, delete', () => {
    expect(userActions({ hasAccount: false, active: true }, false)).toEqual(['invite', 'deactivate', 'delete']);
  });
  it('a user with an account is never deleted, only deactivated or reactivated', () => {
    expect(userActions({ hasAccount: true, active: true }, false)).toEqual(['deactivate']);
    expect(userActions({ hasAccount: true, active: false }, false)).toEqual(['reactivate']);
  });
  it('nothing on oneself', () => {
    expect(userActions({ hasAccount: true, active: true }, true)).toEqual([]);
  });
});
