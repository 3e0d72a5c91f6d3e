import type { Locale } from '@portal/kernel';
import { byDisplayOrder, stationLink, type MenuStation } from './side-menu';

/**
 * The training header (000 §2.7). Brazil (pt-BR and en) gets a dropdown of crops, the business
 * academy and the field-view university link; the Spanish locale gets Inicio, the crops, an
 * overflow dropdown "Otras areas", an external link (one for Argentina, another for the other
 * countries) and "Escribenos" (the support dialog).
 */
export type TrainingVariant = 'brazil' | 'spanish';

export const trainingVariant = (locale: Locale): TrainingVariant => (locale === 'es' ? 'spanish' : 'brazil');

/** External links of the training header, per country where they differ. */
export const TRAINING_LINKS = {
  fieldViewUniversity: 'https://universidade.fieldview.agroportal.example',
  businessAcademy: '/journey',
  latamArgentina: 'https://ar.agroportal.example/capacitaciones',
  latamOther: 'https://latam.agroportal.example/capacitaciones',
} as const;

export const spanishExternalLink = (country: string | null | undefined): string => (country === 'AR' ? TRAINING_LINKS.latamArgentina : TRAINING_LINKS.latamOther);

export interface TrainingMenuItem {
  station: MenuStation;
  to: string;
}

export interface TrainingMenus {
  /** crops in the main row (or the Brazil dropdown) */
  crops: TrainingMenuItem[];
  /** crops the menu settings move to the "Otras areas" dropdown */
  overflow: TrainingMenuItem[];
}

/** The crops: top-level training stations, active, by display order; split by inOverflowMenu. */
export const buildTrainingMenus = (stations: readonly MenuStation[]): TrainingMenus => {
  const crops = stations
    .filter((s) => s.routeArea === 'training' && s.parentId === null && s.isActive && !s.menu.inactive)
    .sort(byDisplayOrder)
    .map((station) => ({ station, to: stationLink(station) }));
  return { crops: crops.filter((c) => !c.station.menu.inOverflowMenu), overflow: crops.filter((c) => c.station.menu.inOverflowMenu) };
};
