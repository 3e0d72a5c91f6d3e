import { Query } from '@nestjs/cqrs';
import type { Checkpoint } from '@portal/eventstore';
import type { UserData } from '../../contracts/index.js';

export class GetUserDataQuery extends Query<UserData> {
  constructor(
    readonly userId: string,
    readonly minPosition: Checkpoint | null,
  ) {
    super();
  }
}
