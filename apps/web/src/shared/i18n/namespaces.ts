/** One namespace per feature (architecture §5); `common` holds the shell, `errors` the catalogue. */
export const NAMESPACES = ['common', 'auth', 'errors', 'home', 'account', 'booking', 'manager-tc', 'learning', 'shell', 'search', 'support', 'notifications', 'realtime', 'public-pages', 'assessment', 'manager', 'manager-companies', 'managerDashboard', 'scheduledEvents', 'audit', 'ask-expert', 'reports', 'manager-content', 'privacy'] as const;
export type AppNamespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: AppNamespace = 'common';

export const isAppNamespace = (value: string): value is AppNamespace => (NAMESPACES as readonly string[]).includes(value);
