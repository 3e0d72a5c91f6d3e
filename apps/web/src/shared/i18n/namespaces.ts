export const NAMESPACES = ['common', 'auth', 'errors', 'home', 'account', 'booking', 'manager-tc', 'learning'] as const;
export type AppNamespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: AppNamespace = 'common';

export const isAppNamespace = (value: string): value is AppNamespace => (NAMESPACES as readonly string[]).includes(value);
