import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEMO_ORG_CODE } from '../demoData';
import { fail, ok } from '../envelope';
import { HOSPITAL_MODULES_HOOK_PATH } from '../sandboxUrls';
import { HOSPITAL_MODULES } from '../../src/shared/api/studySchemas';

const moduleBodySchema = z.object({
  module: z.enum(HOSPITAL_MODULES),
  enabled: z.boolean(),
  orgCode: z.string().trim().min(1).default(DEMO_ORG_CODE),
});

/**
 * Test hook: `POST /sandbox/hospital/modules` with `{ "module": "share", "enabled": false }` (and
 * `orgCode`, the demo hospital by default) switches one module of the hospital setting. It changes
 * what every patient sees, so it exists only in test mode (SANDBOX_TEST_MODE=1); otherwise the path is a 404.
 */
export async function hospitalTestRoutes(app: FastifyInstance): Promise<void> {
  const { hospitals } = app.sandbox;

  app.post(HOSPITAL_MODULES_HOOK_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const body = moduleBodySchema.safeParse(request.body);
    if (!body.success) {
      return reply.code(400).send(fail(400, `body must be { module: ${HOSPITAL_MODULES.join(' | ')}, enabled: boolean }`));
    }
    const hospital = hospitals.findByOrgCode(body.data.orgCode);
    if (!hospital) return reply.code(404).send(fail(404, `hospital ${body.data.orgCode} not found`));
    hospitals.setModule(hospital.id, body.data.module, body.data.enabled);
    return ok({ orgCode: hospital.orgCode, modules: hospitals.findById(hospital.id)!.modules });
  });
}
