// Breaks web-imports-contracts-only: the SPA importing server code.
import { connect } from '../../../libs/database/src/index.js';

export const peek = () => connect();
