import { Injectable, Logger } from '@nestjs/common';
import { SubjectEraser } from '../shared/subject-eraser.js';

/**
 * The binding of SubjectEraser until crypto-shredding (issue 31 part A, ADR 0091) is merged: it
 * erases nothing and says so, so a due erasure stays `erasing` and is retried by every sweep
 * until the real eraser is bound in its place. Never a silent success.
 */
@Injectable()
export class UnavailableSubjectEraser extends SubjectEraser {
  private readonly logger = new Logger('SubjectEraser');

  erase(subjectId: string): Promise<{ erasedAt: string; proof: string }> {
    this.logger.warn(`erasure of ${subjectId} is due but crypto-shredding is not installed; it stays pending`);
    return Promise.reject(new Error('crypto-shredding (SubjectEraser) is not installed'));
  }
}
