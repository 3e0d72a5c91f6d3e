/**
 * Links of the shell that are not per country: the sister apps of the apps drawer (pt-BR,
 * 000 §2.5) and the optional WhatsApp and chatbot helpers. The two helpers are deployment
 * settings the API's app-config does not carry (yet): they come from the build environment
 * (VITE_WHATSAPP_URL, VITE_CHATBOT_URL) and stay hidden without one.
 */
export interface SisterApp {
  id: 'fieldView' | 'climate' | 'agroMarket';
  url: string;
}

export const SISTER_APPS: readonly SisterApp[] = [
  { id: 'fieldView', url: 'https://fieldview.agroportal.example' },
  { id: 'climate', url: 'https://clima.agroportal.example' },
  { id: 'agroMarket', url: 'https://mercado.agroportal.example' },
];

const envString = (value: unknown): string | null => (typeof value === 'string' && /^https:\/\//.test(value) ? value : null);

export interface ShellSettings {
  whatsappUrl: string | null;
  /** the Brazil chatbot helper (000 §2.9): shown in the Brazil footer when configured */
  chatbotUrl: string | null;
}

export const shellSettings = (): ShellSettings => ({
  whatsappUrl: envString(import.meta.env?.['VITE_WHATSAPP_URL']),
  chatbotUrl: envString(import.meta.env?.['VITE_CHATBOT_URL']),
});

/** The Brazil footer's chatbot popover: Brazil visitors (or pt-BR without a country) when configured. */
export const showChatbot = (country: string | null | undefined, locale: string, chatbotUrl: string | null): boolean =>
  chatbotUrl !== null && (country === 'BR' || (country == null && locale === 'pt-BR'));
