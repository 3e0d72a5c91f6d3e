import { isLocale } from '@portal/kernel';
import type { DashboardStation } from '@portal/reporting/contracts/http';

/** A catalogue title in the reader's language (English when the language is not one of ours). */
export const titleIn = (title: DashboardStation['title'], language: string): string => (isLocale(language) ? title[language] : title.en);
