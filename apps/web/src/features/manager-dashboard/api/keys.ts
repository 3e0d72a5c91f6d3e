/** Query keys of the manager dashboard (ADR 0009 §8): every query of this feature lives under ['manager-dashboard']. */
export const MANAGER_DASHBOARD_QUERIES = ['manager-dashboard'] as const;
