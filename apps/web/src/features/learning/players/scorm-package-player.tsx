import { useEffect, useRef, useState } from 'react';
import { Alert, AspectRatio, Badge, Box, Button, Group, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScormPackageTocNode } from '@portal/learning/contracts/http';
import { invalidateLearningData } from '../api/keys';
import { saveScormContent, type ScormContent, type ScormPackage } from '../api/scorm';
import { sandboxedLaunchUrl, type ScormVersion } from '../model/scorm-state';
import { PackageSession, type PackageApi, type SessionView } from './scorm-package-session';
import { ScormSaveState } from './scorm-save-state';

interface ScormPackagePlayerProps {
  scormId: string;
  version: ScormVersion;
  title: string;
  lang: string;
  contentOrigin: string;
  saved: ScormContent;
  pkg: ScormPackage;
  frameSandbox: string;
  onFailed: () => void;
}

type CrossFrameHostClass = new (api: PackageApi, origin: string, options: { rateLimit: number }) => { destroy(): void };
type ApiClass = new (settings: Record<string, unknown>) => PackageApi;

const createApi = async (version: ScormVersion, sequencing: Record<string, unknown> | null): Promise<PackageApi> => {
  const settings = { autocommit: false, lmsCommitUrl: false as const, logLevel: 5 as const };
  if (version === '1.2') {
    const { Scorm12API } = (await import('scorm-again/scorm12')) as unknown as { Scorm12API: ApiClass };
    return new Scorm12API(settings);
  }
  const { Scorm2004API } = (await import('scorm-again/scorm2004')) as unknown as { Scorm2004API: ApiClass };
  return new Scorm2004API({ ...settings, ...(sequencing ? { sequencing } : {}) });
};

const STATUS_COLOR: Record<string, string> = { passed: 'green', completed: 'green', failed: 'red', incomplete: 'yellow' };
const STATUS_KEY = {
  passed: 'player.scormStatus.passed',
  completed: 'player.scormStatus.completed',
  failed: 'player.scormStatus.failed',
  incomplete: 'player.scormStatus.incomplete',
  browsed: 'player.scormStatus.browsed',
  'not attempted': 'player.scormStatus.not_attempted',
  unknown: 'player.scormStatus.unknown',
} as const;

/**
 * A package of several SCOs (issue 27): the organization's table of contents beside the SCO's
 * frame, and Continue, Previous, Exit and Suspend All as the package's sequencing and
 * presentation rules allow (scorm-again's navigation validity and the item's hideLMSUI).
 */
