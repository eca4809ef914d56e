import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from './envelope';
import { parseQuery } from './query';
import type { Hospital } from './repositories/hospitals';
import { DEMO_ORG_CODE } from './demoData';

const hospitalQuerySchema = z.object({
  orgCode: z.string({ error: 'orgCode must be a single value' }).trim().min(1, { error: 'orgCode must not be empty' }).optional(),
});

/** The hospital a request is about: `?orgCode=` when given, otherwise the sandbox's demo hospital. */
export function currentHospital(request: FastifyRequest): Hospital {
  const { orgCode = DEMO_ORG_CODE } = parseQuery(hospitalQuerySchema, request.query);
  const hospital = request.server.sandbox.hospitals.findByOrgCode(orgCode);
  if (!hospital) throw new ApiError(404, `hospital ${orgCode} not found`);
  return hospital;
}
