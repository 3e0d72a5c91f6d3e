import { useCallback, useEffect } from 'react';
import { Alert, Anchor, Badge, Breadcrumbs, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { RouteResolution, StationDetail } from '@portal/learning/contracts/http';
import { useLocale } from './use-locale';
import { paths, signInPathFor } from '../../../shared/routing/paths';
import { useSignedIn } from '../../../shared/session/use-session';
import { useActiveStation, useContentSlots } from '../../../shared/ui/content-slots';
import { invalidateLearningData } from '../api/keys';
import { useStationVisit } from '../api/progress';
import { activeEntryId, contentLinkParams, learningPaths } from '../model/learning-paths';
import { pickText } from '../model/localized';
import { completionBadge } from '../model/status';
import { EntryPlayer } from '../players/entry-player';
import { EntryCard, StationCard } from './cards';
import { EntryActions } from './entry-actions';
import { LockNotice, SummaryProgress, type RequiredLink } from './learning-ui';
import { usePageHead } from '../../../shared/ui/page-head';

/** 000 §4.2: the visit mark waits 500 ms after the page's save. */
export const STATION_VISIT_DELAY_MS = 500;

/** Records the visit of the station on screen 500 ms after it shows (signed-in learners). */
function useVisit(station: StationDetail, signedIn: boolean) {
  const visit = useStationVisit();
  const { mutate } = visit;
  const viewType = station.type === 'Map' ? 'map' : 'detail';
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => mutate({ station: station.stationId, viewType }), STATION_VISIT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, station.stationId, viewType, mutate]);
}

const areaRoot = (area: RouteResolution['area']): { to: string; key: 'nav.training' | 'nav.journey' | 'nav.myContent' } => {
  switch (area) {
    case 'training':
      return { to: learningPaths.training, key: 'nav.training' };
    case 'journey':
      return { to: learningPaths.journey, key: 'nav.journey' };
    default:
      return { to: paths.home, key: 'nav.myContent' };
  }
};

/**
 * A station (000 §2.1, §3): /station/.., /training/.. and /journey/.. all land here once the
 * catalogue resolved the path. Map stations (crops, journeys) list their detail stations and
 * certificates; every station lists its entries with status and progress, and plays the entry
 * of the link (?video=), else its initial one.
 */
