/** Words the purchase charts' catalogues share (storeBuy, aiApply, aiStatus). */

export const PAYMENT_LINK = 'The payment chart is sent PAY with the order the server made: what happens to the money is in [the payment flows](payment.md).';

export const FAILURE_LINK = 'The error catalogue decides where an unanswered call leads (`reportFailure`).';

/** An order request with no answer: the server may have made the order, and no money moved. */
export const UNANSWERED_ORDER = 'No money moved. The server may have made the order: buying again brings the same order back (one intent, one order).';
