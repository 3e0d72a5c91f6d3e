/**
 * A Postgres primary and a streaming replica on loopback, made in a temporary directory with
 * Debian's postgresql-15 binaries (initdb, pg_basebackup -R, pg_ctl): what the replica-pool test
 * and `npm run scale-test` run against (issue 32, ADR 0095). As root the clusters run as the
 * `postgres` user (initdb refuses root).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface ReplicatedClusters {
  dir: string;
  primaryUrl: string;
  replicaUrl: string;
  primaryPort: number;
  replicaPort: number;
  stopReplica(mode?: 'fast' | 'immediate'): void;
  startReplica(): void;
  destroy(): void;
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function run(cmd: string, args: string[]): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, cmd), ...args]] : [join(BIN, cmd), args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: '/tmp' });
}

/** True where the binaries are installed (the node-svc machine, CI). */
export const postgresBinariesPresent = (): boolean => existsSync(join(BIN, 'pg_basebackup'));

export function createReplicatedClusters(options: { primaryPort: number; replicaPort: number; sharedBuffers?: string }): ReplicatedClusters {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  chmodSync(dir, 0o755);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const primary = join(dir, 'primary');
  const replica = join(dir, 'replica');
  const { primaryPort, replicaPort } = options;
  run('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  appendFileSync(
    join(primary, 'postgresql.conf'),
    [
      `port = ${primaryPort}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'max_connections = 200',
      `shared_buffers = ${options.sharedBuffers ?? '128MB'}`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      // a stopped replica must find its WAL again when it comes back
      'wal_keep_size = 512MB',
      '',
    ].join('\n'),
  );
  appendFileSync(join(primary, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  run('pg_ctl', ['-D', primary, '-l', join(dir, 'primary.log'), '-w', 'start']);
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replica, '-R', '-X', 'stream', '-c', 'fast']);
  writeFileSync(
    join(replica, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres'\nport = ${replicaPort}\nhot_standby_feedback = on\n`,
    { flag: 'a' },
  );
  if (asRoot) execFileSync('chown', ['postgres:postgres', join(replica, 'postgresql.auto.conf')]);
  const startReplica = () => {
    run('pg_ctl', ['-D', replica, '-l', join(dir, 'replica.log'), '-w', 'start']);
  };
  startReplica();
  const stop = (data: string, mode: 'fast' | 'immediate') => {
    try {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    } catch {
      /* not running */
    }
  };
  return {
    dir,
    primaryPort,
    replicaPort,
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    stopReplica: (mode = 'fast') => stop(replica, mode),
    startReplica,
    destroy() {
      stop(replica, 'immediate');
      stop(primary, 'immediate');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
