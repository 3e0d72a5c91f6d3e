import { describe, expect, it } from 'vitest';
import { AppError, errorDefinition, registerErrorCodes, registeredErrorCodes } from './errors.js';

describe('registered error codes (ADR 0009 §6)', () => {
  it("answer a context's code with its own status and message, beside the kernel's", () => {
    registerErrorCodes({ 'test-rule-broken': { status: 409, message: 'The test rule was broken' } });
    const error = new AppError('test-rule-broken' as never);
    expect(error.toBody()).toEqual({ statusCode: 409, code: 'test-rule-broken', message: 'The test rule was broken' });
    expect(registeredErrorCodes()).toContain('test-rule-broken');
    expect(errorDefinition('404')).toEqual({ status: 404, message: 'The content you requested was not found' });
  });

  it('refuse a code defined differently elsewhere, and a code nobody registered', () => {
    expect(() => registerErrorCodes({ '404': { status: 410, message: 'Gone' } })).toThrow(/already defined/);
    expect(() => new AppError('never-registered' as never)).toThrow(/not registered/);
  });
});
