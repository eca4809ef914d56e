/** Words and parts the purchase charts' catalogues share (storeBuy, aiApply, aiStatus). */

export const PAYMENT_LINK = 'The payment chart is sent PAY with the order the server made: what happens to the money is in [the payment flows](payment.md).';

export const FAILURE_LINK = 'The error catalogue decides where an unanswered call leads (`reportFailure`).';

/** An order request with no answer: the server may have made the order, and no money moved. */
export const UNANSWERED_ORDER = 'No money moved. The server may have made the order: buying again brings the same order back (one intent, one order).';

/** The purchase charts that run the payment chart as their child, and the message they send it. */
export const PAYMENT_CHILD = { ids: ['payment'], messages: ['startPayment'] };

/** PAID, as the payment child sends it. */
export const PAID_WORDS = 'the payment chart says the order is paid (or being confirmed)';

/** An order request (submitting one, or asking about one) with no answer. */
export const NO_ANSWER_WORDS = 'the order request gets no answer';
