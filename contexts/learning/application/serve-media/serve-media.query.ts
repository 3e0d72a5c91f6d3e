import { Query } from '@nestjs/cqrs';

/** GET /media/*: the file of a pack path under the public media folder (its absolute path). */
export class ServeMediaQuery extends Query<string> {
  constructor(readonly packPath: string) {
    super();
  }
}
