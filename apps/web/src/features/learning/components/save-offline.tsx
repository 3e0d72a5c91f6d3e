import { useState } from 'react';
import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RouteResolution, StationDetail } from '@portal/learning/contracts/http';
import { formatBytes } from '../../../shared/offline/format';
import { OfflineQuotaError, removeOffline, sizePlan, saveForOffline, type OfflinePlan, type SaveProgress } from '../../../shared/offline/save-offline';
import { refreshSavedOffline, useSavedOffline } from '../../../shared/offline/saved-query';
import { stationQueryOptions } from '../api/catalogue';
import { scormPlayerQueryOptions } from '../api/scorm';
import { loadedUrls, offlinePlan } from '../model/offline-plan';
import { pickText } from '../model/localized';
import { useLocale } from './use-locale';

type Step =
  | { kind: 'idle' }
  | { kind: 'sizing' }
  | { kind: 'confirm'; plan: OfflinePlan; size: number }
  | { kind: 'downloading'; progress: SaveProgress; size: number }
  | { kind: 'error'; message: 'quota' | 'failed'; size: number };

/**
 * "Available offline" for the station, crop or journey on screen (issue 30, ADR 0094): the size
 * first, then a progress bar while it downloads; once saved, a badge and a remove button. A quota
 * error says so and nothing stays saved.
 */
export function SaveOffline({ path, resolution }: { path: string; resolution: RouteResolution }) {
  const { t, i18n } = useTranslation('field-mode');
  const locale = useLocale();
  const client = useQueryClient();
  const saved = useSavedOffline();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const station = resolution.detail ?? resolution.station;
  const kind = station.type === 'Map' ? (resolution.area === 'journey' ? 'journey' : 'crop') : 'station';
  const id = `${kind}:${station.stationId}`;
  const mine = saved.data?.saved.find((s) => s.id === id);
  if (saved.data && !saved.data.supported) return null;

  const plan = async () => {
    setStep({ kind: 'sizing' });
    try {
      const children: StationDetail[] = station.type === 'Map' ? await Promise.all(station.children.map((c) => client.fetchQuery(stationQueryOptions(c.stationId)))) : [];
      const hasScorm = [station, ...children].some((s) => s.entries.some((e) => e.type === 'scorm'));
      const contentOrigin = hasScorm ? ((await client.fetchQuery(scormPlayerQueryOptions()).catch(() => null))?.contentOrigin ?? null) : null;
      const made = offlinePlan({ path, resolution, children, locale, title: pickText(station.title, locale), loaded: loadedUrls(), contentOrigin });
      setStep({ kind: 'confirm', ...(await sizePlan(made)) });
    } catch {
      setStep({ kind: 'error', message: 'failed', size: 0 });
    }
  };

  const download = async (made: OfflinePlan, size: number) => {
    setStep({ kind: 'downloading', progress: { done: 0, total: 1, bytes: 0 }, size });
    try {
      await saveForOffline(made, { size, onProgress: (progress) => setStep({ kind: 'downloading', progress, size }) });
      setStep({ kind: 'idle' });
    } catch (error) {
      setStep({ kind: 'error', message: error instanceof OfflineQuotaError ? 'quota' : 'failed', size });
    }
    await refreshSavedOffline(client);
  };

  const remove = async () => {
    await removeOffline(id);
    await refreshSavedOffline(client);
  };

  if (mine) {
    return (
      <Stack gap={4} data-testid="offline-saved" data-offline-id={id}>
        <Group gap="xs">
          <Badge color="teal" variant="light" data-testid="offline-available">
            {t('save.saved')}
          </Badge>
          <Text size="xs" c="dimmed">
            {t('save.savedAt', { date: new Date(mine.savedAt).toLocaleString(i18n.language) })} · {formatBytes(mine.bytes, i18n.language)}
          </Text>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => void remove()} data-testid="offline-remove">
            {t('save.remove')}
          </Button>
        </Group>
        {mine.skipped.length > 0 && (
          <Text size="xs" c="dimmed" data-testid="offline-skipped">
            {t('save.skipped', { count: mine.skipped.length })}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={6} data-testid="offline-save" maw={420}>
      {step.kind === 'idle' && (
        <Button size="compact-sm" variant="light" onClick={() => void plan()} data-testid="offline-save-button">
          {t('save.button')}
        </Button>
      )}
      {step.kind === 'sizing' && (
        <Text size="sm" c="dimmed" role="status">
          {t('save.sizing')}
        </Text>
      )}
      {step.kind === 'confirm' && (
        <Stack gap={6}>
          <Text size="sm" data-testid="offline-size" data-bytes={step.size}>
            {t('save.confirm', { size: formatBytes(step.size, i18n.language) })}
          </Text>
          {step.plan.skipped.length > 0 && (
            <Text size="xs" c="dimmed">
              {t('save.skipped', { count: step.plan.skipped.length })}
            </Text>
          )}
          <Group gap="xs">
            <Button size="compact-sm" onClick={() => void download(step.plan, step.size)} data-testid="offline-download">
              {t('save.start')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setStep({ kind: 'idle' })}>
              {t('save.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
      {step.kind === 'downloading' && (
        <Stack gap={4} role="status" aria-live="polite">
          <Text size="sm">{t('save.progress', { percent: Math.round((step.progress.done / Math.max(1, step.progress.total)) * 100) })}</Text>
          <Progress value={(step.progress.done / Math.max(1, step.progress.total)) * 100} data-testid="offline-progress" aria-label={t('save.button')} />
        </Stack>
      )}
      {step.kind === 'error' && (
        <Alert color={step.message === 'quota' ? 'orange' : 'red'} variant="light" data-testid="offline-error" data-error={step.message} withCloseButton onClose={() => setStep({ kind: 'idle' })}>
          {step.message === 'quota' ? t('save.quota', { size: formatBytes(step.size, i18n.language) }) : t('save.failed')}
        </Alert>
      )}
    </Stack>
  );
}
