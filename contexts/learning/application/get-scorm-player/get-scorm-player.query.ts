import { Query } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { scormPlayerSchema } from '../../contracts/index.js';

export type ScormPlayerSettings = z.infer<typeof scormPlayerSchema>;

/** GET /scorms/player: where the SCORM player frames packages, for the portal host the caller reached. */
export class GetScormPlayerQuery extends Query<ScormPlayerSettings> {
  constructor(readonly host: string | undefined) {
    super();
  }
}
