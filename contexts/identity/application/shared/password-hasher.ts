import argon2 from 'argon2';

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes); parameters live in the hash. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class PasswordHasher {
  /** Verified against when the e-mail is unknown, so both cases cost the same time. */
  private dummy: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    if (hash === null) {
      this.dummy ??= argon2.hash('not-a-real-password-Aa1!', OPTIONS);
      await argon2.verify(await this.dummy, password).catch(() => false);
      return false;
    }
    return argon2.verify(hash, password).catch(() => false);
  }
}
