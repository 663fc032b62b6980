// Servers a bench starts and stops: each in its own process group (detached), so stopping it also
// stops what it started, with the settings of a measurement.
import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Starts `command` (the built server, or the raw yardstick) on `port` and resolves once it answers:
 * production mode, warnings only, no demo data and no jobs (a snapshot catch-up would share the CPU
 * with the measurement).
 */
export function startServer(command: string[], port: number, jwtSecret: string): Promise<ChildProcess> {
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      JOBS_ENABLED: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`${command.join(' ')} on port ${port} exited`));
      try {
        await fetch(`http://127.0.0.1:${port}/`);
        return resolve(child);
      } catch {
        setTimeout(poll, 100);
      }
    };
    void poll();
  });
}

/** Stops a server started by `startServer` and its process group; resolves when it has exited. */
export const stopServer = (child: ChildProcess) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(null);
    child.on('exit', resolve);
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  });
