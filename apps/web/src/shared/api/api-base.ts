/** The API shares the SPA's origin under /api (architecture §4; Vite proxies it in dev). */
export const API_BASE = '/api';
