import { useEffect, useRef, useState } from 'react';
import { AspectRatio, Box, Center, Image, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ContentEntryView } from '@portal/learning/contracts/http';
import { useOembedThumbnail } from '../api/media';
import { oembedEndpoint } from '../model/oembed';
import { useDocumentCompletion } from './use-document-completion';
import { useProgressReporter } from './use-progress-reporter';

interface IframeVideoProps {
  entry: ContentEntryView;
  src: string;
  title: string;
  signedIn: boolean;
}

/**
 * iframe-video: a video host's embedded player. Its thumbnail is the entry's, else the host's
 * oEmbed thumbnail_url; a failed lookup is marked and a placeholder shows (000 §8: silent).
 * The host's player cannot report across origins, so watching is timed while the page is
 * visible: play when opened, progress every 10 s, end after the catalogue duration.
 */
export function IframeVideoPlayer({ entry, src, title, signedIn }: IframeVideoProps) {
  const { t } = useTranslation('learning');
  const [open, setOpen] = useState(false);
  const endpoint = entry.thumbSrc ? null : oembedEndpoint(src);
  const oembed = useOembedThumbnail(endpoint);
  const thumb = entry.thumbSrc ?? oembed.url;
  const thumbFailed = !entry.thumbSrc && oembed.failed;

  const signal = useProgressReporter({ stationId: entry.stationId, entryId: entry.entryId, isVideo: false, signedIn });
  const completeDocument = useDocumentCompletion(entry.stationId, entry.entryId, signedIn, false);
  const watched = useRef(0);

  useEffect(() => {
    if (!open) return;
    const duration = entry.duration;
    if (duration <= 0) {
      completeDocument();
      return;
    }
    signal('play', watched.current, duration);
    let finished = false;
    const timer = window.setInterval(() => {
      if (finished || document.visibilityState !== 'visible') return;
      watched.current = Math.min(duration, watched.current + 1);
      if (watched.current >= duration) {
        finished = true;
        signal('ended', duration, duration);
      } else {
        signal('timeupdate', watched.current, duration);
      }
    }, 1000);
    const hide = () => signal('hide', watched.current, duration);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hide();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', hide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', hide);
      if (!finished) signal('unmount', watched.current, duration);
    };
  }, [open, entry.duration, signal, completeDocument]);

  if (open) {
    return (
      <AspectRatio ratio={16 / 9}>
        <Box
          component="iframe"
          src={src}
          title={title}
          data-testid="player-iframe-video"
          allow="autoplay; fullscreen; picture-in-picture"
          allowFullScreen
          style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
        />
      </AspectRatio>
    );
  }
  return (
    <UnstyledButton onClick={() => setOpen(true)} aria-label={t('player.playLabel', { title })} data-testid="player-iframe-video-open" data-thumb-failed={thumbFailed} style={{ display: 'block', width: '100%' }}>
      <AspectRatio ratio={16 / 9} bg="dark.7" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', position: 'relative' }}>
        {thumb && !thumbFailed ? <Image src={thumb} alt="" /> : <Box bg="brand.8" />}
        <Center style={{ position: 'absolute', inset: 0 }}>
          <Text component="span" fw={700} size="xl" c="white" bg="rgba(0,0,0,0.55)" px="lg" py="xs" style={{ borderRadius: 999 }}>
            <span aria-hidden="true">▶ </span>
            {t('player.play')}
          </Text>
        </Center>
      </AspectRatio>
    </UnstyledButton>
  );
}
