import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponse } from '@dealflow/domain';

const VERSION = process.env.npm_package_version ?? '0.1.0';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database reachability',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const { database } = app.deps;
      let latency = -1;
      try {
        latency = await Promise.race([
          database.ping(),
          new Promise<number>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
        ]);
      } catch {
        latency = -1;
      }
      const reachable = latency >= 0;
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'degraded',
        database: { kind: database.kind, reachable, latency_ms: reachable ? latency : 0 },
        uptime_s: Math.round(process.uptime()),
        version: VERSION,
      });
    },
  );
};
