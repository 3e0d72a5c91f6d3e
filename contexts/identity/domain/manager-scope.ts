/**
 * The manager scope rule lives in identity's contracts (contracts/manager-scope.ts, ADR 0053): it
 * imports only the kernel, and the reporting context applies the same rule to the dashboard, which
 * the lint lets it import only through identity's public contracts. Identity's own code keeps
 * importing it from here.
 */
export * from '../contracts/manager-scope.js';
