import type { ActionAnswer } from '../../../machines/confirmedAction/confirmedAction.types';
import { businessFailure } from './failure';

/**
 * A command's answer for the confirmed-action chart: done, or refused with the server's message
 * (spec §8's toast); no answer at all throws, for the error catalogue.
 */
export async function actionAnswer(command: Promise<unknown>): Promise<ActionAnswer> {
  try {
    await command;
    return { ok: true };
  } catch (error) {
    const failure = businessFailure(error);
    if (failure) return { ok: false, message: failure.message };
    throw error;
  }
}