export function StationPage({ resolution }: { resolution: RouteResolution }) {
  const { t } = useTranslation('learning');
  const locale = useLocale();
  const signedIn = useSignedIn();
  const location = useLocation();
  const [search] = useSearchParams();
  const station = resolution.detail ?? resolution.station;
  const parent = resolution.detail ? resolution.station : station.parent;
  const siblings = resolution.detail ? resolution.station.children : station.children;
  usePageHead({ title: pickText(station.title, locale) });
  useVisit(station, signedIn);
  // the assessment parts (app/assessment-slots.tsx): questions overlays, crop certificates, and
  // the active content the main header's score shows
  const slots = useContentSlots();
  const client = useQueryClient();
  const refreshAfterAnswer = useCallback(() => void invalidateLearningData(client), [client]);
  useActiveStation(signedIn ? station.stationId : null);

  const link = contentLinkParams(search);
  const entries = [...station.entries].sort((a, b) => a.displayOrder - b.displayOrder);
  const activeId = activeEntryId(
    entries.map((e) => e.entryId),
    link.video,
    station.initialVideoId,
  );
  const active = entries.find((e) => e.entryId === activeId) ?? null;
  const entryLinks = new Map<string, RequiredLink>(entries.map((e) => [e.entryId, { id: e.entryId, title: pickText(e.title, locale), to: e.to }]));
  const stationLinks = new Map<string, RequiredLink>(siblings.map((s) => [s.stationId, { id: s.stationId, title: pickText(s.title, locale), to: s.pageTo }]));
  const requiredOf = (ids: readonly string[], from: Map<string, RequiredLink>) => ids.flatMap((id) => from.get(id) ?? []);

  const root = areaRoot(resolution.area);
  const badge = completionBadge(station.state.videosCompletedAt, station.progress);
  const crumbs = [
    <Anchor key="root" component={Link} to={root.to} size="sm">
      {t(root.key)}
    </Anchor>,
  ];
  if (parent) {
    crumbs.push(
      <Anchor key="parent" component={Link} to={parent.pageTo} size="sm" data-testid="station-parent">
        {pickText(parent.title, locale)}
      </Anchor>,
    );
  }

  return (
    <Stack gap="lg" data-testid="station-page" data-station-id={station.stationId}>
      <Breadcrumbs separator="›">{crumbs}</Breadcrumbs>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start">
          <Title order={1} c="brand" data-testid="station-title">
            {pickText(station.title, locale)}
          </Title>
          {badge && (
            <Badge color={badge === 'all' ? 'green' : 'gray'} variant="light" data-testid="station-completed" data-badge={badge}>
              {t(badge === 'all' ? 'station.completed' : 'station.pageVideosCompleted')}
            </Badge>
          )}
        </Group>
        {station.description && <Text c="dimmed">{pickText(station.description, locale)}</Text>}
        {signedIn && <SummaryProgress progress={station.progress} />}
      </Stack>

      {station.isUnavailable && station.availabilityMessage && (
        <Alert color="yellow" variant="light">
          {pickText(station.availabilityMessage, locale)}
        </Alert>
      )}
      {station.lock.locked && <LockNotice lock={station.lock} required={requiredOf(station.lock.requiredStationIds, stationLinks)} testId="station-lock" />}

      {active && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm" component="section" aria-labelledby="active-entry-title">
              <Title order={2} size="h3" id="active-entry-title" data-testid="active-entry-title">
                {pickText(active.title, locale)}
              </Title>
              {active.description && (
                <Text size="sm" c="dimmed">
                  {pickText(active.description, locale)}
                </Text>
              )}
              {/* keys unique among these siblings: a key shared by the player and the questions
                  made React keep the old entry's player next to the new one (issue 13) */}
              <EntryPlayer
                key={`player:${active.entryId}`}
                entry={active}
                locale={locale}
                signedIn={signedIn}
                startOver={link.start}
                required={requiredOf(active.lock.requiredEntryIds, entryLinks)}
                signInTo={signInPathFor(location.pathname, location.search)}
              />
              {signedIn && !active.lock.locked && <EntryActions entry={active} title={pickText(active.title, locale)} />}
              {signedIn && !active.lock.locked && active.questionsIds.length > 0 && slots.entryQuestions && (
                <slots.entryQuestions key={`questions:${active.entryId}`} stationId={station.stationId} entryId={active.entryId} onAnswered={refreshAfterAnswer} />
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="xs" component="section" aria-labelledby="entries-title">
              <Title order={2} size="h4" id="entries-title">
                {t('station.entries', { total: entries.length })}
              </Title>
              {entries.map((entry) => (
                <EntryCard key={entry.entryId} entry={entry} locale={locale} current={entry.entryId === active.entryId} />
              ))}
            </Stack>
          </Grid.Col>
        </Grid>
      )}

      {station.type === 'Map' && station.children.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="children-title">
          <Title order={2} size="h3" id="children-title">
            {t('station.children')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {station.children.map((child) => (
              <StationCard key={child.stationId} station={child} locale={locale} />
            ))}
          </SimpleGrid>
        </Stack>
      )}

      {station.certificates.length > 0 && signedIn && slots.cropCertificates && <slots.cropCertificates cropId={station.stationId} />}

      {station.certificates.length > 0 && !(signedIn && slots.cropCertificates) && (
        <Stack gap="sm" component="section" aria-labelledby="certificates-title">
          <Title order={2} size="h3" id="certificates-title">
            {t('certificates.title')}
          </Title>
          {station.certificates.map((certificate) => (
            <Paper key={certificate.certificateId} withBorder radius="md" p="md" data-testid={`certificate-${certificate.certificateId}`}>
              <Group justify="space-between">
                <Text fw={600}>{pickText(certificate.title, locale)}</Text>
                <Badge color={certificate.earned ? 'green' : 'gray'} variant="light">
                  {certificate.earned ? t('certificates.earned') : t('certificates.locked')}
                </Badge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      {signedIn && slots.stationQuestions && station.questions.questionIds.length > 0 && !station.questions.inactive && (
        <slots.stationQuestions stationId={station.stationId} onAnswered={refreshAfterAnswer} />
      )}

      {station.questions.progress && !(signedIn && slots.stationQuestions) && (
        <Text size="sm" c="dimmed" data-testid="station-questions">
          {t('station.questions', { answered: station.questions.progress.answered, total: station.questions.progress.total })}
        </Text>
      )}

      {!active && station.children.length === 0 && <Text c="dimmed">{t('station.empty')}</Text>}
    </Stack>
  );
}
