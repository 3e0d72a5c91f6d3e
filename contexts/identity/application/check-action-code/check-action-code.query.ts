import { Query } from '@nestjs/cqrs';
import type { ActionMode } from '../../contracts/index.js';

export class CheckActionCodeQuery extends Query<{ mode: ActionMode; email: string }> {
  constructor(readonly mode: ActionMode, readonly oobCode: string) {
    super();
  }
}
