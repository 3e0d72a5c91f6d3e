import type { ScoCommit, ScormContent, ScormPackage } from '../api/scorm';
import { persistableCmi, restorableCmi, sameCmi, scormOutcome, type CmiMap, type ScormStatus, type ScormVersion } from '../model/scorm-state';

/**
 * One learner's session in a SCORM package of several SCOs (issue 27, ADR 0084). SCORM 2004:
 * scorm-again's sequencing (activity tree, rules, rollup, built from the manifest) decides which
 * SCO is delivered on start, Continue, Previous, Choice, Exit All and Suspend All, from the player's
 * buttons or the SCO's own `adl.nav.request`; this session only loads the delivered SCO's own
 * run-time data into the API and frames it. SCORM 1.2 has no sequencing: the items play in the
 * organization's order. Every commit saves the SCO's data under its id, with the course's roll-up
 * (2004: the root activity's) and the sequencing state, so a reload resumes each SCO where it was.
 */

/** What the session needs of scorm-again's Scorm12API / Scorm2004API. */
export interface PackageApi {
  loadFromFlattenedJSON(json: Record<string, unknown>): void;
  getFlattenedCMI(): Record<string, unknown>;
  on(event: string, callback: (...args: unknown[]) => void): void;
  isInitialized(): boolean;
  isTerminated(): boolean;
  reset(settings?: undefined, options?: { preserveListeners?: boolean }): void;
  // SCORM 2004
  Initialize?(parameter: string): string;
  SetValue?(element: string, value: string): string;
  Commit?(parameter: string): string;
  Terminate?(parameter: string): string;
  processNavigationRequest?(request: string, target?: string): boolean;
  serializeSequencingState?(): string;
  deserializeSequencingState?(state: string): boolean;
  getActivityTrackingData?(id: string): { completionStatus: string; successStatus: string; score: number | null } | null;
  getSequencingState?(): { currentActivity: { id: string } | null };
  // SCORM 1.2
  LMSInitialize?(parameter: string): string;
  LMSSetValue?(element: string, value: string): string;
  LMSCommit?(parameter: string): string;
  LMSFinish?(parameter: string): string;
}

export interface NavState {
  continue: boolean;
  previous: boolean;
  /** SCO ids the table of contents may choose */
  choice: Record<string, boolean>;
  /** adlnav hideLMSUI of the current activity */
  hidden: string[];
}

export type SessionEnd = 'suspended' | 'ended' | null;

export interface SessionView {
  scoId: string | null;
  /** grows with every delivery: a new frame, even for the same SCO */
  attempt: number;
  nav: NavState;
  ended: SessionEnd;
  /** each SCO's status as its own data says */
  statuses: Record<string, ScormStatus | null>;
}

export interface SessionDeps {
  version: ScormVersion;
  pkg: ScormPackage;
  saved: ScormContent;
  createApi: (sequencing: Record<string, unknown> | null) => Promise<PackageApi>;
  save: (cmi: CmiMap, sco: ScoCommit) => Promise<ScormContent>;
  onView: (view: SessionView) => void;
  onSaved: (answer: ScormContent) => void;
}

type Request = 'continue' | 'previous' | 'choice' | 'exitAll' | 'suspendAll';

const COMPLETIONS = ['completed', 'incomplete', 'not attempted', 'unknown'] as const;
const SUCCESSES = ['passed', 'failed', 'unknown'] as const;

/** scorm-again's serialized state without its timestamp: an unchanged tree is an unchanged string. */
const stableState = (state: string): string => JSON.stringify(JSON.parse(state), (key, value: unknown) => (key === 'timestamp' ? undefined : value));

const leafIds = (pkg: ScormPackage) => pkg.scos.map((s) => s.id);

export class PackageSession {
  private api: PackageApi | null = null;
  private readonly scos: Record<string, CmiMap> = {};
  private lastSequencing: string | null;
  private queue: Promise<unknown> = Promise.resolve();
  private pendingTarget: string | null = null;
  private destroyed = false;
  private view: SessionView;

  constructor(private readonly deps: SessionDeps) {
    for (const [id, s] of Object.entries(deps.saved.scos)) this.scos[id] = persistableCmi(deps.version, s.cmi);
    this.lastSequencing = deps.saved.sequencing;
    const statuses: Record<string, ScormStatus | null> = {};
    for (const id of leafIds(deps.pkg)) statuses[id] = this.scos[id] ? scormOutcome(deps.version, this.scos[id]!).status : null;
    this.view = { scoId: null, attempt: 0, nav: { continue: false, previous: false, choice: {}, hidden: [] }, ended: null, statuses };
  }

