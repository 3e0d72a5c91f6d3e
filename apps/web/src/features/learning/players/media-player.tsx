import { useEffect, useState } from 'react';
import { AspectRatio, Box, Image } from '@mantine/core';
import type { ContentEntryView } from '@portal/learning/contracts/http';
import { resumePosition } from '../model/progress-reporter';
import { GUEST_POSITION_MEDIA_ID, useMediaElementReporting } from './use-progress-reporter';

interface MediaPlayerProps {
  entry: ContentEntryView;
  src: string;
  title: string;
  signedIn: boolean;
  /** start=true in the link: play from the beginning instead of the saved position */
  startOver: boolean;
}

/** The saved position: the entry state's seconds, or for a guest the position kept in the media state. */
const savedSeconds = (entry: ContentEntryView, signedIn: boolean): number | null => {
  if (signedIn) return entry.state?.seconds ?? null;
  const kept = entry.state?.mediaState[GUEST_POSITION_MEDIA_ID]?.['seconds'];
  return typeof kept === 'number' ? kept : null;
};

/**
 * HTML5 video and audio (video, podcast, audio) with the progress reporting of the contracts
 * README; the saved position is restored once the media knows its duration, unless start=true.
 */
export function MediaPlayer({ entry, src, title, signedIn, startOver }: MediaPlayerProps) {
  const [element, setElement] = useState<HTMLMediaElement | null>(null);
  const target = { stationId: entry.stationId, entryId: entry.entryId, isVideo: entry.type === 'video', signedIn };
  useMediaElementReporting(element, target, entry.duration);

  // Resume where the learner stopped (read once per source: a refetch must not seek again).
  const [resumeFrom] = useState(() => resumePosition(savedSeconds(entry, signedIn), entry.duration, startOver));
  useEffect(() => {
    if (!element || resumeFrom <= 0) return;
    const seek = () => {
      if (element.currentTime < 0.5) element.currentTime = resumeFrom;
    };
    if (element.readyState >= 1) seek();
    else element.addEventListener('loadedmetadata', seek, { once: true });
    return () => element.removeEventListener('loadedmetadata', seek);
  }, [element, resumeFrom]);

  const common = {
    src,
    controls: true,
    preload: 'metadata' as const,
    'aria-label': title,
    'data-entry-id': entry.entryId,
    'data-resume-from': String(resumeFrom),
  };

  if (entry.type === 'video') {
    return (
      <AspectRatio ratio={16 / 9} bg="black" style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
        <video ref={setElement} {...common} poster={entry.thumbSrc ?? undefined} playsInline data-testid="player-video" style={{ width: '100%', height: '100%' }} />
      </AspectRatio>
    );
  }
  return (
    <Box>
      {entry.thumbSrc && (
        <AspectRatio ratio={16 / 9} maw={480} mb="sm">
          <Image src={entry.thumbSrc} alt="" radius="md" />
        </AspectRatio>
      )}
      <audio ref={setElement} {...common} data-testid="player-audio" style={{ width: '100%' }} />
    </Box>
  );
}
