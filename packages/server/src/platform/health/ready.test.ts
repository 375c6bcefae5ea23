import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appCode, call } from '../../../test/http.js';
import { rowsOf } from '../../lib/rows.js';
import { serverSuite } from '../../test/suite.js';

const { srv } = serverSuite();

type NotReady = { details: { applicationError: { data: { notReady: Record<string, string> } } } };

describe('/ready', () => {
  it('is 200 when the database answers, every migration is applied and media storage takes writes', async () => {
    const res = await call(srv.url, 'GET', '/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      checks: { database: 'up', migrations: 'applied', storage: 'writable' },
    });
  });

  it('is 503 naming the storage when the media folder cannot be written; /health stays 200', async () => {
    // A folder under a plain file can never be made, whoever the process runs as.
    const scratch = mkdtempSync(path.join(tmpdir(), 'plaza-ready-'));
    writeFileSync(path.join(scratch, 'file'), '');
    const media = srv.config.media;
    srv.config.media = { ...media, dir: path.join(scratch, 'file', 'media') };
    try {
      const res = await call<NotReady>(srv.url, 'GET', '/ready');
      expect(res.status).toBe(503);
      expect(appCode(res.body)).toBe('NOT_READY');
      expect(res.body.details.applicationError.data.notReady).toEqual({
        storage: 'the media folder is not writable',
      });
      expect(JSON.stringify(res.body)).not.toContain(scratch);
      expect((await call(srv.url, 'GET', '/health')).status).toBe(200);
    } finally {
      srv.config.media = media;
      rmSync(scratch, { recursive: true, force: true });
    }
    expect((await call(srv.url, 'GET', '/ready')).status).toBe(200);
  });

  it('is 503 naming the migrations when the newest one is not applied', async () => {
    const db = srv.database.db;
    const [newest] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await db.execute(
        sql`SELECT id, hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      ),
    );
    await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest!.id}`);
    try {
      const res = await call<NotReady>(srv.url, 'GET', '/ready');
      expect(res.status).toBe(503);
      expect(res.body.details.applicationError.data.notReady).toEqual({ migrations: '1 not applied' });
    } finally {
      await db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await call(srv.url, 'GET', '/ready')).status).toBe(200);
  });
});
