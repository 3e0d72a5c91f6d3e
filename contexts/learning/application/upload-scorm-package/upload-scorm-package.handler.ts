import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '@portal/kernel';
import { APP_CONFIG, type AppConfig } from '@portal/platform';
import type { ScormPackagePreview } from '../../contracts/index.js';
import { CatalogueService } from '../shared/catalogue.service.js';
import { PackageRefused, scormPackagesDir, stagePackage, type StoredPackage } from '../shared/uploaded-packages.js';
import { splitAddress } from '../shared/scorm-paths.js';
import { uploadedEntryId } from '../shared/scorm-publish.js';
import { ZipRefused } from '../shared/scorm-zip.js';
import { UploadScormPackageCommand } from './upload-scorm-package.command.js';

/** A refused zip or package as the 400 the screen shows: one detail per problem, the manifest's file and line in params. */
export function uploadRefusal(error: unknown): AppError | null {
  if (error instanceof ZipRefused) {
    return new AppError('app/bed-request', `The zip is refused: ${error.message}`, [{ path: 'file', code: error.code, message: error.message }], error.entry ? { entry: error.entry } : undefined);
  }
  if (error instanceof PackageRefused) {
    const first = error.problems[0];
    return new AppError(
      'app/bed-request',
      `The package is refused: ${error.message}`,
      error.problems.map((p) => ({ path: 'file', code: error.code, message: p.line > 0 ? `${p.file}:${p.line}:${p.column}: ${p.message}` : `${p.file}: ${p.message}` })),
      first ? { file: first.file, line: first.line, column: first.column } : undefined,
    );
  }
  return null;
}

/** Judges and unzips the upload, then answers the course and the stations it may go into (no event: nothing is published yet). */
@CommandHandler(UploadScormPackageCommand)
export class UploadScormPackageHandler implements ICommandHandler<UploadScormPackageCommand> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CatalogueService) private readonly catalogue: CatalogueService,
  ) {}

  async execute({ zipFile }: UploadScormPackageCommand): Promise<ScormPackagePreview> {
    let pkg: StoredPackage;
    try {
      pkg = await stagePackage(zipFile, scormPackagesDir(this.config.dataDir));
    } catch (error) {
      throw uploadRefusal(error) ?? error;
    }
    return previewOf(pkg, await this.catalogue.model());
  }
}

export function previewOf(pkg: StoredPackage, model: Awaited<ReturnType<CatalogueService['model']>>): ScormPackagePreview {
  const entryId = uploadedEntryId(pkg.manifest.identifier);
  const stations = model.ordered
    .map((id) => model.stations.get(id)!)
    .map((s) => ({ stationId: s.stationId, title: s.title, type: s.type, hasCourse: s.entries.some((e) => e.entryId === entryId && e.package !== undefined) }))
    .sort((a, b) => Number(b.hasCourse) - Number(a.hasCourse));
  const { manifest } = pkg;
  return {
    packageId: pkg.packageId,
    identifier: manifest.identifier,
    title: manifest.title,
    edition: manifest.edition,
    version: manifest.version,
    scos: manifest.scos.map((s) => ({ id: s.id, title: s.title, launch: s.launch, file: s.file, parameters: splitAddress(s.launch).rest, scormType: s.scormType ?? 'sco' })),
    toc: manifest.toc,
    files: pkg.files,
    bytes: pkg.bytes,
    entryId,
    stations,
  };
}
