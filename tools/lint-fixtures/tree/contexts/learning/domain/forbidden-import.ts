// Breaks domain-is-pure: a domain reaching for I/O. `npm run lint:deps` must fail on this tree.
import { connect } from '../../../libs/database/src/index.js';

export const decide = () => connect();