  async start(): Promise<void> {
    const { version, pkg, saved } = this.deps;
    const api = await this.deps.createApi(
      version === '2004'
        ? {
            ...(pkg.sequencing ?? {}),
            eventListeners: {
              onActivityDelivery: (activity: { id: string }) => queueMicrotask(() => void this.load(activity.id)),
              onNavigationValidityUpdate: (v: { continue: boolean; previous: boolean; choice: Record<string, string>; hideLmsUi: string[] }) =>
                this.update({ nav: { continue: v.continue, previous: v.previous, choice: Object.fromEntries(Object.entries(v.choice).map(([k, x]) => [k, x === 'true'])), hidden: [...v.hideLmsUi] } }),
              onSequencingSessionEnd: () => queueMicrotask(() => this.update({ ended: this.suspended() ? 'suspended' : 'ended' })),
            },
          }
        : null,
    );
    if (this.destroyed) return;
    this.attach(api);
    if (version === '2004') this.start2004(saved);
    else await this.load(this.firstSco12(saved.currentScoId), api);
  }

  private attach(api: PackageApi): void {
    const { version } = this.deps;
    this.api = api;
    api.on(version === '1.2' ? 'LMSCommit' : 'Commit', () => this.persist(this.view.scoId));
    api.on(version === '1.2' ? 'LMSFinish' : 'Terminate', () => {
      const id = this.view.scoId;
      // after the API's own work: the sequencing's exit, rollup and next delivery come first
      queueMicrotask(() => {
        this.persist(id);
        if (version === '1.2') this.afterFinish12(id);
      });
    });
  }

  /** The player's Continue, Previous, table of contents, Exit and Suspend All. */
  navigate(request: Request, target?: string): void {
    const api = this.api;
    if (!api) return;
    const running = api.isInitialized() && !api.isTerminated();
    if (this.deps.version === '2004') {
      if (running) {
        // as a SCO does: the request, then Terminate; scorm-again exits, rolls up and delivers
        api.SetValue!('adl.nav.request', request === 'choice' ? `{target=${target}}choice` : request);
        api.Terminate!('');
      } else if (!api.processNavigationRequest!(request, target)) {
        if (request === 'suspendAll' || request === 'exitAll') this.update({ ended: request === 'suspendAll' ? 'suspended' : 'ended' });
      }
      return;
    }
    const order = leafIds(this.deps.pkg);
    const at = this.view.scoId ? order.indexOf(this.view.scoId) : -1;
    const next = request === 'continue' ? order[at + 1] : request === 'previous' ? order[at - 1] : request === 'choice' ? target : undefined;
    if (request === 'exitAll' || request === 'suspendAll') {
      this.pendingTarget = null;
      if (running) api.LMSFinish!('');
      this.update({ ended: request === 'suspendAll' ? 'suspended' : 'ended' });
      return;
    }
    if (!next) return;
    if (running) {
      this.pendingTarget = next;
      api.LMSFinish!('');
    } else void this.load(next);
  }

  /** After Exit or Suspend All: back into the course. */
  resume(): void {
    const api = this.api;
    if (!api) return;
    this.update({ ended: null });
    if (this.deps.version === '2004') {
      if (!api.processNavigationRequest!('resumeAll')) api.processNavigationRequest!('start');
    } else void this.load(this.firstSco12(this.view.scoId));
  }

  /** The player goes away inside the page: keep what the SCO has not committed. */
  destroy(): void {
    this.destroyed = true;
    const api = this.api;
    if (api && api.isInitialized() && !api.isTerminated()) this.persist(this.view.scoId);
  }

  private start2004(saved: ScormContent): void {
    const api = this.api!;
    let current: string | null = null;
    if (saved.sequencing) {
      try {
        if (api.deserializeSequencingState!(saved.sequencing)) current = api.getSequencingState!().currentActivity?.id ?? null;
      } catch {
        current = null;
      }
    }
    // a suspended course resumes; a course left without suspending re-enters the SCO it was in
    const started = api.processNavigationRequest!('resumeAll') || api.processNavigationRequest!('start') || (current !== null && api.processNavigationRequest!('choice', current));
    if (!started) this.update({ ended: 'ended' });
  }

  private firstSco12(preferred: string | null): string {
    const order = leafIds(this.deps.pkg);
    const done = (id: string) => scormOutcome('1.2', this.scos[id] ?? {}).completed;
    if (preferred && order.includes(preferred) && !done(preferred)) return preferred;
    return order.find((id) => !done(id)) ?? order[0]!;
  }

  private afterFinish12(id: string | null): void {
    const target = this.pendingTarget;
    this.pendingTarget = null;
    if (this.view.ended || !id) return;
    if (target) return void this.load(target);
    // SCORM 1.2 plays its items in order: a finished SCO leads to the next one
    if (!scormOutcome('1.2', this.scos[id] ?? {}).completed) return;
    const order = leafIds(this.deps.pkg);
    const next = order[order.indexOf(id) + 1];
    if (next) void this.load(next);
    else this.update({ ended: 'ended' });
  }

