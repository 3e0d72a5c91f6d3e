import { useEffect, useRef, useState } from 'react';
import { Alert, AspectRatio, Box, Center, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateLearningData } from '../api/keys';
import { reportScormProgress, saveScormContent, scormContentQueryOptions, scormPlayerQueryOptions } from '../api/scorm';
import { persistableCmi, sandboxedLaunchUrl, restorableCmi, sameCmi, scormOutcome, type CmiMap, type ScormStatus, type ScormVersion } from '../model/scorm-state';
import { ScormPackagePlayer } from './scorm-package-player';
import { ScormSaveState } from './scorm-save-state';

interface ScormPlayerProps {
  scormId: string;
  version: ScormVersion;
  launchUrl: string;
  title: string;
  lang: string;
  /** guests cannot save SCORM state (it needs a signed-in user, 000 §5) */
  signedIn: boolean;
}

/** What the player needs of scorm-again's Scorm12API / Scorm2004API. */
interface ScormApi {
  loadFromFlattenedJSON(json: Record<string, unknown>): void;
  getFlattenedCMI(): Record<string, unknown>;
  on(event: string, callback: (...args: unknown[]) => void): void;
  isInitialized(): boolean;
  isTerminated(): boolean;
}

/** scorm-again's CrossFrameLMS: answers the SCO frame's postMessage calls with the API object here. */
interface CrossFrameHost {
  destroy(): void;
}
type CrossFrameHostClass = new (api: ScormApi, origin: string, options: { rateLimit: number }) => CrossFrameHost;

/** What the launch frame may do: run scripts, forms, pop-ups and dialogs on its own origin; never navigate the portal's page. */
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';

const LANGS = ['pt-BR', 'es', 'en'] as const;
const toLocale = (lang: string): (typeof LANGS)[number] => (LANGS as readonly string[]).includes(lang) ? (lang as (typeof LANGS)[number]) : 'pt-BR';

type ScormApiClass = new (settings: { autocommit: boolean; lmsCommitUrl: false; logLevel: 5 }) => ScormApi;

const createApi = async (version: ScormVersion): Promise<ScormApi> => {
  // Loaded with the player only, one version at a time. The subpath builds export the class by
  // name although their type declarations say default, hence the cast.
  const settings = { autocommit: false, lmsCommitUrl: false as const, logLevel: 5 as const };
  if (version === '1.2') {
    const { Scorm12API } = (await import('scorm-again/scorm12')) as unknown as { Scorm12API: ScormApiClass };
    return new Scorm12API(settings);
  }
  const { Scorm2004API } = (await import('scorm-again/scorm2004')) as unknown as { Scorm2004API: ScormApiClass };
  return new Scorm2004API(settings);
};

/**
 * SCORM 1.2 and 2004 through scorm-again. Before the package loads, the run-time is seeded
 * with the state saved at the last commit (GET /user-store/scorm-content/:id), so it resumes
 * where it stopped. The package runs on the sandboxed content origin (ADR 0084): our launch
 * frame there publishes scorm-again's CrossFrameAPI as window.API / window.API_1484_11, and
 * CrossFrameLMS here answers its calls with this page's API object, from that origin only. Every LMSCommit/Commit and LMSFinish/Terminate saves the state (POST, one at a time,
 * only when something changed) and a new lesson status is reported (POST /scorms/progress).
 */
