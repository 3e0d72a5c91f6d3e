import { createContext, useContext, type ComponentType } from 'react';

/**
 * Places of the shell that later issues fill (000 §2.3, §2.8): the NPS side panel and the
 * active content's score in the main header come with the assessment issue. The app
 * provides the implementations (app/shell-slots.tsx); an empty slot renders its fallback.
 */
export interface NpsPanelProps {
  /** closes the panel (after the last answer, for example) */
  onClose: () => void;
}

export interface ShellSlots {
  npsPanel: ComponentType<NpsPanelProps> | null;
  /** questions score and others score of the active content (000 §2.8) */
  headerScore: ComponentType | null;
  /** more side-menu entries after the built ones (ask the expert, ADR 0072); `onNavigate` closes the menu */
  sideMenuExtra?: ComponentType<{ onNavigate: () => void }> | null;
  /** rows above the notifications sidebar's list (answers from experts, ADR 0072); `onNavigate` closes the sidebar */
  notificationsExtra?: ComponentType<{ onNavigate: () => void }> | null;
}

export const EMPTY_SLOTS: ShellSlots = { npsPanel: null, headerScore: null };

const SlotsContext = createContext<ShellSlots>(EMPTY_SLOTS);

export const ShellSlotsProvider = SlotsContext.Provider;

export const useShellSlots = (): ShellSlots => useContext(SlotsContext);
