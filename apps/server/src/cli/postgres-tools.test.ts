import { describe, expect, it } from 'vitest';
import { connectionFor, parsePgToolVersion, serverMajor } from './postgres-tools.js';

describe('PostgreSQL client tools', () => {
  it('reads the version pg_dump and pg_restore print', () => {
    expect(parsePgToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)\n')).toEqual({ version: '15.20', major: 15 });
    expect(parsePgToolVersion('pg_restore (PostgreSQL) 17.2\n')).toEqual({ version: '17.2', major: 17 });
    expect(parsePgToolVersion('pg_dump (PostgreSQL) 9.6.24\n')).toEqual({ version: '9.6.24', major: 9 });
    expect(parsePgToolVersion('pg_dump (PostgreSQL) 18beta1\n')).toEqual({ version: '18', major: 18 });
    expect(parsePgToolVersion('something else 1.2.3')).toBeUndefined();
  });

  it("reads the server's major version from server_version_num", () => {
    expect(serverMajor(150020)).toBe(15);
    expect(serverMajor(170002)).toBe(17);
    expect(serverMajor(90624)).toBe(9);
  });

  it('hands the password over in PGPASSWORD, not on the command line', () => {
    const { dbname, env } = connectionFor('postgres://platter:s%40cret@db.example.com:5433/platter?sslmode=require');
    expect(dbname).toBe('postgres://platter@db.example.com:5433/platter?sslmode=require');
    expect(env.PGPASSWORD).toBe('s@cret');
    expect(connectionFor('postgres://platter@db.example.com/platter?ssl=true').dbname).toBe('postgres://platter@db.example.com/platter?sslmode=require');
    expect(connectionFor('postgres://platter@db.example.com/platter?ssl=false').dbname).toBe('postgres://platter@db.example.com/platter');
    expect(connectionFor('postgres://platter@db.example.com/platter').env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});
