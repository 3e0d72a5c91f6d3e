import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type Clock } from '@portal/kernel';
import type { EventStore } from '@portal/eventstore';
import { APP_CONFIG, CLOCK, EVENT_STORE, type AppConfig, type CommandOutcome } from '@portal/platform';
import type { ScormPublished } from '../../contracts/index.js';
import { scormPackagesDir, storedPackage } from '../shared/uploaded-packages.js';
import { publishPackage } from '../shared/scorm-publish.js';
import { PublishScormPackageCommand } from './publish-scorm-package.command.js';

/** Writes the station's next revision with the package as its entry (404: no such package or station). */
@CommandHandler(PublishScormPackageCommand)
export class PublishScormPackageHandler implements ICommandHandler<PublishScormPackageCommand> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ packageId, stationId, context }: PublishScormPackageCommand): Promise<CommandOutcome<ScormPublished>> {
    const pkg = storedPackage(scormPackagesDir(this.config.dataDir), packageId);
    if (!pkg) throw new AppError('404', `No uploaded package ${packageId}`, [{ path: 'packageId', code: 'unknown_package', message: `no package ${packageId}` }]);
    const { checkpoint, ...value } = await publishPackage(this.store, this.clock, pkg, stationId, context);
    return { value, checkpoint };
  }
}
