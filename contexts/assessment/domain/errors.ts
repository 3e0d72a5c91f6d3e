import { AppError, type ErrorBody } from '@portal/kernel';
import { ASSESSMENT_ERRORS, type AssessmentErrorCode } from '../contracts/errors.js';

/**
 * A broken assessment rule with its own code (contracts/errors.ts). It is an AppError, so the
 * API's error filter answers it through `toBody()`; `code` and `status` carry the rule's values.
 */
export class AssessmentRuleError extends AppError {
  readonly rule: AssessmentErrorCode;
  constructor(rule: AssessmentErrorCode, message?: string) {
    super('app/bed-request', message ?? ASSESSMENT_ERRORS[rule].message);
    this.name = 'AssessmentRuleError';
    this.rule = rule;
    // the kernel's catalogue types `code`; this rule's code is ours (see contracts/errors.ts)
    Object.defineProperty(this, 'code', { value: rule, enumerable: true });
    Object.defineProperty(this, 'status', { value: ASSESSMENT_ERRORS[rule].status, enumerable: true });
  }
  override toBody(): ErrorBody {
    return { statusCode: ASSESSMENT_ERRORS[this.rule].status, code: this.rule, message: this.message };
  }
}

export const fieldError = (path: string, message: string) => new AppError('app/bed-request', 'Invalid request', [{ path, message }]);
