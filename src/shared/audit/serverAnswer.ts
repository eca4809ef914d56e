import type { EventObject } from 'xstate';
import type { CancelAnswer, ResultLookup } from '../../../machines/aiOrder/aiOrder.types';
import type { PayParams } from '../../../machines/payment/payment.types';
import { SUCCESS_STATUS_CODE } from '../api/envelope';
import { toFailure, type Failure } from '../api/failure';
import type { AuditFacts } from '../analytics/analytics';

type Answer = Pick<AuditFacts, 'statusCode' | 'result'>;

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const NONE: Answer = { statusCode: null, result: null };

/**
 * What an audited event carries for the auditor: the server's statusCode and result for a call's
 * answer, WeChat's word for the in-app payment, the pay way for a tap on pay. Secrets (the pay
 * signature) and health data never go in.
 */
export function serverAnswer(event: EventObject): Answer {
  if (event.type.startsWith(ERROR)) return failureAnswer(toFailure((event as { error?: unknown }).error));
  if (event.type === 'PAY') return { statusCode: null, result: { payWay: (event as { payWay?: unknown }).payWay ?? null } };
  if (!event.type.startsWith(DONE)) return NONE;
  const output: unknown = (event as { output?: unknown }).output;
  switch (event.type.slice(DONE.length)) {
    case 'queryPayResult':
      return { statusCode: SUCCESS_STATUS_CODE, result: output as number };
    case 'getPayParams':
      return { statusCode: SUCCESS_STATUS_CODE, result: payParamsRecord(output as PayParams) };
    case 'payInApp':
      return { statusCode: null, result: { wechat: output as string } };
    case 'cancelOrder': {
      const answer = output as CancelAnswer;
      return answer.ok ? { statusCode: SUCCESS_STATUS_CODE, result: null } : { statusCode: answer.statusCode, result: { msg: answer.message } };
    }
    case 'lookUpResult': {
      const kind = (output as ResultLookup).kind;
      return { statusCode: kind === 'missing' ? null : SUCCESS_STATUS_CODE, result: { kind } };
    }
    default:
      return NONE;
  }
}

/** Which payment the server opened: the prepay id or the H5 record, never the signature. */
function payParamsRecord(params: PayParams) {
  return params.way === 1 ? { way: 1, package: params.params.package } : { way: 2, record_no: params.params.record_no };
}

function failureAnswer(failure: Failure): Answer {
  switch (failure.kind) {
    case 'business':
      return { statusCode: failure.statusCode, result: { failure: failure.kind, message: failure.message } };
    case 'http':
      return { statusCode: null, result: { failure: failure.kind, httpStatus: failure.status } };
    default:
      return { statusCode: null, result: { failure: failure.kind } };
  }
}
