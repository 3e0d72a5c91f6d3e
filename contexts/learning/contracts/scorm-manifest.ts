/**
 * A SCORM package as its imsmanifest.xml describes it (ADR 0084): the version read from
 * <schemaversion>, the default organization's items with their launch addresses (xml:base,
 * the resource's href, the item's parameters), the 1.2 and 2004 item data (mastery score, data
 * from the LMS, time limit action, completion threshold) and, for 2004, the activity tree in the
 * shape scorm-again's sequencing takes (imsss sequencing, adlnav presentation). The upload
 * screen shows it before publishing; the player plays it.
 */
import { z } from 'zod';

export const SCORM_EDITIONS = ['1.2', '2004-2nd', '2004-3rd', '2004-4th'] as const;
export type ScormEdition = (typeof SCORM_EDITIONS)[number];

export const scormScoSchema = z.object({
  /** the item's identifier (the activity id of the sequencing tree) */
  id: z.string(),
  title: z.string(),
  /**
   * package-relative launch address with its query, e.g. shared/launchpage.html?content=playing:
   * a URI reference, the file's path percent-encoded (`100%25%20done.htm` for `100% done.htm`)
   */
  launch: z.string(),
  /** the launch file's package-relative path as the zip names it (decoded, no query), issue 27 */
  file: z.string(),
  resourceId: z.string(),
  /** 1.2 adlcp:masteryscore (0..100) */
  masteryScore: z.number().nullable(),
  /** 1.2 adlcp:datafromlms, 2004 adlcp:dataFromLMS (cmi.launch_data) */
  dataFromLms: z.string().nullable(),
  timeLimitAction: z.string().nullable(),
  /** 2004 adlcp:completionThreshold (minProgressMeasure) */
  completionThreshold: z.number().nullable(),
  /**
   * adlcp:scormType (1.2 scormtype) of the resource: an `asset` never calls the API, so the player
   * counts it done once launched (ADL's test packages and Golf's one-file-per-SCO 2004 example
   * launch assets). Absent in data written before the field: a SCO.
   */
  scormType: z.enum(['sco', 'asset']).optional(),
});
export type ScormSco = z.infer<typeof scormScoSchema>;

/** One node of the organization (an item with children, or a SCO / asset leaf). */
export interface ScormTocNode {
  id: string;
  title: string;
  /** the SCO this leaf launches (null for a cluster or an item without a resource) */
  scoId: string | null;
  isVisible: boolean;
  children: ScormTocNode[];
}
export const scormTocNodeSchema: z.ZodType<ScormTocNode> = z.lazy(() =>
  z.object({ id: z.string(), title: z.string(), scoId: z.string().nullable(), isVisible: z.boolean(), children: z.array(scormTocNodeSchema) }),
);

export const scormManifestSchema = z.object({
  identifier: z.string(),
  edition: z.enum(SCORM_EDITIONS),
  /** the run-time the player creates */
  version: z.enum(['1.2', '2004']),
  title: z.string(),
  organizationId: z.string(),
  toc: z.array(scormTocNodeSchema),
  /** SCOs in the organization's order (1.2 multi-SCO packages play them in this order) */
  scos: z.array(scormScoSchema).min(1),
  /** 2004: scorm-again's sequencing settings (activityTree: ActivitySettings), null for 1.2 */
  sequencing: z.record(z.string(), z.unknown()).nullable(),
  /** every file the manifest's resources list, with their dependencies' (package-relative) */
  files: z.array(z.string()),
});
export type ScormManifest = z.infer<typeof scormManifestSchema>;

/** A problem of a manifest, with where it is (1-based line and column; 0 when the whole file). */
export const manifestProblemSchema = z.object({ file: z.string(), line: z.number().int(), column: z.number().int(), message: z.string() });
export type ManifestProblem = z.infer<typeof manifestProblemSchema>;
