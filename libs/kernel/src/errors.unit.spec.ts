import { describe, expect, it } from 'vitest';
import { AppError, ERROR_CODES, errorDefinition, registerErrors } from './errors.js';

describe('registered error codes (ADR 0009 §6)', () => {
  it("answer a context's code with its own status and message, beside the kernel's", () => {
    registerErrors({ 'test-rule-broken': { status: 409, message: 'The test rule was broken' } });
    const error = new AppError('test-rule-broken' as never);
    expect(error.toBody()).toEqual({ statusCode: 409, code: 'test-rule-broken', message: 'The test rule was broken' });
    expect(ERROR_CODES).toContain('test-rule-broken');
    expect(errorDefinition('404')).toEqual({ status: 404, message: 'The content you requested was not found' });
  });

  it('refuse a code defined differently elsewhere, and a code nobody registered', () => {
    expect(() => registerErrors({ '404': { status: 410, message: 'Gone' } })).toThrow(/registered twice/);
    expect(() => new AppError('never-registered' as never)).toThrow(/not registered/);
  });
});
