import { Anchor, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContentEntryView } from '@portal/learning/contracts/http';
import { useDocumentCompletion } from './use-document-completion';

interface DocumentProps {
  entry: ContentEntryView;
  src: string;
  title: string;
  signedIn: boolean;
}

/** pdf: the document in an <iframe> (the browser's viewer), plus a link to open it in a new tab. Opening it completes it. */
export function PdfPlayer({ entry, src, title, signedIn }: DocumentProps) {
  const { t } = useTranslation('learning');
  useDocumentCompletion(entry.stationId, entry.entryId, signedIn, true);
  return (
    <Stack gap="xs">
      <Box component="iframe" src={src} title={title} data-testid="player-pdf" style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', background: 'white' }} />
      <Anchor href={src} target="_blank" rel="noopener noreferrer" size="sm">
        {t('player.openDocument')}
      </Anchor>
    </Stack>
  );
}

/** iframe: an embedded page. Opening it completes it. */
export function IframePlayer({ entry, src, title, signedIn }: DocumentProps) {
  useDocumentCompletion(entry.stationId, entry.entryId, signedIn, true);
  return (
    <Box
      component="iframe"
      src={src}
      title={title}
      data-testid="player-iframe"
      allow="fullscreen"
      style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)', background: 'white' }}
    />
  );
}

/** link: opens in a new tab; the click completes it. */
export function LinkPlayer({ entry, src, title, signedIn }: DocumentProps) {
  const { t } = useTranslation('learning');
  const complete = useDocumentCompletion(entry.stationId, entry.entryId, signedIn, false);
  let host = src;
  try {
    host = new URL(src, window.location.href).host;
  } catch {
    // keep the raw address
  }
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Text>{t('player.linkIntro', { host })}</Text>
        <Group>
          <Button component="a" href={src} target="_blank" rel="noopener noreferrer" onClick={complete} data-testid="player-link" aria-label={t('player.openLinkLabel', { title })}>
            {t('player.openLink')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
