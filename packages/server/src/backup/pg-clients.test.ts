import { describe, expect, it } from 'vitest';
import { connectionFor, pickProgram } from './pg-clients.js';

describe('pickProgram', () => {
  const at = (...majors: number[]) =>
    majors.map((major) => ({ path: `/usr/lib/postgresql/${major}/bin/pg_dump`, major }));

  it("takes the server's own version, else the oldest newer one", () => {
    expect(pickProgram('pg_dump', at(17, 15, 16), 15).major).toBe(15);
    expect(pickProgram('pg_dump', at(17, 16), 15).major).toBe(16);
  });

  it('refuses programs older than the server, and none at all, saying what to install', () => {
    expect(() => pickProgram('pg_dump', at(13, 14), 15)).toThrow(
      'pg_dump 13, 14 is older than the PostgreSQL 15 server and cannot read it. Install the PostgreSQL 15 client ' +
        'programs (Debian: apt install postgresql-client-15).',
    );
    expect(() => pickProgram('psql', [], 16)).toThrow(/^psql was not found on PATH or in \/usr\/lib\/postgresql/);
  });
});

describe('connectionFor', () => {
  it('moves the password from the command line to PGPASSWORD', () => {
    const { dbname, env } = connectionFor('postgres://plaza:s%40cret@db.example:5432/shop?sslmode=require');
    expect(dbname).toBe('postgres://plaza@db.example:5432/shop?sslmode=require');
    expect(env.PGPASSWORD).toBe('s@cret');
  });
});
