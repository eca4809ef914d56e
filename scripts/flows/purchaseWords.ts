/** Words and parts the catalogues of the charts that sell share (purchase, aiStatus). */

export const PAYMENT_LINK = 'The payment chart is sent PAY with the order: what happens to the money is in [the payment flows](payment.md).';

export const FAILURE_LINK = 'The error catalogue decides where an unanswered call leads (`reportFailure`).';

/** An order request with no answer: the server may have made the order, and no money moved. */
export const UNANSWERED_ORDER = 'No money moved. The server may have made the order: buying again brings the same order back (one intent, one order).';

/** The progress page runs the purchase chart as its child, and sends it PAY. */
export const PURCHASE_CHILD = { ids: ['purchase'], messages: ['startPayment'] };

/** PAID, as the purchase child sends it. */
export const PAID_WORDS = 'the purchase chart says the order is paid (or being confirmed)';

/** An order request (submitting one, or asking about one) with no answer. */
export const NO_ANSWER_WORDS = 'the order request gets no answer';
