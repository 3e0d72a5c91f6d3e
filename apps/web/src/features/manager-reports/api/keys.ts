/** Query keys of the manager reports (ADR 0009 §8): every query of this feature lives under ['manager-reports']. */
export const MANAGER_REPORTS_QUERIES = ['manager-reports'] as const;
