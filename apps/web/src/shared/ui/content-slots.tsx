import { createContext, useContext, useEffect, useSyncExternalStore, type ComponentType } from 'react';

/**
 * Places in the content screens (station, crop and entry pages of the learning feature) that
 * the assessment feature fills: a station's questions, an entry's (media) questions and a
 * crop's certificates. Features never import each other, so the app provides the
 * implementations (app/assessment-slots.tsx); an empty slot renders nothing.
 */
export interface StationQuestionsSlotProps {
  stationId: string;
  /** after every answer: the page refreshes what answers change (locks, questions progress) */
  onAnswered?: () => void;
}

export interface EntryQuestionsSlotProps {
  stationId: string;
  entryId: string;
  onAnswered?: () => void;
}

export interface CropCertificatesSlotProps {
  cropId: string;
}

export interface ContentSlots {
  stationQuestions: ComponentType<StationQuestionsSlotProps> | null;
  entryQuestions: ComponentType<EntryQuestionsSlotProps> | null;
  cropCertificates: ComponentType<CropCertificatesSlotProps> | null;
}

export const EMPTY_CONTENT_SLOTS: ContentSlots = { stationQuestions: null, entryQuestions: null, cropCertificates: null };

const ContentSlotsContext = createContext<ContentSlots>(EMPTY_CONTENT_SLOTS);

export const ContentSlotsProvider = ContentSlotsContext.Provider;

export const useContentSlots = (): ContentSlots => useContext(ContentSlotsContext);

// ---- the active content (000 §3 root state activeStationId) ---------------------------------

/**
 * The station on screen: the main header's score (000 §2.8 "the active content's score")
 * reads it; the station page sets it while it shows and clears it when it leaves.
 */
let activeStationId: string | null = null;
const listeners = new Set<() => void>();

export const getActiveStationId = (): string | null => activeStationId;

export const setActiveStationId = (stationId: string | null): void => {
  if (stationId === activeStationId) return;
  activeStationId = stationId;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useActiveStationId = (): string | null => useSyncExternalStore(subscribe, getActiveStationId, () => null);

/** A screen names the station it shows as the active content while it is mounted. */
export const useActiveStation = (stationId: string | null | undefined): void => {
  useEffect(() => {
    if (!stationId) return;
    setActiveStationId(stationId);
    return () => {
      if (getActiveStationId() === stationId) setActiveStationId(null);
    };
  }, [stationId]);
};