export function ScormPackagePlayer({ scormId, version, title, lang, contentOrigin, saved, pkg, frameSandbox, onFailed }: ScormPackagePlayerProps) {
  const { t } = useTranslation('learning');
  const client = useQueryClient();
  const [view, setView] = useState<SessionView | null>(null);
  const [courseStatus, setCourseStatus] = useState(saved.progress.status);
  const sessionRef = useRef<PackageSession | null>(null);

  useEffect(() => {
    let host: { destroy(): void } | null = null;
    let completed = saved.progress.completed;
    const session = new PackageSession({
      version,
      pkg,
      saved,
      createApi: async (sequencing) => {
        const [api, { CrossFrameLMS }] = await Promise.all([
          createApi(version, sequencing),
          import('scorm-again/cross-frame-lms') as unknown as Promise<{ CrossFrameLMS: CrossFrameHostClass }>,
        ]);
        // one host per API (a SCORM 1.2 package gets a new API per SCO)
        host?.destroy();
        host = new CrossFrameLMS(api, contentOrigin, { rateLimit: 1000 });
        return api;
      },
      save: (cmi, sco) => saveScormContent(scormId, cmi, sco),
      onView: setView,
      onSaved: (answer) => {
        setCourseStatus(answer.progress.status);
        if (answer.progress.completed && !completed) {
          completed = true;
          void invalidateLearningData(client);
        }
      },
    });
    sessionRef.current = session;
    session.start().catch((error: unknown) => {
      console.error('SCORM run-time failed to load', error);
      onFailed();
    });
    return () => {
      session.destroy();
      host?.destroy();
      sessionRef.current = null;
    };
    // one session per player: the saved data is read once, when the player opens
  }, [scormId, version, contentOrigin]);

  const session = sessionRef.current;
  const current = view?.scoId ? pkg.scos.find((s) => s.id === view.scoId) : undefined;
  const hidden = new Set(view?.nav.hidden ?? []);

  const renderToc = (nodes: ScormPackageTocNode[]) =>
    nodes
      .filter((n) => n.isVisible)
      .map((node) => {
        const status = node.scoId ? view?.statuses[node.scoId] : null;
        const allowed = node.scoId !== null && (view?.nav.choice[node.scoId] ?? false) && !view?.ended;
        return (
          <NavLink
            key={node.id}
            label={node.title}
            active={node.scoId !== null && node.scoId === view?.scoId}
            disabled={node.scoId !== null && !allowed}
            defaultOpened
            data-testid={`scorm-toc-${node.id}`}
            data-status={status ?? ''}
            rightSection={status ? <Badge size="xs" color={STATUS_COLOR[status] ?? 'gray'}>{t(STATUS_KEY[status])}</Badge> : null}
            onClick={node.scoId && allowed ? () => session?.navigate('choice', node.scoId!) : undefined}
          >
            {node.children.length > 0 ? renderToc(node.children) : null}
          </NavLink>
        );
      });

  return (
    <Box data-testid="player-scorm" data-scorm-status={courseStatus ?? ''} data-scorm-sco={view?.scoId ?? ''}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder p="xs" w={{ base: '100%', sm: 260 }} component="nav" aria-label={t('player.scormToc')}>
          <Text fw={600} size="sm" mb="xs">
            {pkg.title || title}
          </Text>
          {renderToc(pkg.toc)}
        </Paper>
        <Stack gap="xs" style={{ flex: 1, minWidth: 280 }}>
          <Group gap="xs">
            {!hidden.has('previous') && (
              <Button size="xs" variant="default" disabled={!view?.nav.previous || Boolean(view?.ended)} onClick={() => session?.navigate('previous')} data-testid="scorm-nav-previous">
                {t('player.scormPrevious')}
              </Button>
            )}
            {!hidden.has('continue') && (
              <Button size="xs" disabled={!view?.nav.continue || Boolean(view?.ended)} onClick={() => session?.navigate('continue')} data-testid="scorm-nav-continue">
                {t('player.scormContinue')}
              </Button>
            )}
            {!hidden.has('suspendAll') && (
              <Button size="xs" variant="light" disabled={Boolean(view?.ended)} onClick={() => session?.navigate('suspendAll')} data-testid="scorm-nav-suspend">
                {t('player.scormSuspend')}
              </Button>
            )}
            {!hidden.has('exitAll') && !hidden.has('exit') && (
              <Button size="xs" variant="subtle" color="red" disabled={Boolean(view?.ended)} onClick={() => session?.navigate('exitAll')} data-testid="scorm-nav-exit">
                {t('player.scormExit')}
              </Button>
            )}
          </Group>
          {view?.ended ? (
            <Alert variant="light" data-testid="scorm-ended" data-ended={view.ended}>
              <Text size="sm" mb="xs">
                {t(view.ended === 'suspended' ? 'player.scormSuspended' : 'player.scormEnded')}
              </Text>
              <Button size="xs" onClick={() => session?.resume()} data-testid="scorm-resume">
                {t(view.ended === 'suspended' ? 'player.scormResume' : 'player.scormRestart')}
              </Button>
            </Alert>
          ) : current ? (
            <AspectRatio ratio={4 / 3} mah="75vh">
              <Box
                key={view!.attempt}
                component="iframe"
                src={sandboxedLaunchUrl(contentOrigin, current.launchUrl, lang)}
                sandbox={frameSandbox}
                allow="fullscreen; autoplay"
                title={current.title}
                data-testid="player-scorm-frame"
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', background: 'white' }}
              />
            </AspectRatio>
          ) : null}
          <ScormSaveState />
        </Stack>
      </Group>
    </Box>
  );
}