export function ScormPlayer({ scormId, version: listedVersion, launchUrl: listedLaunchUrl, title, lang, signedIn }: ScormPlayerProps) {
  const { t } = useTranslation('learning');
  const client = useQueryClient();
  const saved = useQuery({ ...scormContentQueryOptions(scormId, toLocale(lang)), enabled: signedIn });
  const player = useQuery(scormPlayerQueryOptions());
  const contentOrigin = player.data?.contentOrigin ?? null;
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [status, setStatus] = useState<ScormStatus | null>(null);
  const apiRef = useRef<ScormApi | null>(null);

  const savedCmi: CmiMap | undefined = signedIn ? saved.data?.cmi : {};
  // an attempt begun plays the revision it began on: its launch address and version (issue 27)
  const launchUrl = (signedIn ? saved.data?.launchUrl : null) ?? listedLaunchUrl;
  const version = (signedIn ? saved.data?.version : undefined) ?? listedVersion;
  const revision = signedIn ? (saved.data?.revision ?? undefined) : undefined;
  const waiting = (signedIn && saved.isPending) || player.isPending;
  // a package of several SCOs has its own player: table of contents and sequencing (issue 27)
  const pkg = signedIn ? (saved.data?.package ?? null) : null;

  useEffect(() => {
    if (waiting || !savedCmi || !contentOrigin || pkg) return;
    let cancelled = false;
    let host: CrossFrameHost | null = null;
    let lastSaved: CmiMap = persistableCmi(version, savedCmi);
    let lastStatus: ScormStatus | null = scormOutcome(version, lastSaved).status;
    let queue: Promise<unknown> = Promise.resolve();

    const persist = (api: ScormApi) => {
      if (!signedIn) return;
      const cmi = persistableCmi(version, api.getFlattenedCMI());
      const outcome = scormOutcome(version, cmi);
      setStatus(outcome.status);
      const changed = !sameCmi(cmi, lastSaved);
      const newStatus = outcome.status !== null && outcome.status !== lastStatus;
      if (!changed && !newStatus) return;
      lastSaved = cmi;
      lastStatus = outcome.status;
      queue = queue
        .then(async () => {
          if (changed) await saveScormContent(scormId, cmi, revision !== undefined ? { revision } : {});
          if (newStatus && outcome.status) await reportScormProgress({ scormId, status: outcome.status, score: outcome.score });
          if (outcome.completed) await invalidateLearningData(client);
        })
        .catch((error: unknown) => console.warn('SCORM state not saved', error));
    };

    Promise.all([createApi(version), import('scorm-again/cross-frame-lms') as unknown as Promise<{ CrossFrameLMS: CrossFrameHostClass }>])
      .then(([api, { CrossFrameLMS }]) => {
        if (cancelled) return;
        api.loadFromFlattenedJSON(restorableCmi(version, savedCmi));
        const onCommit = () => persist(api);
        for (const event of version === '1.2' ? ['LMSCommit', 'LMSFinish'] : ['Commit', 'Terminate']) api.on(event, onCommit);
        // calls from the content origin only; a package sets many values at once (interactions)
        host = new CrossFrameLMS(api, contentOrigin, { rateLimit: 1000 });
        apiRef.current = api;
        setStatus(lastStatus);
        setReady(true);
      })
      .catch((error: unknown) => {
        console.error('SCORM run-time failed to load', error);
        if (!cancelled) setFailed(true);
      });

    return () => {
      cancelled = true;
      const api = apiRef.current;
      // The package commits on pagehide; when the player goes away inside the page, keep what it has.
      if (api && api.isInitialized() && !api.isTerminated()) persist(api);
      host?.destroy();
      apiRef.current = null;
      setReady(false);
    };
    // savedCmi is read once per launch (when `waiting` turns false): later answers must not restart the package.
  }, [waiting, scormId, version, revision, signedIn, client, contentOrigin, pkg !== null]);

  if (failed || saved.isError || player.isError || (player.isSuccess && !contentOrigin)) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('player.scormFailed')}
      </Alert>
    );
  }
  if (pkg && saved.data && contentOrigin) {
    return (
      <ScormPackagePlayer
        scormId={scormId}
        version={version}
        title={title}
        lang={lang}
        contentOrigin={contentOrigin}
        saved={saved.data}
        pkg={pkg}
        frameSandbox={FRAME_SANDBOX}
        onFailed={() => setFailed(true)}
      />
    );
  }
  if (!ready) {
    return (
      <Center h={240}>
        <Loader color="brand" aria-label={t('player.loading')} />
      </Center>
    );
  }
  return (
    <Box data-testid="player-scorm" data-scorm-status={status ?? ''}>
      <AspectRatio ratio={4 / 3} mah="75vh">
        <Box
          component="iframe"
          src={sandboxedLaunchUrl(contentOrigin!, launchUrl, lang)}
          sandbox={FRAME_SANDBOX}
          allow="fullscreen; autoplay"
          title={title}
          data-testid="player-scorm-frame"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', background: 'white' }}
        />
      </AspectRatio>
      {signedIn && <ScormSaveState />}
    </Box>
  );
}
