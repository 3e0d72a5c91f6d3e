import type { ReactNode } from 'react';
import { Alert, Anchor, AspectRatio, Badge, Box, Group, Image, List, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContentStatus, LockState, ProgressSummary } from '@portal/learning/contracts/http';
import type { Locale } from '@portal/kernel';
import { roundPercent, statusColour } from '../model/status';

/** The content status tag of 000 §4.1 in its colour (new, started orange, completed green, locked gray). */
export function StatusBadge({ status, colour, testId }: { status: ContentStatus; colour?: 'orange' | 'green' | 'gray' | null; testId?: string }) {
  const { t } = useTranslation('learning');
  return (
    <Badge color={statusColour(status, colour)} variant={status === 'initial' ? 'outline' : 'light'} data-status={status} data-testid={testId}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A 3 px progress bar (000 §9) with the percent rounded without decimals. */
export function PercentBar({ percent, colour, label }: { percent: number; colour?: string; label: string }) {
  const value = roundPercent(percent);
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Progress value={value} size={3} color={colour ?? 'brand'} style={{ flex: 1 }} aria-label={label} />
      <Text size="xs" c="dimmed" data-percent={value}>
        {value}%
      </Text>
    </Group>
  );
}

/** Station / journey progress (000 §4.3): percent and status. */
export function SummaryProgress({ progress }: { progress: ProgressSummary }) {
  const { t } = useTranslation('learning');
  const colour = progress.status === 'completed' ? 'green' : progress.status === 'in-progress' ? 'orange' : 'brand';
  return (
    <Box data-progress-status={progress.status}>
      <PercentBar percent={progress.percent} colour={colour} label={t('progress.label', { completed: progress.completed, total: progress.total })} />
      <Text size="xs" c="dimmed">
        {t(`progress.${progress.status}`)} · {t('progress.label', { completed: progress.completed, total: progress.total })}
      </Text>
    </Box>
  );
}

export interface RequiredLink {
  id: string;
  title: string;
  to: string;
}

/** The lock message of 000 §8 (lockState.*, with minAnswers) and what is still missing. */
export function LockNotice({ lock, required = [], testId = 'lock-message' }: { lock: LockState; required?: RequiredLink[]; testId?: string }) {
  const { t } = useTranslation('learning');
  const message = lock.message ? t(lock.message, { count: lock.params.minAnswers ?? 0 }) : t('lockState.locked');
  return (
    <Alert color="gray" variant="light" title={t('lockState.title')} data-testid={testId} data-lock-reason={lock.reason ?? ''}>
      <Text size="sm">{message}</Text>
      {required.length > 0 && (
        <>
          <Text size="sm" mt="xs" fw={600}>
            {t('lockState.completeFirst')}
          </Text>
          <List size="sm">
            {required.map((r) => (
              <List.Item key={r.id}>
                <Anchor component={Link} to={r.to}>
                  {r.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}

/** 000 §2.10: the content is not in the current language; it plays in the first available one. */
export function LangBanner({ locale }: { locale: Locale }) {
  const { t } = useTranslation('learning');
  const { t: tc } = useTranslation('common');
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="content-lang-banner">
      {t('contentLangNotFound', { localeName: tc(`languages.${locale}`) })}
    </Alert>
  );
}

/** The content pack's thumbnails are 320 x 180 (16:9). */
const THUMB_SIZE = { width: 320, height: 180 } as const;

/**
 * A 16:9 thumbnail (decorative: the title is next to it), with a neutral block when there is
 * none, and its localized labels written over it. Lazy below the fold; `priority` (the first row
 * of a screen) loads it at once and first, since it is what the page's largest paint waits for
 * (ADR 0013).
 */
export function Thumb({ src, kicker, title, children, priority = false }: { src: string | null | undefined; kicker?: string; title?: string; children?: ReactNode; priority?: boolean }) {
  return (
    <AspectRatio ratio={16 / 9} bg="gray.2" style={{ position: 'relative', overflow: 'hidden', borderRadius: 'var(--mantine-radius-sm)' }}>
      {src ? <Image src={src} alt="" {...THUMB_SIZE} loading={priority ? 'eager' : 'lazy'} fetchPriority={priority ? 'high' : 'auto'} /> : <Box bg="brand.1" />}
      {(kicker || title) && <ThumbLabels kicker={kicker} title={title} />}
      {children}
    </AspectRatio>
  );
}

/**
 * The words of a card's picture, drawn over the text-free image in the reader's language (issue
 * 13: they were baked into the images in Portuguese). The card states them again as text, so the
 * picture's copy is hidden from assistive technology.
 */
function ThumbLabels({ kicker, title }: { kicker?: string | undefined; title?: string | undefined }) {
  return (
    <Box aria-hidden="true" data-testid="thumb-labels" style={{ position: 'absolute', inset: 0, pointerEvents: 'none', color: 'white' }}>
      {kicker && (
        <Text component="span" size="xs" fw={700} tt="uppercase" lineClamp={1} data-testid="thumb-kicker" style={{ position: 'absolute', top: '8%', left: '5%', right: '5%', letterSpacing: '0.04em', opacity: 0.9 }}>
          {kicker}
        </Text>
      )}
      {title && (
        <Text component="span" size="lg" fw={700} lineClamp={1} data-testid="thumb-title" style={{ position: 'absolute', bottom: '6%', left: '5%', right: '5%' }}>
          {title}
        </Text>
      )}
    </Box>
  );
}
