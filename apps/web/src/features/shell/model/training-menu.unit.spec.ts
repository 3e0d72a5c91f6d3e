import { describe, expect, it } from 'vitest';
import { buildTrainingMenus, spanishExternalLink, TRAINING_LINKS, trainingVariant } from './training-menu';
import { station } from '../testing/stations';

const crop = (id: string, patch = {}) => station(id, { routeArea: 'training', displayCategory: 'crop', type: 'Map', pageTo: `/training/${id}`, ...patch });

describe('training header (000 §2.7)', () => {
  it('Spanish locale gets the Spanish variant; Brazil (pt-BR) and English the Brazil one', () => {
    expect(trainingVariant('es')).toBe('spanish');
    expect(trainingVariant('pt-BR')).toBe('brazil');
    expect(trainingVariant('en')).toBe('brazil');
  });

  it('lists active top-level crops by display order, the overflow ones apart', () => {
    const menus = buildTrainingMenus([
      crop('milho', { menu: { ...station('x').menu, displayOrder: 20 } }),
      crop('soja', { menu: { ...station('x').menu, displayOrder: 10 } }),
      crop('trigo', { menu: { ...station('x').menu, displayOrder: 40, inOverflowMenu: true } }),
      crop('off', { isActive: false }),
      crop('part', { parentId: 'soja' }),
      station('journey', { routeArea: 'journey' }),
    ]);
    expect(menus.crops.map((c) => c.station.stationId)).toEqual(['soja', 'milho']);
    expect(menus.overflow.map((c) => c.station.stationId)).toEqual(['trigo']);
  });

  it('links Argentina and the other countries to their own training site', () => {
    expect(spanishExternalLink('AR')).toBe(TRAINING_LINKS.latamArgentina);
    expect(spanishExternalLink('MX')).toBe(TRAINING_LINKS.latamOther);
    expect(spanishExternalLink(null)).toBe(TRAINING_LINKS.latamOther);
  });
});
