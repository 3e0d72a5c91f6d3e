import { posix } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ManifestProblem, ScormEdition, ScormManifest, ScormSco, ScormTocNode } from '../../contracts/scorm-manifest.js';
import { decodeUriPath, encodeUriPath } from './scorm-paths.js';

/**
 * Reads imsmanifest.xml with a maintained XML parser (fast-xml-parser; ADR 0084): well-formedness
 * first (a problem names the file, line and column), then the content packaging rules the player
 * needs. Namespace prefixes are dropped (adlcp:, imsss:, adlnav:, xml:), attribute names are read
 * case-insensitively (1.2 writes adlcp:scormtype, 2004 adlcp:scormType).
 */
export class ManifestError extends Error {
  constructor(readonly problems: ManifestProblem[]) {
    super(problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`).join('\n'));
    this.name = 'ManifestError';
  }
}

type Node = Record<string, unknown>;
const ARRAYS = new Set([
  'organization', 'item', 'resource', 'file', 'dependency', 'preConditionRule', 'exitConditionRule', 'postConditionRule',
  'ruleCondition', 'rollupRule', 'rollupCondition', 'objective', 'mapInfo', 'hideLMSUI', 'sequencing', 'map',
  'adlseq:objective', 'adlseq:mapInfo',
]);
const ADLSEQ = 'http://www.adlnet.org/xsd/adlseq_v1p3';

/**
 * A parser for one manifest. Namespace prefixes are dropped, except that elements of the adlseq
 * namespace (whatever prefix the manifest binds to it) are named `adlseq:<name>`: 4th Edition's
 * `adlseq:objectives` sit beside `imsss:objectives` in the same `<imsss:sequencing>` and would
 * otherwise merge with them.
 */
function parserFor(xml: string): XMLParser {
  const adlseq = new Set<string>();
  for (const m of xml.matchAll(/xmlns:([\w.-]+)\s*=\s*(["'])(.*?)\2/g)) if (m[3]!.trim() === ADLSEQ) adlseq.add(m[1]!);
  // called again on a self-closing tag's name already transformed: `adlseq:` stays
  const local = (name: string) => {
    const at = name.indexOf(':');
    if (at < 0) return name;
    const prefix = name.slice(0, at);
    return adlseq.has(prefix) || prefix === 'adlseq' ? `adlseq:${name.slice(at + 1)}` : name.slice(at + 1);
  };
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: false,
    transformTagName: local,
    // `@xml:base` -> `@base`, `@adlcp:scormType` -> `@scormType`
    transformAttributeName: (name) => name.replace(/^(@?)[^:@]*:/, '$1'),
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    // numeric character references (&#233;) as authoring tools write accented titles
    htmlEntities: true,
    isArray: (name) => ARRAYS.has(name),
  });
}

const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : v && typeof v === 'object' ? [v as Node] : []);
const child = (node: Node | undefined, name: string): Node | undefined => {
  const v = node?.[name];
  return Array.isArray(v) ? (v[0] as Node | undefined) : v && typeof v === 'object' ? (v as Node) : typeof v === 'string' ? { '#text': v } : undefined;
};
const text = (v: unknown): string => {
  if (typeof v === 'string') return v.trim();
  if (Array.isArray(v)) return text(v[0]);
  if (v && typeof v === 'object') return text((v as Node)['#text']);
  return '';
};
/** An attribute, whatever its case. */
const attr = (node: Node | undefined, name: string): string | undefined => {
  if (!node) return undefined;
  const wanted = `@${name}`.toLowerCase();
  const key = Object.keys(node).find((k) => k.toLowerCase() === wanted);
  const v = key ? node[key] : undefined;
  return typeof v === 'string' ? v.trim() : undefined;
};
/** A child element's text, whatever its case (adlcp:masteryscore, adlcp:dataFromLMS). */
const elementText = (node: Node, name: string): string | null => {
  const key = Object.keys(node).find((k) => k.toLowerCase() === name.toLowerCase());
  const v = key ? text(node[key]) : '';
  return v === '' ? null : v;
};
const bool = (v: string | undefined): boolean | undefined => (v === undefined ? undefined : v === 'true' || v === '1');
const num = (v: string | null | undefined): number | undefined => {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};
const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))) as Partial<T>;

/** 1-based line and column of the first occurrence of `needle` in the manifest (0, 0 when absent). */
const where = (xml: string, needle: string): { line: number; column: number } => {
  const at = xml.indexOf(needle);
  if (at < 0) return { line: 0, column: 0 };
  const before = xml.slice(0, at).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
};

const EDITIONS: [RegExp, ScormEdition][] = [
  [/^1\.2$/, '1.2'],
  [/^(CAM 1\.3|2004 2nd Edition)$/i, '2004-2nd'],
  [/^2004 3rd Edition$/i, '2004-3rd'],
  [/^2004 4th Edition$/i, '2004-4th'],
];

/**
 * Joins xml:base parts and an href into a package-relative path, its query and its fragment; null
 * when a part is absolute (a scheme or a leading slash) or the path climbs out of the package.
 * Backslashes are folder separators (manifests written on Windows: `sco\\index.html`).
 */
function packagePath(parts: (string | undefined)[]): { path: string; query: string } | null {
  let path = '';
  let query = '';
  let fragment = '';
  for (const raw of parts) {
    if (!raw) continue;
    const part = raw.replace(/\\/g, '/');
    if (/^[a-z][a-z0-9+.-]*:/i.test(part) || part.startsWith('/')) return null;
    const [beforeFragment = '', f = ''] = part.split(/#(.*)/s, 2);
    const [p = '', q = ''] = beforeFragment.split(/\?(.*)/s, 2);
    // a URI reference: `%25` is the file's `%`, `%23` its `#` (a lone `%` stands for itself)
    const decoded = decodeUriPath(p);
    if (decoded === null) return null;
    path = posix.join(path, decoded);
    query = q ? `?${q}` : '';
    fragment = f ? `#${f}` : '';
  }
  path = posix.normalize(path);
  if (path === '.' || path === '' || path === '..' || path.startsWith('../') || path.includes('\0')) return null;
  return { path, query: `${query}${fragment}` };
}

/**
 * The item's parameters joined to the resource's address (content packaging: `?a=b`, `&a=b` or
 * `#frag`): a query goes before the address's fragment, a fragment only where there is none.
 */
function withParameters(launch: string, parameters: string | undefined): string {
  if (!parameters) return launch;
  const [address = '', fragment] = launch.split(/(?=#)/, 2) as [string, string | undefined];
  if (parameters.startsWith('#')) return fragment ? launch : `${address}${parameters}`;
  const params = parameters.replace(/^[?&]+/, '');
  if (!params) return launch;
  return `${address}${address.includes('?') ? '&' : '?'}${params}${fragment ?? ''}`;
}

const EXTENDED_MAP_FLAGS = [
  'readCompletionStatus', 'writeCompletionStatus', 'readProgressMeasure', 'writeProgressMeasure', 'readRawScore', 'writeRawScore',
  'readMinScore', 'writeMinScore', 'readMaxScore', 'writeMaxScore', 'updateAttemptData',
] as const;

/** A map to a global objective with every flag set: those of `base`, then an adlseq:mapInfo's (false when absent). */
function mapInfoOf(targetObjectiveID: string, base: Record<string, unknown>, adlseq?: Node): Record<string, unknown> {
  const info: Record<string, unknown> = { readSatisfiedStatus: false, readNormalizedMeasure: false, writeSatisfiedStatus: false, writeNormalizedMeasure: false, ...base, targetObjectiveID };
  for (const flag of EXTENDED_MAP_FLAGS) info[flag] = (adlseq ? bool(attr(adlseq, flag)) : undefined) ?? (info[flag] as boolean | undefined) ?? false;
  return info;
}

/** imsss:sequencing -> scorm-again's ActivitySettings fields. */
function sequencingOf(seq: Node | undefined): Record<string, unknown> {
  if (!seq) return {};
  const controlMode = child(seq, 'controlMode');
  const rollupRules = child(seq, 'rollupRules');
  // adlseq elements (named adlseq:… by the parser); a manifest that puts them in imsss is read too
  const constrained = child(seq, 'adlseq:constrainedChoiceConsiderations') ?? child(seq, 'constrainedChoiceConsiderations');
  const randomization = child(seq, 'randomizationControls');
  const sequencingControls = defined({
    choice: bool(attr(controlMode, 'choice')),
    choiceExit: bool(attr(controlMode, 'choiceExit')),
    flow: bool(attr(controlMode, 'flow')),
    forwardOnly: bool(attr(controlMode, 'forwardOnly')),
    useCurrentAttemptObjectiveInfo: bool(attr(controlMode, 'useCurrentAttemptObjectiveInfo')),
    useCurrentAttemptProgressInfo: bool(attr(controlMode, 'useCurrentAttemptProgressInfo')),
    rollupObjectiveSatisfied: bool(attr(rollupRules, 'rollupObjectiveSatisfied')),
    rollupProgressCompletion: bool(attr(rollupRules, 'rollupProgressCompletion')),
    objectiveMeasureWeight: num(attr(rollupRules, 'objectiveMeasureWeight')),
    preventActivation: bool(attr(constrained, 'preventActivation')),
    constrainChoice: bool(attr(constrained, 'constrainChoice')),
    randomizationTiming: attr(randomization, 'randomizationTiming'),
    randomizeChildren: bool(attr(randomization, 'reorderChildren')),
    reorderChildren: bool(attr(randomization, 'reorderChildren')),
    selectionTiming: attr(randomization, 'selectionTiming'),
    selectCount: num(attr(randomization, 'selectCount')),
  });
  const rules = child(seq, 'sequencingRules');
  const ruleList = (kind: string) =>
    list(rules?.[kind]).map((r) => {
      const conditions = child(r, 'ruleConditions');
      return defined({
        action: attr(child(r, 'ruleAction'), 'action') ?? '',
        conditionCombination: attr(conditions, 'conditionCombination') ?? 'all',
        conditions: list(conditions?.['ruleCondition']).map((c) =>
          defined({
            condition: attr(c, 'condition') ?? 'always',
            operator: attr(c, 'operator') === 'not' ? 'not' : undefined,
            referencedObjective: attr(c, 'referencedObjective'),
            parameters: attr(c, 'measureThreshold') !== undefined ? { threshold: num(attr(c, 'measureThreshold')) ?? 0 } : undefined,
          }),
        ),
      });
    });
  const sequencingRules = defined({ preConditionRules: ruleList('preConditionRule'), exitConditionRules: ruleList('exitConditionRule'), postConditionRules: ruleList('postConditionRule') });
  const rollup = list(rollupRules?.['rollupRule']).map((r) => {
    const conditions = child(r, 'rollupConditions');
    return defined({
      action: attr(child(r, 'rollupAction'), 'action') ?? '',
      consideration: attr(r, 'childActivitySet') ?? 'all',
      minimumCount: num(attr(r, 'minimumCount')),
      minimumPercent: num(attr(r, 'minimumPercent')),
      conditionCombination: attr(conditions, 'conditionCombination') ?? 'any',
      conditions: list(conditions?.['rollupCondition']).map((c) => defined({ condition: attr(c, 'condition') ?? 'always', operator: attr(c, 'operator') === 'not' ? 'not' : undefined })),
    });
  });
  const objectives = child(seq, 'objectives');
  // 4th Edition: adlseq:objectives add completion, progress and score maps to the imsss objectives
  const extended = new Map<string, Node[]>();
  for (const o of list(child(seq, 'adlseq:objectives')?.['adlseq:objective'])) {
    const id = attr(o, 'objectiveID') ?? '';
    extended.set(id, [...(extended.get(id) ?? []), ...list(o['adlseq:mapInfo'])]);
  }
  const objective = (o: Node, isPrimary: boolean) => {
    const objectiveID = attr(o, 'objectiveID') ?? (isPrimary ? 'primary' : '');
    const maps = new Map<string, Record<string, unknown>>();
    // every flag explicit, with the schemas' defaults (imsss reads status and measure unless told
    // otherwise; adlseq reads and writes nothing unless told): scorm-again's defaults differ
    for (const m of list(o['mapInfo'])) {
      const target = attr(m, 'targetObjectiveID') ?? '';
      maps.set(target, {
        ...mapInfoOf(target, {}),
        readSatisfiedStatus: bool(attr(m, 'readSatisfiedStatus')) ?? true,
        readNormalizedMeasure: bool(attr(m, 'readNormalizedMeasure')) ?? true,
        writeSatisfiedStatus: bool(attr(m, 'writeSatisfiedStatus')) ?? false,
        writeNormalizedMeasure: bool(attr(m, 'writeNormalizedMeasure')) ?? false,
      });
    }
    for (const m of extended.get(objectiveID) ?? []) {
      const target = attr(m, 'targetObjectiveID') ?? '';
      maps.set(target, mapInfoOf(target, maps.get(target) ?? {}, m));
    }
    return defined({
      objectiveID,
      isPrimary,
      satisfiedByMeasure: bool(attr(o, 'satisfiedByMeasure')),
      minNormalizedMeasure: num(elementText(o, 'minNormalizedMeasure')),
      mapInfo: [...maps.values()],
    });
  };
  const primary = child(objectives, 'primaryObjective');
  const delivery = child(seq, 'deliveryControls');
  const considerations = child(seq, 'adlseq:rollupConsiderations') ?? child(seq, 'rollupConsiderations');
  const limit = child(seq, 'limitConditions');
  return defined({
    sequencingControls: Object.keys(sequencingControls).length ? sequencingControls : undefined,
    sequencingRules: Object.keys(sequencingRules).length ? sequencingRules : undefined,
    rollupRules: rollup.length ? { rules: rollup } : undefined,
    primaryObjective: primary ? objective(primary, true) : undefined,
    objectives: list(objectives?.['objective']).map((o) => objective(o, false)),
    deliveryControls: delivery
      ? defined({ tracked: bool(attr(delivery, 'tracked')), completionSetByContent: bool(attr(delivery, 'completionSetByContent')), objectiveSetByContent: bool(attr(delivery, 'objectiveSetByContent')) })
      : undefined,
    rollupConsiderations: considerations
      ? defined({
          requiredForSatisfied: attr(considerations, 'requiredForSatisfied'),
          requiredForNotSatisfied: attr(considerations, 'requiredForNotSatisfied'),
          requiredForCompleted: attr(considerations, 'requiredForCompleted'),
          requiredForIncomplete: attr(considerations, 'requiredForIncomplete'),
          measureSatisfactionIfActive: bool(attr(considerations, 'measureSatisfactionIfActive')),
        })
      : undefined,
    attemptLimit: num(attr(limit, 'attemptLimit')),
    attemptAbsoluteDurationLimit: attr(limit, 'attemptAbsoluteDurationLimit'),
  });
}

/** adlcp:data -> scorm-again's sharedDataMaps (4th Edition adl.data buckets). */
const sharedDataMapsOf = (item: Node): Record<string, unknown>[] =>
  list(child(item, 'data')?.['map']).map((m) =>
    ({ targetID: attr(m, 'targetID') ?? '', readSharedData: bool(attr(m, 'readSharedData')) ?? true, writeSharedData: bool(attr(m, 'writeSharedData')) ?? false }),
  );

/** adlnav:presentation -> hideLmsUi tokens. */
const hideLmsUiOf = (item: Node): string[] =>
  list(child(child(item, 'presentation'), 'navigationInterface')?.['hideLMSUI']).map((h) => text(h)).filter(Boolean);

/**
 * A manifest file's text from its bytes: UTF-8 (with or without a BOM), UTF-16 with its BOM (as
 * some Windows tools write it), or the 8-bit encoding its XML declaration names (ISO-8859-1,
 * windows-1252); an encoding this runtime does not know is read as UTF-8.
 */
export function manifestText(bytes: Uint8Array): string {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3));
  if (a === 0xff && b === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (a === 0xfe && b === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const declared = /^\s*<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 200)))?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // an encoding TextDecoder does not know
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * Parses a manifest's text. `file` names it in problems (imsmanifest.xml, or its path in a zip).
 * Throws ManifestError with every problem found; never a bare parser error.
 */
export function parseScormManifest(xml: string, file = 'imsmanifest.xml'): ScormManifest {
  const problem = (message: string, needle?: string): ManifestProblem => ({ file, ...(needle ? where(xml, needle) : { line: 0, column: 0 }), message });
  if (xml.trim() === '') throw new ManifestError([problem('the manifest is empty')]);
  const valid = XMLValidator.validate(xml, { allowBooleanAttributes: true });
  if (valid !== true) throw new ManifestError([{ file, line: valid.err.line, column: valid.err.col, message: `not well-formed XML: ${valid.err.msg}` }]);
  const doc = parserFor(xml).parse(xml) as Node;
  const manifest = child(doc, 'manifest');
  if (!manifest) throw new ManifestError([problem('the root element is not <manifest>')]);
  const problems: ManifestProblem[] = [];

  // the version, from <schemaversion> (a 1.2 package without one is known by its namespace)
  const schemaversion = text(child(child(manifest, 'metadata'), 'schemaversion'));
  let edition = EDITIONS.find(([re]) => re.test(schemaversion))?.[1] ?? null;
  if (!schemaversion && xml.includes('adlcp_rootv1p2')) edition = '1.2';
  if (!edition) problems.push(schemaversion ? problem(`unknown <schemaversion> "${schemaversion}" (1.2, CAM 1.3, 2004 2nd/3rd/4th Edition)`, '<schemaversion') : problem('no <schemaversion> in <metadata>', '<manifest'));
  const version = edition === '1.2' ? '1.2' : '2004';

  // resources, with xml:base on the manifest, <resources> and each <resource>
  const resourcesNode = child(manifest, 'resources');
  const resources = new Map<string, Node>();
  for (const r of list(resourcesNode?.['resource'])) {
    const id = attr(r, 'identifier');
    if (!id) problems.push(problem('a <resource> without identifier', '<resource'));
    else resources.set(id, r);
  }
  const bases = (r: Node) => [attr(manifest, 'base'), attr(resourcesNode, 'base'), attr(r, 'base')];
  const files = new Set<string>();
  const addFiles = (r: Node, seen: Set<string>) => {
    const id = attr(r, 'identifier') ?? '';
    if (seen.has(id)) return;
    seen.add(id);
    for (const f of list(r['file'])) {
      const p = packagePath([...bases(r), attr(f, 'href')]);
      if (p) files.add(p.path);
      else problems.push(problem(`file "${attr(f, 'href') ?? ''}" of resource ${id} is outside the package`, `href="${attr(f, 'href') ?? ''}"`));
    }
    for (const d of list(r['dependency'])) {
      const ref = attr(d, 'identifierref') ?? '';
      const dep = resources.get(ref);
      if (dep) addFiles(dep, seen);
      else problems.push(problem(`resource ${id} depends on unknown resource "${ref}"`, `identifierref="${ref}"`));
    }
  };
  for (const r of resources.values()) addFiles(r, new Set());

  // the default organization
  const orgs = child(manifest, 'organizations');
  const organizations = list(orgs?.['organization']);
  const defaultId = attr(orgs, 'default');
  const org = organizations.find((o) => attr(o, 'identifier') === defaultId) ?? organizations[0];
  if (defaultId && !organizations.some((o) => attr(o, 'identifier') === defaultId)) problems.push(problem(`the default organization "${defaultId}" does not exist`, `default="${defaultId}"`));

  // sequencing collections (imsss:sequencingCollection) referenced by IDRef
  const collections = new Map<string, Node>();
  for (const s of list(child(manifest, 'sequencingCollection')?.['sequencing'])) {
    const id = attr(s, 'ID');
    if (id) collections.set(id, s);
  }
  const sequencingFor = (node: Node) => {
    const own = list(node['sequencing'])[0];
    const ref = attr(own, 'IDRef');
    const shared = ref ? collections.get(ref) : undefined;
    if (ref && !shared) problems.push(problem(`sequencing IDRef "${ref}" names no sequencingCollection entry`, `IDRef="${ref}"`));
    // the activity's own elements override the collection entry's, element by element (IMS SS)
    return sequencingOf(shared && own ? { ...shared, ...own } : (own ?? shared));
  };

  const scos: ScormSco[] = [];
  const walk = (item: Node): { toc: ScormTocNode; activity: Record<string, unknown> } => {
    const id = attr(item, 'identifier') ?? '';
    const title = text(item['title']) || id;
    if (!id) problems.push(problem(`an <item> without identifier ("${title}")`, '<item'));
    const ref = attr(item, 'identifierref');
    let scoId: string | null = null;
    if (ref) {
      const resource = resources.get(ref);
      if (!resource) problems.push(problem(`item ${id} refers to unknown resource "${ref}"`, `identifierref="${ref}"`));
      else {
        const href = attr(resource, 'href');
        const resolved = href ? packagePath([...bases(resource), href]) : null;
        if (!href) problems.push(problem(`resource ${ref} of item ${id} has no href to launch`, `identifier="${ref}"`));
        else if (!resolved) problems.push(problem(`the launch address "${href}" of resource ${ref} is outside the package`, `href="${href}"`));
        else {
          files.add(resolved.path);
          scoId = id;
          const completion = child(item, 'completionThreshold');
          scos.push({
            id,
            title,
            // the address the browser loads (the file's path encoded, the query as written) and the file it names
            launch: withParameters(`${encodeUriPath(resolved.path)}${resolved.query}`, attr(item, 'parameters')),
            file: resolved.path,
            resourceId: ref,
            masteryScore: num(elementText(item, 'masteryscore')) ?? null,
            dataFromLms: elementText(item, 'datafromlms') ?? null,
            timeLimitAction: elementText(item, 'timelimitaction') ?? null,
            completionThreshold: num(attr(completion, 'minProgressMeasure') ?? text(completion)) ?? null,
            scormType: attr(resource, 'scormType')?.toLowerCase() === 'asset' ? 'asset' : 'sco',
          });
        }
      }
    }
    const children = list(item['item']).map(walk);
    const isVisible = attr(item, 'isvisible') !== 'false';
    const completion = child(item, 'completionThreshold');
    const completionThreshold = completion
      ? defined({ completedByMeasure: bool(attr(completion, 'completedByMeasure')), minProgressMeasure: num(attr(completion, 'minProgressMeasure') ?? text(completion)), progressWeight: num(attr(completion, 'progressWeight')) })
      : undefined;
    return {
      toc: { id, title, scoId, isVisible, children: children.map((c) => c.toc) },
      activity: defined({ id, title, isVisible, children: children.length ? children.map((c) => c.activity) : undefined, ...sequencingFor(item), hideLmsUi: hideLmsUiOf(item), completionThreshold, sharedDataMaps: sharedDataMapsOf(item) }),
    };
  };
  const items = org ? list(org['item']).map(walk) : [];
  if (!org) problems.push(problem('no <organization> in <organizations>', '<organizations'));
  else if (scos.length === 0 && problems.length === 0) problems.push(problem('the organization launches nothing: no <item> refers to a resource with an href', `identifier="${attr(org, 'identifier') ?? ''}"`));
  const ids = scos.map((s) => s.id);
  const dup = ids.find((id, i) => ids.indexOf(id) !== i);
  if (dup) problems.push(problem(`item identifier "${dup}" is used twice`, `identifier="${dup}"`));
  if (problems.length > 0) throw new ManifestError(problems);

  const orgId = attr(org, 'identifier') ?? 'organization';
  const title = text(org!['title']) || text(child(manifest, 'metadata')?.['title']) || attr(manifest, 'identifier') || orgId;
  return {
    identifier: attr(manifest, 'identifier') ?? orgId,
    edition: edition!,
    version,
    title,
    organizationId: orgId,
    toc: items.map((i) => i.toc),
    scos,
    sequencing:
      version === '2004'
        ? defined({
            activityTree: defined({ id: orgId, title, children: items.map((i) => i.activity), ...sequencingFor(org!) }),
            // whether global objectives and shared data reach beyond this course (both default true)
            objectivesGlobalToSystem: bool(attr(org, 'objectivesGlobalToSystem')),
            sharedDataGlobalToSystem: bool(attr(org, 'sharedDataGlobalToSystem')),
          })
        : null,
    files: [...files].sort(),
  };
}