  /**
   * Delivers one SCO: a fresh run-time with that SCO's own data, then a new frame. SCORM 2004
   * resets its API (the sequencing lives in it; its reset clears the SCO's data model). A 1.2
   * API's reset keeps status, location and suspend data for a relaunch of the same SCO, so each
   * 1.2 SCO gets an API of its own.
   */
  private async load(scoId: string, fresh?: PackageApi): Promise<void> {
    const { version, pkg } = this.deps;
    const sco = pkg.scos.find((s) => s.id === scoId);
    if (!sco || !this.api || this.destroyed) return;
    if (version === '1.2') {
      const api = fresh ?? (await this.deps.createApi(null));
      if (this.destroyed) return;
      if (api !== this.api) this.attach(api);
    } else this.api.reset(undefined, { preserveListeners: true });
    const api = this.api;
    const seed: CmiMap = {};
    if (version === '1.2' && sco.masteryScore !== null) seed['cmi.student_data.mastery_score'] = String(sco.masteryScore);
    if (sco.dataFromLms) seed['cmi.launch_data'] = sco.dataFromLms;
    api.loadFromFlattenedJSON({ ...seed, ...restorableCmi(version, this.scos[scoId] ?? {}) });
    const nav = version === '1.2' ? this.nav12(scoId) : this.view.nav;
    this.update({ scoId, attempt: this.view.attempt + 1, ended: null, nav });
    if (sco.scormType === 'asset') this.launchAsset(api);
  }

  /**
   * An asset (adlcp:scormType="asset") never calls the API, so the session does what a SCO would
   * (issue 27): it begins the attempt, marks it completed and commits, once the asset is launched.
   * SCORM 2004 then ends the attempt at once (`Terminate` with no navigation request: scorm-again
   * exits the activity and rolls its completion up, and delivers nothing), so a course whose last
   * or only item is an asset is completed on launch; the frame keeps showing the asset, and
   * Continue, Previous or the table of contents go on from there. SCORM 1.2 (no sequencing; the
   * server rolls the SCOs up) keeps the attempt open, as an `LMSFinish` would move on by itself.
   */
  private launchAsset(api: PackageApi): void {
    if (this.deps.version === '1.2') {
      api.LMSInitialize!('');
      api.LMSSetValue!('cmi.core.lesson_status', 'completed');
      api.LMSCommit!('');
      return;
    }
    api.Initialize!('');
    api.SetValue!('cmi.completion_status', 'completed');
    api.Commit!('');
    api.Terminate!('');
  }

  private nav12(scoId: string): NavState {
    const order = leafIds(this.deps.pkg);
    const at = order.indexOf(scoId);
    return { continue: at < order.length - 1, previous: at > 0, choice: Object.fromEntries(order.map((id) => [id, true])), hidden: [] };
  }

  private suspended(): boolean {
    if (!this.api?.serializeSequencingState) return false;
    try {
      const state = JSON.parse(this.api.serializeSequencingState()) as { suspensionState?: { suspendedActivityId?: string | null } | null; sequencing?: { suspendedActivity?: unknown } };
      return Boolean(state.suspensionState?.suspendedActivityId ?? state.sequencing?.suspendedActivity);
    } catch {
      return false;
    }
  }

  /** The course as scorm-again's rollup left the organization's root activity. */
  private rollup(): ScoCommit['rollup'] {
    const root = (this.deps.pkg.sequencing as { activityTree?: { id?: string } } | null)?.activityTree?.id;
    const data = root ? this.api?.getActivityTrackingData?.(root) : null;
    if (!data) return undefined;
    const completion = (COMPLETIONS as readonly string[]).includes(data.completionStatus) ? (data.completionStatus as (typeof COMPLETIONS)[number]) : 'unknown';
    const success = (SUCCESSES as readonly string[]).includes(data.successStatus) ? (data.successStatus as (typeof SUCCESSES)[number]) : 'unknown';
    return { completion, success, score: data.score === null ? null : Math.round(data.score * 10000) / 100 };
  }

  private persist(scoId: string | null): void {
    const api = this.api;
    if (!api || !scoId) return;
    const { version } = this.deps;
    const cmi = persistableCmi(version, api.getFlattenedCMI());
    let sequencing: string | undefined;
    if (version === '2004' && api.serializeSequencingState) sequencing = stableState(api.serializeSequencingState());
    const changed = !sameCmi(cmi, this.scos[scoId] ?? {}) || (sequencing !== undefined && sequencing !== this.lastSequencing);
    if (!changed) return;
    this.scos[scoId] = cmi;
    if (sequencing !== undefined) this.lastSequencing = sequencing;
    this.update({ statuses: { ...this.view.statuses, [scoId]: scormOutcome(version, cmi).status } });
    // the revision the attempt plays goes with each commit: it stays on it (issue 27)
    const revision = this.deps.saved.revision;
    const extra: ScoCommit = { scoId, ...(sequencing !== undefined ? { sequencing, rollup: this.rollup() } : {}), ...(revision !== null ? { revision } : {}) };
    this.queue = this.queue
      .then(async () => this.deps.onSaved(await this.deps.save(cmi, extra)))
      .catch((error: unknown) => console.warn('SCORM state not saved', error));
  }

  private update(change: Partial<SessionView>): void {
    this.view = { ...this.view, ...change };
    if (!this.destroyed) this.deps.onView(this.view);
  }
}
