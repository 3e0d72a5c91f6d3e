import type { ShellSlots } from '../shared/ui/shell/slots';
import { AskExpertMenuSlot, AskExpertSidebarSlot } from './ask-expert-slots';
import { HeaderScoreSlot, NpsPanelSlot } from './assessment-slots';

/**
 * What fills the shell's slots (shared/ui/shell/slots.tsx). The assessment issue sets
 * `npsPanel` (the AV1/AV2 survey of 000 §4.8) and `headerScore` (the active content's score of
 * 000 §2.8), as lazy components so their code loads only when shown.
 */
export const SHELL_SLOTS: ShellSlots = {
  npsPanel: NpsPanelSlot,
  headerScore: HeaderScoreSlot,
  sideMenuExtra: AskExpertMenuSlot,
  notificationsExtra: AskExpertSidebarSlot,
};
