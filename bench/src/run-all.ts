/**
 * Step-1 benchmarks on real PostgreSQL: login (argon2id verification + session write) and an
 * authenticated `GET /api/v1/user/all` (token verification + session lookup + list).
 * Usage: npm run bench  (BENCH_SECONDS to change the run length)
 */
import { cpus } from 'node:os';
import { createBenchDatabase } from './bench-database';
import { printTable, runLoad } from './load';
import { startServerProcess } from './server-process';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 200;

const database = await createBenchDatabase();
const server = await startServerProcess(database.url, 3999);
try {
  const json = { 'content-type': 'application/json' };
  const login = async (username: string, password: string) => {
    const response = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password }),
    });
    if (!response.ok) throw new Error(`login failed: ${response.status}`);
    return ((await response.json()) as { accessToken: string }).accessToken;
  };
  const token = await login('admin', server.adminPassword);
  for (let i = 0; i < USERS; i++) {
    const password = `bench-password-${i}`;
    const response = await fetch(`${server.url}/api/v1/user`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({
        username: `bench${i}`,
        name: `Bench ${i}`,
        password,
        confirmPassword: password,
        role: 'member',
      }),
    });
    if (!response.ok) throw new Error(`seeding failed: ${response.status} ${await response.text()}`);
  }

  const results = [
    await runLoad({
      name: 'POST /api/v1/auth/login',
      url: `${server.url}/api/v1/auth/login`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'bench7', password: 'bench-password-7' }),
      connections: 8,
      seconds,
    }),
    await runLoad({
      name: `GET /api/v1/user/all (${USERS + 1} users)`,
      url: `${server.url}/api/v1/user/all`,
      headers: { authorization: `Bearer ${token}` },
      connections: 16,
      seconds,
    }),
  ];
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PostgreSQL on 127.0.0.1\n`,
  );
  printTable(results);
} finally {
  await server.stop();
  await database.drop();
}
