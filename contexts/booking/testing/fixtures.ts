import type { ChangeSource, LocationDefinition } from '../contracts/events.js';

/** Shared test data for the deciders' specs (not exported from the domain's index). */
export const campinas: LocationDefinition = {
  name: 'Centro de Treinamento Campinas',
  addressLines: ['Rodovia Dom Pedro I, km 140'],
  number: 's/n',
  city: 'Campinas',
  state: 'SP',
  country: 'BR',
  postalCode: '13100-000',
  capacity: 2,
  timezone: 'America/Sao_Paulo',
  color: '#2f9e44',
  schedule: {
    hours: [
      { weekday: 1, opens: '09:00', closes: '12:00' },
      { weekday: 3, opens: '09:00', closes: '12:00' },
      { weekday: 3, opens: '14:00', closes: '17:00' },
    ],
    slotMinutes: 60,
    closedDates: ['2026-11-25'],
    horizonDays: 30,
  },
  active: true,
};

export const formSource: ChangeSource = { channel: 'booking-form', linkHash: null, ip: '203.0.113.9', userAgent: 'test' };
export const linkSource = (channel: 'confirm-link' | 'cancel-link', linkHash: string): ChangeSource => ({ channel, linkHash, ip: '203.0.113.9', userAgent: 'test' });
export const staffSource: ChangeSource = { channel: 'staff', linkHash: null, ip: '198.51.100.1', userAgent: 'test' };
