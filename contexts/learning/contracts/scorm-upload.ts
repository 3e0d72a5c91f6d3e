/**
 * Uploading a SCORM zip in the manager area (issue 27, ADR 0084 "Upload"): the zip is judged and
 * unzipped (POST /manager/scorm-packages answers the parsed course: title, version, SCOs), then
 * published into a station (POST /manager/scorm-packages/:packageId/publish). Holders of
 * manage_all_companies only.
 */
import { z } from 'zod';
import { localizedSchema } from './pack.js';
import { SCORM_EDITIONS, scormTocNodeSchema } from './scorm-manifest.js';

/** The multipart body: the zip in the field `file`. */
export const scormUploadFormSchema = z.object({ file: z.string().meta({ format: 'binary', description: 'a SCORM package as a zip (imsmanifest.xml at its root), at most 200 MB' }) });

/** Why a zip itself is refused (zip safety, ADR 0084's upload section). */
export const ZIP_REFUSALS = ['zip_empty', 'not_a_zip', 'zip_too_large', 'zip_too_many_files', 'zip_bomb', 'zip_unsafe_path', 'zip_link', 'zip_encrypted', 'zip_duplicate'] as const;

/** Details codes of a refused upload (`app/bed-request`, `details[].code`, path `file`): the zip's, then the package's. */
export const SCORM_UPLOAD_REFUSALS = [...ZIP_REFUSALS, 'manifest_missing', 'manifest_invalid', 'launch_missing'] as const;
export type ScormUploadRefusal = (typeof SCORM_UPLOAD_REFUSALS)[number];

export const scormPackageIdSchema = z.string().regex(/^[0-9a-f]{16}$/, 'package id');

/** A publishing target: a station of the catalogue. */
export const scormTargetStationSchema = z.object({ stationId: z.string(), title: localizedSchema, type: z.enum(['Map', 'Detail']) });

/** The preview of an uploaded package: what its manifest says, before it is published. */
export const scormPackagePreviewSchema = z.object({
  packageId: scormPackageIdSchema,
  identifier: z.string(),
  title: z.string(),
  edition: z.enum(SCORM_EDITIONS),
  version: z.enum(['1.2', '2004']),
  scos: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** the launch address (a URI reference: the path percent-encoded, then the query) */
      launch: z.string(),
      /** the launch file as the zip names it (decoded: `Módulo 1/100% pronto.htm`), what the screen shows */
      file: z.string(),
      /** the launch's query and fragment as the manifest writes them ('' when none) */
      parameters: z.string(),
      /** an asset never calls the SCORM API: the player counts it done once launched */
      scormType: z.enum(['sco', 'asset']),
    }),
  ),
  toc: z.array(scormTocNodeSchema),
  files: z.number().int(),
  bytes: z.number().int(),
  /** the entry id it is published as (`scorm-` and the manifest's identifier) */
  entryId: z.string(),
  /** stations it can be published into; those that already play this course (an earlier version) first */
  stations: z.array(scormTargetStationSchema.extend({ hasCourse: z.boolean() })),
});
export type ScormPackagePreview = z.infer<typeof scormPackagePreviewSchema>;

export const scormPackageParamsSchema = z.object({ packageId: scormPackageIdSchema });
export const scormPublishBodySchema = z.object({ stationId: z.string().min(1).max(64) });
export type ScormPublishBody = z.infer<typeof scormPublishBodySchema>;
export const scormPublishedSchema = z.object({
  stationId: z.string(),
  entryId: z.string(),
  /** the station's revision that plays the package */
  revision: z.number().int(),
  /** false when the station already played this very package */
  revised: z.boolean(),
});
export type ScormPublished = z.infer<typeof scormPublishedSchema>;

export const scormUploadRoutes = {
  scormUpload: {
    method: 'POST',
    path: '/manager/scorm-packages',
    form: scormUploadFormSchema,
    response: scormPackagePreviewSchema,
    summary:
      'Upload a SCORM zip (multipart field "file"; holders of manage_all_companies): judged for zip safety (paths, links, sizes, ratio), unzipped and its manifest read; answers the course before it is published. Refusals are 400 app/bed-request with details[].code (zip_*, manifest_*, launch_missing) and, for a bad manifest, its file and line',
  },
  scormPublish: {
    method: 'POST',
    path: '/manager/scorm-packages/:packageId/publish',
    params: scormPackageParamsSchema,
    body: scormPublishBodySchema,
    response: scormPublishedSchema,
    summary: "Publish an uploaded package into a station as its next revision (the same course again replaces its entry; attempts begun keep their package's files)",
    errors: ['404'],
  },
} as const;
