import { useEffect, useRef } from 'react';
import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContentEntryView } from '@portal/learning/contracts/http';
import type { Locale } from '@portal/kernel';
import { useErrorMessage } from '../../../shared/i18n/use-error-message';
import { useProtectedLink } from '../api/media';
import { recordContentView } from '../api/progress';
import { LangBanner, LockNotice, type RequiredLink } from '../components/learning-ui';
import { chooseSource, pickText } from '../model/localized';
import { learningPaths } from '../model/learning-paths';
import { IframePlayer, LinkPlayer, PdfPlayer } from './document-players';
import { IframeVideoPlayer } from './iframe-video-player';
import { MediaPlayer } from './media-player';
import { ScormPlayer } from './scorm-player';

interface EntryPlayerProps {
  entry: ContentEntryView;
  locale: Locale;
  signedIn: boolean;
  /** start=true in the link */
  startOver: boolean;
  /** the entries this one waits for, when locked */
  required: RequiredLink[];
  signInTo: string;
}

/**
 * The player of one entry: a locked entry shows its lock message instead (000 §4.3, §8)
 * until its prerequisite is complete; otherwise the banner when the content is not in the
 * current language, and the player of its type.
 */
export function EntryPlayer(props: EntryPlayerProps) {
  if (props.entry.lock.locked) return <LockNotice lock={props.entry.lock} required={props.required} />;
  return <UnlockedPlayer {...props} />;
}

function UnlockedPlayer({ entry, locale, signedIn, startOver, signInTo }: EntryPlayerProps) {
  const { t } = useTranslation('learning');
  const toMessage = useErrorMessage();
  const source = chooseSource(entry, locale);
  const title = pickText(entry.title, locale);
  const link = useProtectedLink(entry.entryId, source.lang ?? undefined, entry.protected && signedIn);

  // A view per entry shown (user or guest; failures are console only, 000 §8).
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (viewed.current === entry.entryId) return;
    viewed.current = entry.entryId;
    void recordContentView(entry.entryId);
  }, [entry.entryId]);

  const banner = source.inCurrentLanguage ? null : <LangBanner locale={locale} />;

  if (entry.protected && !signedIn) {
    return (
      <Alert color="blue" variant="light">
        {t('player.signInToPlay')}{' '}
        <Anchor component={Link} to={signInTo}>
          {t('nav.signIn')}
        </Anchor>
      </Alert>
    );
  }
  if (entry.protected && link.isPending) {
    return (
      <Center h={120}>
        <Loader color="brand" aria-label={t('player.loading')} />
      </Center>
    );
  }
  if (entry.protected && link.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {toMessage(link.error)}
      </Alert>
    );
  }
  const src = entry.protected ? (link.data?.url ?? null) : source.src;
  if (!src) {
    return (
      <Alert color="gray" variant="light">
        {t('player.unavailable')}
      </Alert>
    );
  }

  const player = (() => {
    switch (entry.type) {
      case 'video':
      case 'audio':
      case 'podcast':
        return <MediaPlayer key={`${entry.entryId}:${src}`} entry={entry} src={src} title={title} signedIn={signedIn} startOver={startOver} />;
      case 'pdf':
        return <PdfPlayer key={entry.entryId} entry={entry} src={src} title={title} signedIn={signedIn} />;
      case 'iframe':
        return <IframePlayer key={entry.entryId} entry={entry} src={src} title={title} signedIn={signedIn} />;
      case 'iframe-video':
        return <IframeVideoPlayer key={entry.entryId} entry={entry} src={src} title={title} signedIn={signedIn} />;
      case 'link':
        return <LinkPlayer key={entry.entryId} entry={entry} src={src} title={title} signedIn={signedIn} />;
      case 'scorm':
        return (
          <ScormPlayer
            key={`${entry.entryId}:${src}`}
            scormId={entry.entryId}
            version={entry.scormVersion ?? '1.2'}
            launchUrl={src}
            title={title}
            lang={source.lang ?? locale}
            signedIn={signedIn}
          />
        );
      default: {
        const exhaustive: never = entry.type;
        return exhaustive;
      }
    }
  })();

  return (
    <Stack gap="sm" data-testid="entry-player" data-entry-id={entry.entryId} data-entry-type={entry.type}>
      {banner}
      {player}
      {entry.protected && link.data && (
        <Anchor component={Link} to={learningPaths.download(link.data.hash)} size="sm" data-testid="protected-download">
          {t('player.download')}
        </Anchor>
      )}
    </Stack>
  );
}
