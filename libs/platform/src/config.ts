/** Settings the contexts read (parsed from the environment by apps/api). */
export interface AppConfig {
  env: 'development' | 'test' | 'production';
  appEnvName: string;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  eventstoreUrl: string | null;
  jwtSecret: string;
  /** crypto-shredding (ADR 0091): the master key wrapping the subjects' keys; the network-data retention */
  privacy: { masterKey: string; networkRetentionDays: number; retentionSweepMs: number };
  accessTokenTtlSeconds: number;
  rateLimitMax: number;
  /** Behind a proxy that sets X-Forwarded-For: only then is the client address taken from it. */
  trustProxy: boolean;
  /** Bound on how long a read waits for the writer's position (read-your-writes). */
  readWaitMs: number;
  /** Streaming replicas that serve projection reads (DATABASE_REPLICA_URLS, ADR 0095); absent or empty: the primary only. */
  replicaUrls?: string[];
  /** Lag past which a replica leaves the read pool (ms). */
  replicaMaxLagMs?: number;
  /** The rate limit counted in Postgres, shared by every instance (server mode, ADR 0095); false: in each process. */
  sharedRateLimit?: boolean;
  webDist: string;
  publicUrl: string;
  /**
   * The dev mailbox (/api/dev/mailbox, every mail with its links): on when PUBLIC_URL is a
   * loopback address or DEV_MAILBOX=true, never in production (ADR 0080).
   */
  devMailbox: boolean;
  logLevel: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Refresh-cookie session length (5 min to 2 weeks). */
  sessionTtlSeconds: number;
  verificationResendMinutes: number;
  /** Training-center booking: pendent expiry, expiry sweep (0: off), range rule in days. */
  booking: { pendingTtlMs: number; expirySweepMs: number; rangeDays: number };
  toggles: { localSearch: boolean; notifications: boolean; scheduledEvents: boolean; scormTest: boolean; enableSearch: boolean };
  domains: { spanish: string | null; brazilUniversity: string | null };
  argentina: { expectedHost: string | null; siteUrl: string | null; stagingHosts: string[] };
  /**
   * Sealing the event log (ADR 0030): the Ed25519 signing key (PKCS#8 PEM, never in the database),
   * the public keys of earlier signing keys a verifier still trusts, how often the API seals
   * (seconds, 0: no background job; or sooner after that many events) and the witness file that
   * remembers the newest checkpoint this installation sealed.
   */
  audit: { signingKey: string; trustedKeys: string[]; checkpointSeconds: number; checkpointEvents: number; witnessFile: string };
  /**
   * The xAPI export (ADR 0074): the base IRI of actors' accounts and activity ids (XAPI_BASE_IRI,
   * default PUBLIC_URL) and the LRS `xapi export --lrs` sends to (XAPI_LRS_*), null when not configured.
   */
  xapi: { baseIri: string; lrs: { endpoint: string; auth: { kind: 'basic'; username: string; password: string } | { kind: 'header'; value: string } | null } | null };
  /** The product's one name (PRODUCT_NAME): the SPA's header, menu and titles, the certificate PDF and the mails' sender. */
  productName: string;
  /** The footers' legal links (LEGAL_*_URL): absolute URLs or paths of the portal's own public pages. */
  legalLinks: LegalLinks;
  /**
   * The messaging-app webhook (ADR 0073): the app secret that signs each delivery
   * (X-Hub-Signature-256) and the token of the verification handshake. Without the secret the
   * webhook is off (404).
   */
  messaging: { appSecret: string | null; verifyToken: string | null };
  /**
   * The sandboxed content origin that serves SCORM package files (ADR 0084): the port this process
   * also listens on (CONTENT_PORT, default PORT+1; 0: none) and, behind a proxy, the content host's
   * public origin (CONTENT_ORIGIN; null: derived from the portal's host and the port).
   */
  content: { port: number; origin: string | null };
}

export interface LegalLinks {
  about: string;
  terms: string;
  privacy: string;
  company: string;
}
