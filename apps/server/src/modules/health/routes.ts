import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@dealflow/domain';

const VERSION = process.env.npm_package_version ?? '0.1.0';
const PING_TIMEOUT_MS = 2_000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        description:
          '200 `ok`: the database answers. 200 `degraded`: it answers, but connections failed in the last seconds (the pool is replacing them). 503 `degraded`: it does not answer.',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const { database } = app.deps;
      let latency = -1;
      let timer: NodeJS.Timeout | undefined;
      try {
        latency = await Promise.race([
          database.ping(),
          new Promise<number>((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), PING_TIMEOUT_MS);
          }),
        ]);
      } catch {
        latency = -1;
        database.health.recordFailure();
      } finally {
        clearTimeout(timer);
      }
      const reachable = latency >= 0;
      const { recovering, failures, lastFailureAt } = database.health.snapshot();
      return reply.status(reachable ? 200 : 503).send({
        status: reachable && !recovering ? 'ok' : 'degraded',
        database: {
          kind: database.kind,
          reachable,
          latency_ms: reachable ? latency : 0,
          failures,
          last_failure_at: lastFailureAt?.toISOString() ?? null,
          pool: database.poolStats(),
        },
        uptime_s: Math.round(process.uptime()),
        version: VERSION,
      });
    },
  );
};
