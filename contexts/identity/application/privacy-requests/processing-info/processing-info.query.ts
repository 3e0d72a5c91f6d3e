import { Query } from '@nestjs/cqrs';
import type { ProcessingInfo } from '../../../contracts/index.js';

/** LGPD art. 18 I and VII: what is processed, and with whom it is shared on this installation. */
export class ProcessingInfoQuery extends Query<ProcessingInfo> {}
