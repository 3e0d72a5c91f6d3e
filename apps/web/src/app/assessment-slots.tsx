import { lazy, Suspense } from 'react';
import { invalidateRecommendations } from '../features/assessment/api/keys';
import { queryClient } from '../shared/api/query-client';
import { useSignedIn } from '../shared/session/use-session';
import { useActiveStationId, type ContentSlots, type CropCertificatesSlotProps, type EntryQuestionsSlotProps, type StationQuestionsSlotProps } from '../shared/ui/content-slots';
import { onShellEvent } from '../shared/ui/shell/shell-store';
import type { NpsPanelProps } from '../shared/ui/shell/slots';

/**
 * The assessment feature's parts that other screens show (features never import each other):
 * the shell's NPS panel and header score (shell-slots.tsx), and the question overlays and crop
 * certificates of the station pages (content slots). Each loads its code and strings on first
 * use behind its own Suspense, so a slot never blanks the page around it.
 */
const HeaderScore = lazy(() => import('../features/assessment/components/header-score').then((m) => ({ default: m.HeaderScore })));
const NpsPanel = lazy(() => import('../features/assessment/components/nps-panel').then((m) => ({ default: m.NpsPanel })));
const StationQuestions = lazy(() => import('../features/assessment/components/station-questions').then((m) => ({ default: m.StationQuestions })));
const EntryQuestions = lazy(() => import('../features/assessment/components/station-questions').then((m) => ({ default: m.EntryQuestions })));
const CropCertificates = lazy(() => import('../features/assessment/components/certificate-card').then((m) => ({ default: m.CropCertificates })));

/** The score is the station on screen's: without one (home, lists) its code is not fetched. */
export function HeaderScoreSlot() {
  const signedIn = useSignedIn();
  const stationId = useActiveStationId();
  if (!signedIn || stationId === null) return null;
  return (
    <Suspense fallback={null}>
      <HeaderScore />
    </Suspense>
  );
}

export function NpsPanelSlot(props: NpsPanelProps) {
  return (
    <Suspense fallback={null}>
      <NpsPanel {...props} />
    </Suspense>
  );
}

function StationQuestionsSlot(props: StationQuestionsSlotProps) {
  return (
    <Suspense fallback={null}>
      <StationQuestions {...props} />
    </Suspense>
  );
}

function EntryQuestionsSlot(props: EntryQuestionsSlotProps) {
  return (
    <Suspense fallback={null}>
      <EntryQuestions {...props} />
    </Suspense>
  );
}

function CropCertificatesSlot(props: CropCertificatesSlotProps) {
  return (
    <Suspense fallback={null}>
      <CropCertificates {...props} />
    </Suspense>
  );
}

export const CONTENT_SLOTS: ContentSlots = {
  stationQuestions: StationQuestionsSlot,
  entryQuestions: EntryQuestionsSlot,
  cropCertificates: CropCertificatesSlot,
};

/**
 * The server pushes `recommendations` over the realtime stream after an answer (the shell's
 * realtime connection emits it as a shell event): the recommendations query is invalidated
 * wherever it shows next (000 §4.3 "reload when invalidated"). Once, for the app's life.
 */
onShellEvent((event) => {
  if (event.type === 'recommendations') void invalidateRecommendations(queryClient);
});
