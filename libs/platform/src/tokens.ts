/** Dependency-injection tokens shared by the API composition root and the contexts' application layers. */
export const DATABASE = Symbol.for('portal.Database');
export const EVENT_STORE = Symbol.for('portal.EventStore');
export const PROJECTIONS = Symbol.for('portal.ProjectionRuntime');
export const APP_CONFIG = Symbol.for('portal.AppConfig');
export const CLOCK = Symbol.for('portal.Clock');
export const TOKENS = Symbol.for('portal.TokenService');
export const MAILER = Symbol.for('portal.Mailer');
/** The catalogue model, one per process (learning's `CatalogueReader`, ADR 0009): assessment and scoring inject it. */
export const CATALOGUE = Symbol.for('portal.Catalogue');
/** Who holds an e-mail address, for other contexts' write paths (identity's `UserAccounts`, ADR 0062): events injects it. */
export const USER_ACCOUNTS = Symbol.for('portal.UserAccounts');
/** The subjects' keys and the event store edge's encryption (`PersonalDataProtection`, ADR 0091): erasure and retention inject it. */
export const PRIVACY = Symbol.for('portal.Privacy');
